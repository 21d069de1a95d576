// The design panel's platform picker: choosing a platform sets what it fixes in one undo step, and
// the plan then counts the platform's NVLink domain (its all-reduce busbw aggregates the NICs).
#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QUndoStack>

#include "gui/commands.h"
#include "gui/design_panel.h"
#include "gui_test_support.h"

using namespace fp;
using namespace fp::gui;

class TestPlatformPicker : public QObject {
    Q_OBJECT
    MainWindow* m_window = nullptr;

private slots:
    void initTestCase()
    {
        m_window = test::openTestWindow();
        QVERIFY(test::settle(*m_window->document()));
    }
    void cleanupTestCase() { delete m_window; }

    void pickingAPlatformSetsTheNodeInOneUndoStep()
    {
        Document* doc = m_window->document();
        auto* combo = qobject_cast<QComboBox*>(m_window->designPanel()->editorFor(QStringLiteral("platform")));
        QVERIFY(combo);
        QCOMPARE(combo->currentIndex(), 0);  // the default design has none
        const double before = doc->plan()->estimates.performance.allreduceBusbwGBps;
        const int index = combo->findData(QStringLiteral("GB200-NVL72"));
        QVERIFY(index > 0);
        combo->setCurrentIndex(index);
        emit combo->activated(index);
        QCOMPARE(doc->spec().platform, std::string("GB200-NVL72"));
        QCOMPARE(doc->spec().gpusPerNode, 4);      // a GB200 compute tray
        QCOMPARE(doc->spec().nicsPerNode, 4);      // one 400G port per GPU
        QCOMPARE(doc->spec().floor.nodesPerRack, 18);
        QVERIFY(test::settle(*doc));
        // The default 1,024 GPUs are 14 racks and 16 GPUs: no plan (the old one planned a 16-GPU "rack"
        // silently), and the window says why and what fits, as it does for any refused design (issue 42).
        QVERIFY(!doc->plan());
        const QString why = QStringLiteral("GB200-NVL72 is built and sold in whole racks of 72 GPUs");
        QVERIFY2(doc->planError().contains(why), qPrintable(doc->planError()));
        QVERIFY2(doc->planError().contains(QStringLiteral("set the GPUs to 1,008 or 1,080")), qPrintable(doc->planError()));
        bool shown = false;
        for (const QLabel* label : m_window->findChildren<QLabel*>()) shown = shown || label->text().contains(why);
        QVERIFY(shown);
        QVERIFY(Command::setField(doc, fields::gpus, 1008));  // 14 whole racks
        QVERIFY(test::settle(*doc));
        QVERIFY(doc->plan());
        QVERIFY(doc->plan()->estimates.performance.allreduceBusbwGBps > 4 * before);
        doc->undoStack()->undo();                  // the GPUs
        doc->undoStack()->undo();                  // one step takes the platform's figures back
        QCOMPARE(doc->spec().platform, std::string());
        QCOMPARE(doc->spec().gpusPerNode, 8);
        QCOMPARE(doc->spec().floor.nodesPerRack, ClusterSpec{}.floor.nodesPerRack);
        QCOMPARE(combo->currentIndex(), 0);
    }
};

QTEST_MAIN(TestPlatformPicker)
#include "test_platform_picker.moc"
