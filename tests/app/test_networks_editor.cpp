// Issue 38's Networks section of the design panel, driven as a person would in the offscreen window:
// Add (by role) opens a dialog on a reference-architecture starting point; OK applies it as one undo step
// and the window plans it (the Network picker and the Summary's table show it, with the endpoint count
// the group implies); a network the core refuses (no endpoints, an unknown switch, a name taken) keeps
// the dialog open with the reason and the field's path, and the design is unchanged; Edit and Remove
// are undoable steps too.
#include <QComboBox>
#include <QDir>
#include <QListWidget>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QTableWidget>
#include <QLineEdit>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include "gui/commands.h"
#include "gui/design_panel.h"
#include "gui/document.h"
#include "gui/main_window.h"
#include "gui/network_dialog.h"
#include "gui/networks_editor.h"
#include "catalog/platform_networks.h"
#include "gui_test_support.h"

using namespace fp;
using namespace fp::gui;

class TestNetworksEditor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_window = test::openEditingTestWindow();
        QVERIFY(m_window);
        m_editor = m_window->designPanel()->findChild<NetworksEditor*>();
        QVERIFY(m_editor);
    }
    void cleanupTestCase() { delete m_window; }
    void addStorageAppliesOneUndoStep();
    void refusedNetworkKeepsTheDialogOpen();
    void editAndRemoveAreUndoable();
    void platformStartsFromItsReferenceArchitecture();

private:
    Document* doc() const { return m_window->document(); }
    // Runs `drive` on the dialog the next change opens, then presses OK (or Cancel when `ok` is false);
    // returns the refusal the dialog showed (empty when it closed).
    QString withDialog(const std::function<void()>& open, const std::function<void(NetworkDialog*)>& drive, bool ok = true)
    {
        QString refusal;
        auto conn = connect(m_editor, &NetworksEditor::dialogOpened, this, [&](NetworkDialog* d) {
            QTimer::singleShot(0, d, [&, d] {
                drive(d);
                if (ok) d->accept();
                refusal = d->refusal();
                if (d->isVisible()) d->reject();  // refused: the user gives up
            });
        });
        open();
        disconnect(conn);
        return refusal;
    }

    MainWindow* m_window = nullptr;
    NetworksEditor* m_editor = nullptr;
};

void TestNetworksEditor::addStorageAppliesOneUndoStep()
{
    doc()->reset(ClusterSpec{}, QString());  // 1,024 GPUs in 128 nodes of 8
    QVERIFY(test::settle(*doc()));
    const int steps = doc()->undoStack()->count();
    const QString refused = withDialog([this] { m_editor->addNetwork(NetworkRole::Storage); }, [](NetworkDialog* d) {
        // The starting point: two storage ports per compute node and eight storage servers of two ports.
        QCOMPARE(d->network().endpoints.size(), std::size_t(2));
        QCOMPARE(d->network().endpoints[0].per, EndpointCount::PerComputeNode);
    });
    QVERIFY2(refused.isEmpty(), qPrintable(refused));
    QCOMPARE(doc()->undoStack()->count(), steps + 1);
    QCOMPARE(doc()->spec().networks.size(), std::size_t(1));
    QCOMPARE(doc()->spec().networks[0].name, std::string("storage"));
    QVERIFY(test::settle(*doc()));
    const auto cluster = doc()->clusterPlan();
    QVERIFY(cluster && cluster->networks.size() == 2);
    QCOMPARE(cluster->networks[1].endpointPorts, 128LL * 2 + 8 * 2);  // independent: nodes x 2 + servers x 2
    QCOMPARE(m_editor->list()->count(), 1);
    QVERIFY(m_editor->list()->item(0)->text().startsWith(QStringLiteral("storage")));
    doc()->undoStack()->undo();
    QVERIFY(doc()->spec().networks.empty());
}

void TestNetworksEditor::refusedNetworkKeepsTheDialogOpen()
{
    doc()->reset(ClusterSpec{}, QString());
    QVERIFY(test::settle(*doc()));
    const int steps = doc()->undoStack()->count();
    // No endpoints: refused, with the field's path.
    QString refused = withDialog([this] { m_editor->addNetwork(NetworkRole::InBand); }, [](NetworkDialog* d) {
        while (d->endpointsTable()->rowCount()) d->endpointsTable()->removeRow(0);
    });
    QVERIFY2(refused.contains(QStringLiteral("/networks/0/endpoints")), qPrintable(refused));
    // An unknown switch: refused, naming the network's switch field.
    refused = withDialog([this] { m_editor->addNetwork(NetworkRole::InBand); }, [](NetworkDialog* d) {
        d->switchCombo()->setCurrentText(QStringLiteral("NO-SUCH-SWITCH"));
    });
    QVERIFY2(refused.contains(QStringLiteral("/networks/0/switch")), qPrintable(refused));
    // The compute fabric's own name: refused.
    refused = withDialog([this] { m_editor->addNetwork(NetworkRole::InBand); },
                         [](NetworkDialog* d) { d->nameEdit()->setText(QStringLiteral("compute")); });
    QVERIFY2(refused.contains(QStringLiteral("/networks/0/name")), qPrintable(refused));
    QVERIFY(doc()->spec().networks.empty());
    QCOMPARE(doc()->undoStack()->count(), steps);  // nothing refused reached the design
}

void TestNetworksEditor::editAndRemoveAreUndoable()
{
    doc()->reset(ClusterSpec{}, QString());
    QVERIFY(test::settle(*doc()));
    QVERIFY(withDialog([this] { m_editor->addNetwork(NetworkRole::OutOfBand); }, [](NetworkDialog* d) {
                d->grab().save(QDir::temp().filePath(QStringLiteral("fabricplan-network-dialog.png")));
            }).isEmpty());
    QCOMPARE(doc()->spec().networks.size(), std::size_t(1));
    // The OOB network counts a port per compute node and per switch of the compute fabric.
    QVERIFY(test::settle(*doc()));
    auto cluster = doc()->clusterPlan();
    QVERIFY(cluster && cluster->networks.size() == 2);
    QCOMPARE(cluster->networks[1].endpointPorts, 128LL + cluster->figures[0].switches);
    // Edit: the node BMC group, 1 port each -> 3 (a person typing in the dialog).
    QVERIFY(withDialog([this] { m_editor->editNetwork(0); }, [](NetworkDialog* d) {
                qobject_cast<QSpinBox*>(d->endpointsTable()->cellWidget(0, 3))->setValue(3);
            }).isEmpty());
    QCOMPARE(doc()->spec().networks[0].endpoints[0].portsEach, 3);
    QVERIFY(test::settle(*doc()));
    cluster = doc()->clusterPlan();
    QCOMPARE(cluster->networks[1].endpointPorts, 128LL * 3 + cluster->figures[0].switches);
    m_editor->removeNetwork(0);
    QVERIFY(doc()->spec().networks.empty());
    doc()->undoStack()->undo();
    QCOMPARE(doc()->spec().networks.size(), std::size_t(1));
    QCOMPARE(doc()->spec().networks[0].endpoints[0].portsEach, 3);
    doc()->undoStack()->undo();
    QCOMPARE(doc()->spec().networks[0].endpoints[0].portsEach, 1);
    // A fixed group's power (each server's) is off on an out-of-band network (its ports are BMCs of devices
    // counted elsewhere) and on per-node groups; on a storage network's servers it is typed in the dialog
    // and saved in the design.
    NetworkSpec withServers = doc()->spec().networks[0];
    withServers.endpoints.push_back({"management servers", EndpointCount::Fixed, 4, 1});
    QVERIFY(Command::setNetworks(doc(), {withServers}, QStringLiteral("Add servers")).isEmpty());
    QVERIFY(withDialog([this] { m_editor->editNetwork(0); }, [](NetworkDialog* d) {
                QTableWidget* t = d->endpointsTable();
                QVERIFY(!qobject_cast<QDoubleSpinBox*>(t->cellWidget(t->rowCount() - 1, 4))->isEnabled());
            }).isEmpty());
    QVERIFY(withDialog([this] { m_editor->addNetwork(NetworkRole::Storage); }, [](NetworkDialog* d) {
                QTableWidget* t = d->endpointsTable();
                QVERIFY(!qobject_cast<QDoubleSpinBox*>(t->cellWidget(0, 4))->isEnabled());
                auto* power = qobject_cast<QDoubleSpinBox*>(t->cellWidget(t->rowCount() - 1, 4));
                QVERIFY(power->isEnabled());
                power->setValue(800);
            }).isEmpty());
    QCOMPARE(doc()->spec().networks.back().role, NetworkRole::Storage);
    QCOMPARE(doc()->spec().networks.back().endpoints.back().powerWEach, 800.0);
    // A look at the section as a user sees it.
    m_editor->grab().save(QDir::temp().filePath(QStringLiteral("fabricplan-networks-editor.png")));
}


// A DGX H100 design's Add starts from the network `plan --platform DGX-H100` adds (one source for both):
// storage on QM9700 with the DGX's two storage ports, the estimated storage appliances and the RA's 4 UFM
// appliances (Table 7); the OOB on SN2201 at the RJ45 port's native speed. Adding the storage network twice
// names the second "storage-2".
void TestNetworksEditor::platformStartsFromItsReferenceArchitecture()
{
    ClusterSpec s;
    s.platform = "DGX-H100";
    doc()->reset(s, QString());
    QVERIFY(test::settle(*doc()));
    const Catalog& catalog = *doc()->catalog();
    const NetworkSpec storage = suggestedNetwork(NetworkRole::Storage, doc()->spec(), catalog);
    QCOMPARE(storage.switchModel, std::string("MQM9700-NS2F"));
    QCOMPARE(storage.endpoints.size(), std::size_t(3));
    QCOMPARE(storage.endpoints[0].per, EndpointCount::PerComputeNode);
    QCOMPARE(storage.endpoints[0].portsEach, 2);  // DGX H100: two storage ports (platforms.csv)
    QCOMPARE(storage.endpoints[2].count, 4);      // UFM appliances, RA Table 7
    QVERIFY(storage == referenceNetworks(*catalog.findPlatform("DGX-H100"), doc()->spec())[0]);
    const NetworkSpec oob = suggestedNetwork(NetworkRole::OutOfBand, doc()->spec(), catalog);
    QCOMPARE(oob.switchModel, std::string("SN2201"));
    QCOMPARE(oob.linkGbps, 0);
    QVERIFY(withDialog([this] { m_editor->addNetwork(NetworkRole::Storage); }, [](NetworkDialog*) {}).isEmpty());
    QCOMPARE(suggestedNetwork(NetworkRole::Storage, doc()->spec(), catalog).name, std::string("storage-2"));
    QVERIFY(test::settle(*doc()));
    const auto cluster = doc()->clusterPlan();
    QVERIFY(cluster && cluster->networks.size() == 2);
    QCOMPARE(cluster->networks[1].endpointPorts, 128LL * 2 + 16 * 2 + 4);  // 128 DGX x 2, 16 appliances x 2, 4 UFM
}

QTEST_MAIN(TestNetworksEditor)
#include "test_networks_editor.moc"
