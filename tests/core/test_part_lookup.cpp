// Part names as people type them (catalog/part_lookup.h), against the bundled catalog: the model
// names printed on the faceplate and in datasheets, case-insensitive, and ambiguity refused.
#include <QtTest>

#include "catalog/catalog_db.h"
#include "catalog/part_lookup.h"
#include "common/error.h"
#include "plan/plan.h"
#include "plan/resolve.h"
#include "test_catalog_support.h"

using namespace fp;

class TestPartLookup : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    Catalog catalog_;

private slots:
    void initTestCase() { catalog_ = loadCatalog(testsupport::bundledCatalog(tmp_)); }

    void switchByModelName_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("opn");
        QTest::newRow("OPN") << "MQM9700-NS2F" << "MQM9700-NS2F";
        QTest::newRow("model QM9700") << "QM9700" << "MQM9700-NS2F";
        QTest::newRow("lower case") << "qm9700" << "MQM9700-NS2F";
        QTest::newRow("model QM9790") << "QM9790" << "MQM9790-NS2F";
        QTest::newRow("Q3400") << "Q3400" << "Q3400-RA";
        QTest::newRow("Arista model") << "7060X6-64PE" << "DCS-7060X6-64PE";
        QTest::newRow("SN5600") << "sn5600" << "SN5600";
        QTest::newRow("unique substring") << "9364D" << "N9K-C9364D-GX2A";
        QTest::newRow("description word") << "QFX5240-64OD" << "QFX5240-64OD";
    }
    void switchByModelName()
    {
        QFETCH(QString, typed);
        QFETCH(QString, opn);
        const auto m = matchSwitch(catalog_.switches, typed.toStdString());
        QVERIFY2(m.part, qPrintable(typed));
        QCOMPARE(QString::fromStdString(m.part->partNumber), opn);
    }

    void nicByModelName()
    {
        // Two ConnectX-8 SuperNICs (C8180 1 x 800G OSFP, C8240 2 x 400G QSFP112): the model name picks one.
        const auto cx8 = matchNic(catalog_.nics, "C8180");
        QVERIFY(cx8.part);
        QCOMPARE(cx8.part->partNumber, std::string("900-9X81E-00EX-DT0"));
        QCOMPARE(matchNic(catalog_.nics, "c8240").part->partNumber, std::string("900-9X81Q-00CN-ST0"));
        QCOMPARE(int(matchNic(catalog_.nics, "connectx-8").candidates.size()), 2);
        QCOMPARE(matchNic(catalog_.nics, "MCX75310AAS-NEAT").part->partNumber, std::string("MCX75310AAS-NEAT"));
    }

    // Three ConnectX-7 cards are in the catalog: the name alone does not say which.
    void ambiguousNameListsTheMatches()
    {
        const auto m = matchNic(catalog_.nics, "ConnectX-7");
        QVERIFY(!m.part);
        QCOMPARE(int(m.candidates.size()), 3);
        ClusterSpec s;
        s.nicModel = "ConnectX-7";
        try {
            plan::canonicalParts(s, catalog_);
            QFAIL("an ambiguous name must be refused");
        } catch (const UserError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("MCX75310AAS-NEAT") != std::string::npos, e.what());
            QVERIFY2(what.find("MCX715105AS-WEAT") != std::string::npos, e.what());
        }
    }

    void unknownNameMatchesNothing()
    {
        const auto m = matchSwitch(catalog_.switches, "no-such-switch");
        QVERIFY(!m.part);
        QVERIFY(m.candidates.empty());
    }

    // The commands: --switch QM9700, --switch Q3400, --nic ConnectX-8 plan, and the plan
    // names the catalog part.
    void planTakesModelNames()
    {
        ClusterSpec s;
        s.gpus = 1024;
        s.switchModel = "QM9700";
        Plan p = makePlan(s, catalog_);
        QCOMPARE(p.hardware.switchesText(p.fabric.shape.tiers), std::string("MQM9700-NS2F"));
        QCOMPARE(p.spec.switchModel, std::string("MQM9700-NS2F"));
        s.switchModel = "Q3400";
        s.nicModel = "C8180";
        p = makePlan(s, catalog_);
        QCOMPARE(p.hardware.switchesText(p.fabric.shape.tiers), std::string("Q3400-RA"));
        QCOMPARE(p.hardware.nic.partNumber, std::string("900-9X81E-00EX-DT0"));
    }

    void pinsTakeModelNames()
    {
        ClusterSpec s;
        s.gpus = 1024;
        const Plan ref = makePlan(s, catalog_);
        QVERIFY(!catalog_.transceivers.empty());
        const std::string opn = catalog_.transceivers.front().partNumber;
        std::string typed = opn;
        for (char& c : typed) c = char(std::tolower((unsigned char)c));
        s.media.pins.push_back({"leaf_spine", typed});
        const ClusterSpec c = plan::canonicalParts(s, catalog_);
        QCOMPARE(c.media.pins.front().part, opn);
    }
};

QTEST_GUILESS_MAIN(TestPartLookup)
#include "test_part_lookup.moc"
