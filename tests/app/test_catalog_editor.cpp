// The catalog editor's edits on a copy of the built catalog: a custom part added through the form's
// request reaches the reloaded catalog with its price and qualification, and a price-list import with
// an unknown part reports it with file:line instead of dropping it.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include "catalog/catalog_db.h"
#include "gui/catalog_dialog.h"
#include "gui/custom_part_dialog.h"
#include "gui_test_support.h"

using namespace fp;
using namespace fp::gui;

class TestCatalogEditor : public QObject {
    Q_OBJECT
private slots:
    void init();
    void addCustomTransceiverThroughTheForm();
    void formChoicesInWordsGiveCatalogIds();
    void importReportListsUnknownPart();
    void failureRatesTabShowsTheCatalogsRates();

private:
    QTemporaryDir m_dir;
    QString m_db;
};

void TestCatalogEditor::init()
{
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(QStringLiteral("user-%1.sqlite").arg(QDateTime::currentMSecsSinceEpoch()));
    QVERIFY(QFile::copy(QStringLiteral(FABRICPLAN_TEST_CATALOG), m_db));
    QFile(m_db).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
}

void TestCatalogEditor::addCustomTransceiverThroughTheForm()
{
    CatalogDialog dialog(std::make_shared<const Catalog>(loadCatalog(m_db.toStdString())), m_db);
    QSignalSpy changed(&dialog, &CatalogDialog::catalogChanged);
    CustomPartDialog form({QStringLiteral("MQM9700-NS2F")});
    form.findChild<QLineEdit*>(QStringLiteral("partNumber"))->setText(QStringLiteral("ACME-2X400-SR4"));
    form.findChild<QLineEdit*>(QStringLiteral("vendor"))->setText(QStringLiteral("Acme"));
    form.findChild<QLineEdit*>(QStringLiteral("source"))->setText(QStringLiteral("https://example.com/acme.pdf"));
    form.findChild<QLineEdit*>(QStringLiteral("pmd"))->setText(QStringLiteral("SR4"));
    form.findChild<QDoubleSpinBox*>(QStringLiteral("priceUsd"))->setValue(777);
    form.findChild<QDoubleSpinBox*>(QStringLiteral("powerW"))->setValue(14);
    form.findChild<QSpinBox*>(QStringLiteral("modulePorts"))->setValue(2);
    const CustomPartRequest request = form.request();
    QCOMPARE(request.category, PartCategory::Transceiver);
    QString error;
    QVERIFY2(dialog.addCustomPart(request, &error), qPrintable(error));
    QCOMPARE(changed.count(), 1);
    const auto catalog = changed.at(0).at(0).value<std::shared_ptr<const Catalog>>();
    QVERIFY(catalog);
    const TransceiverModel* t = catalog->findTransceiver("ACME-2X400-SR4");
    QVERIFY(t);
    QCOMPARE(t->vendor, std::string("Acme"));
    QCOMPARE(t->ports, 2);
    QCOMPARE(t->portGbps, 400);
    QCOMPARE(t->lanes, 4);          // 400G / 100G lanes
    QCOMPARE(t->reachOm4M, 50.0);   // the form's default reach
    QCOMPARE(t->prices.size(), std::size_t(1));
    QCOMPARE(t->prices[0].priceUsd, 777.0);
    QCOMPARE(t->prices[0].estimated, false);
    QVERIFY(catalog->isQualified("MQM9700-NS2F", *t));
    // A bundled part number is refused with a reason, not replaced.
    CustomPartRequest clash = request;
    clash.transceiver.partNumber = "MMA4Z00-NS";
    QVERIFY(!dialog.addCustomPart(clash, &error));
    QVERIFY(error.contains(QStringLiteral("bundled")));
}

// The lists read "Fibre patch cord", "Single-mode", "InfiniBand"; the request carries the catalog's ids.
void TestCatalogEditor::formChoicesInWordsGiveCatalogIds()
{
    CustomPartDialog form({});
    auto* kind = form.findChild<QComboBox*>(QStringLiteral("kind"));
    auto* cableKind = form.findChild<QComboBox*>(QStringLiteral("cableKind"));
    auto* protocol = form.findChild<QComboBox*>(QStringLiteral("protocol"));
    auto* medium = form.findChild<QComboBox*>(QStringLiteral("medium"));
    QVERIFY(kind && cableKind && protocol && medium);
    protocol->setCurrentIndex(protocol->findData(QStringLiteral("infiniband")));
    medium->setCurrentIndex(medium->findData(QStringLiteral("singlemode")));
    QCOMPARE(form.request().transceiver.medium, Medium::SingleMode);
    QCOMPARE(form.request().transceiver.protocol, Protocol::InfiniBand);
    kind->setCurrentIndex(1);
    cableKind->setCurrentIndex(cableKind->findData(QStringLiteral("fiber_patch")));
    QCOMPARE(form.request().category, PartCategory::Fiber);
    QCOMPARE(form.request().cable.kind, CableKind::FiberPatch);
}

void TestCatalogEditor::importReportListsUnknownPart()
{
    CatalogDialog dialog(std::make_shared<const Catalog>(loadCatalog(m_db.toStdString())), m_db);
    QSignalSpy changed(&dialog, &CatalogDialog::catalogChanged);
    const QString csv = m_dir.filePath(QStringLiteral("prices.csv"));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::WriteOnly));
    // Line 2 is a known part, line 3 an unknown one.
    f.write("part,source,price,currency,date,basis\n"
            "MMA4Z00-NS,acme-quote,1234,USD,2026-11-30,quote\n"
            "NOT-A-PART-42,acme-quote,99,USD,2026-11-30,quote\n");
    f.close();
    PriceImportReport report;
    QString error;
    // By default the list changes nothing (one unknown part); the valid lines alone are the user's choice.
    QVERIFY2(dialog.importPrices(csv, &report, &error), qPrintable(error));
    QCOMPARE(report.rowsApplied, 0);
    QCOMPARE(changed.count(), 0);
    QVERIFY(CatalogDialog::importReportText(report, QStringLiteral("prices.csv")).contains(QStringLiteral("No price was changed")));
    QVERIFY2(dialog.importPrices(csv, &report, &error, true), qPrintable(error));
    QCOMPARE(report.rowsApplied, 1);
    QCOMPARE(int(report.unknownParts.size()), 1);
    const QString text = CatalogDialog::importReportText(report, QStringLiteral("prices.csv"));
    QVERIFY2(text.contains(QStringLiteral("NOT-A-PART-42")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral(":3")), qPrintable(text));
    QCOMPARE(changed.count(), 1);
    const auto catalog = changed.at(0).at(0).value<std::shared_ptr<const Catalog>>();
    bool found = false;
    for (const PriceQuote& q : catalog->findTransceiver("MMA4Z00-NS")->prices)
        if (q.source == "acme-quote") found = q.priceUsd == 1234.0;
    QVERIFY(found);
    // Restore default prices drops the imported quote again.
    QVERIFY2(dialog.restoreDefaults(&error), qPrintable(error));
    const Catalog restored = loadCatalog(m_db.toStdString());
    for (const PriceQuote& q : restored.findTransceiver("MMA4Z00-NS")->prices) QVERIFY(q.source != "acme-quote");
}

// The Failure rates tab lists the catalog's eight classes; a rate set in the user's copy shows as theirs
// (Azure's switch rate, -4 ln 0.98 = 8.08 %/yr, as published).
void TestCatalogEditor::failureRatesTabShowsTheCatalogsRates()
{
    FailureRateEntry mine;
    mine.partClass = "dac";
    mine.afrPct = 0.25;
    mine.source = "our RMA data";
    setFailureRate(m_db.toStdString(), mine);
    CatalogDialog dialog(std::make_shared<const Catalog>(loadCatalog(m_db.toStdString())), m_db);
    auto* rates = dialog.findChild<QTreeWidget*>(QStringLiteral("failureRates"));
    QVERIFY(rates);
    QCOMPARE(rates->topLevelItemCount(), 8);
    bool sawSwitch = false, sawDac = false;
    for (int i = 0; i < rates->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = rates->topLevelItem(i);
        if (item->text(0) == QStringLiteral("switch")) {
            sawSwitch = true;
            QCOMPARE(item->text(1), QStringLiteral("8.08"));
            QCOMPARE(item->text(3), QStringLiteral("published"));
        }
        if (item->text(0) == QStringLiteral("dac")) {
            sawDac = true;
            QCOMPARE(item->text(1), QStringLiteral("0.25"));
            QCOMPARE(item->text(3), QStringLiteral("yours"));
        }
    }
    QVERIFY(sawSwitch && sawDac);
}

QTEST_MAIN(TestCatalogEditor)
#include "test_catalog_editor.moc"
