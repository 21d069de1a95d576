// The parts catalog: schema constraints, the bundled seed's datasheet figures, loading errors,
// migrations, the user's copy (first use, upgrade) and the price policy.
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <limits>

#include "catalog/catalog.h"
#include "catalog/catalog_db.h"
#include "catalog/platforms.h"
#include "common/error.h"
#include "plan/plan.h"
#include "spec/spec_json.h"
#include "test_catalog_support.h"

using namespace fp;
using namespace testsupport;
namespace fs = std::filesystem;

class TestCatalog : public QObject {
    Q_OBJECT

private:
    QTemporaryDir tmp_;
    Catalog bundled_;

    std::string emptySchemaDb(const char* name)
    {
        const std::string path = tmp_.filePath(QString::fromUtf8(name)).toStdString();
        fs::remove(path);
        writeFile(path, "");
        migrateCatalog(path, catalogMigrations());  // version 0 (empty) -> current schema
        return path;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(tmp_.isValid());
        bundled_ = loadCatalog(bundledCatalog(tmp_));
    }

    // ---- schema constraints, checked with raw sqlite3 inserts -------------------------------------
    void schemaRejectsBadRows_data()
    {
        QTest::addColumn<QString>("sql");
        const QString part = "INSERT INTO parts (part, category, vendor, power_w, source) VALUES ";
        QTest::newRow("negative power") << part + "('X1','switch','V',-5,'https://x')";
        QTest::newRow("missing source") << "INSERT INTO parts (part, category, vendor) VALUES ('X1','switch','V')";
        QTest::newRow("empty source") << part + "('X1','switch','V',1,'')";
        QTest::newRow("unknown category") << part + "('X1','router','V',1,'https://x')";
        QTest::newRow("text in a number column") << part + "('X1','switch','V','lots','https://x')";
        QTest::newRow("unknown protocol")
            << "INSERT INTO switches (part, protocol, cages, cage_type, breakouts) VALUES "
               "('OK1','fibrechannel',32,'OSFP','400x2')";
        QTest::newRow("unknown cage type")
            << "INSERT INTO switches (part, protocol, cages, cage_type, breakouts) VALUES "
               "('OK1','ethernet',32,'SFP+','400x2')";
        QTest::newRow("dangling switch row")
            << "INSERT INTO switches (part, protocol, cages, cage_type, breakouts) VALUES "
               "('NO-SUCH-PART','ethernet',32,'OSFP','400x2')";
        QTest::newRow("dangling price") << "INSERT INTO prices (part, source, price_usd, date, basis) VALUES "
                                           "('NO-SUCH-PART','s',1,'2026-01-01','estimate')";
        QTest::newRow("negative price") << "INSERT INTO prices (part, source, price_usd, date, basis) VALUES "
                                           "('OK1','s',-1,'2026-01-01','estimate')";
        QTest::newRow("unknown basis") << "INSERT INTO prices (part, source, price_usd, date, basis) VALUES "
                                          "('OK1','s',1,'2026-01-01','rumour')";
        QTest::newRow("non-ISO date") << "INSERT INTO prices (part, source, price_usd, date, basis) VALUES "
                                         "('OK1','s',1,'01/02/2026','estimate')";
        QTest::newRow("dangling qualification")
            << "INSERT INTO qualifications (platform, part) VALUES ('OK1','NO-SUCH-PART')";
        QTest::newRow("cable length zero")
            << "INSERT INTO cables (part, protocol, kind, end_a_form, end_b_form, length_m) VALUES "
               "('OK1','both','dac','OSFP','OSFP',0)";
        QTest::newRow("fibre without fibre type")
            << "INSERT INTO cables (part, protocol, kind, end_a_form, end_b_form, length_m) VALUES "
               "('OK1','both','fiber_patch','MPO-12/APC','MPO-12/APC',3)";
        QTest::newRow("transceiver with no reach")
            << "INSERT INTO transceivers (part, protocol, form_factor, port_gbps, lanes, pmd, medium, "
               "wavelength_nm, connector) VALUES ('OK1','both','OSFP',400,4,'SR4','multimode',850,'MPO-12/APC')";
    }

    void schemaRejectsBadRows()
    {
        QFETCH(QString, sql);
        const std::string db = emptySchemaDb("constraints.sqlite");
        // A valid parent row, so only the statement under test can be at fault.
        QCOMPARE(rawExec(db, "INSERT INTO parts (part, category, vendor, power_w, source) VALUES "
                             "('OK1','switch','V',1,'https://x')"),
                 SQLITE_OK);
        const int rc = rawExec(db, sql.toStdString());
        QVERIFY2((rc & 0xff) == SQLITE_CONSTRAINT, qPrintable(QString("result code %1").arg(rc)));
    }

    void schemaAcceptsAGoodRow()
    {
        const std::string db = emptySchemaDb("good.sqlite");
        QCOMPARE(rawExec(db, "INSERT INTO parts (part, category, vendor, power_w, source) VALUES "
                             "('OK1','switch','V',1,'https://x')"),
                 SQLITE_OK);
        QCOMPARE(rawExec(db, "INSERT INTO switches (part, protocol, cages, cage_type, breakouts) VALUES "
                             "('OK1','ethernet',32,'OSFP','400x2')"),
                 SQLITE_OK);
        QCOMPARE(rawExec(db, "INSERT INTO prices (part, source, price_usd, date, basis) VALUES "
                             "('OK1','s',1,'2026-01-01','estimate')"),
                 SQLITE_OK);
    }

    // ---- the bundled seed ------------------------------------------------------------------------
    void everySeededRowHasASource()
    {
        const std::string db = bundledCatalog(tmp_);
        QCOMPARE(rawQuery(db, "SELECT count(*) FROM parts WHERE source NOT LIKE 'http%'"), std::string("0"));
        QCOMPARE(rawQuery(db, "SELECT count(*) FROM qualifications WHERE source NOT LIKE 'http%'"),
                 std::string("0"));
        // Every price is flagged as an estimate: no public prices exist (fabric-facts 3.5).
        QCOMPARE(rawQuery(db, "SELECT count(*) FROM prices WHERE estimated = 0 OR basis <> 'estimate'"),
                 std::string("0"));
        // Every part has a row in its category table (no half-defined parts).
        QCOMPARE(rawQuery(db, "SELECT count(*) FROM parts WHERE part NOT IN (SELECT part FROM switches UNION "
                              "SELECT part FROM nics UNION SELECT part FROM transceivers UNION SELECT part FROM "
                              "cables UNION SELECT part FROM patch_panels)"),
                 std::string("0"));
        // At least two price sources for every optic and cable.
        QCOMPARE(rawQuery(db, "SELECT count(*) FROM parts p WHERE category IN ('transceiver','cable','fiber') AND "
                              "(SELECT count(*) FROM prices q WHERE q.part = p.part) < 2"),
                 std::string("0"));
    }

    void namedPartsArePresent_data()
    {
        QTest::addColumn<QString>("part");
        for (const char* p :
             {"MQM9700-NS2F", "MQM9790-NS2F", "Q3400-RA", "MQM8700-HS2F", "SN5600", "SN5400", "DCS-7060X6-64PE",
              "DCS-7060X6-64DE", "QFX5240-64OD", "AIS800-64D", "S9321-64EO", "N9K-C9364D-GX2A", "MCX75310AAS-NEAT",
              "MCX715105AS-WEAT", "900-9X81E-00EX-DT0", "900-9D3D4-00EN-HA0", "POLLARA-400", "BCM957608-P1400GDF00",
              "MMA4Z00-NS", "MMS4X00-NS", "MMS4X00-NM", "MMS4X50-NM", "MMA4Z00-NS400", "MMS4X00-NS400",
              "MMA1Z00-NS400", "QDD-400G-DR4", "QDD-400G-FR4", "QDD-400G-SR8", "QDD-400G-LR4", "MSA-QDD-800G-DR8",
              "MSA-OSFP-800G-DR8", "MMS4A00-XM", "MMS4A20", "MCP4Y10-N00A", "MCP4Y10-N002", "MCP7Y00-N003", "MCP7Y10-N001", "MCA7J60-N004",
              "MFP7E10-N050", "MFP7E30-N100", "MFP7E20-N010", "MFP7E40-N010", "GEN-PP-1U-48-MPO12APC",
              "GEN-PP-1U-48-LC"})
            QTest::newRow(p) << QString::fromUtf8(p);
    }

    void namedPartsArePresent()
    {
        QFETCH(QString, part);
        QVERIFY2(bundled_.findPart(part.toStdString()) != nullptr, qPrintable(part));
    }

    void switchPortCounts_data()
    {
        QTest::addColumn<QString>("part");
        QTest::addColumn<int>("gbps");
        QTest::addColumn<int>("ports");
        // QM9700: 32 twin-port OSFP cages = 64 x 400G NDR, split 128 x 200G (NVIDIA QM97X0 Interfaces).
        QTest::newRow("QM9700 400G") << "MQM9700-NS2F" << 400 << 64;
        QTest::newRow("QM9700 200G") << "MQM9700-NS2F" << 200 << 128;
        QTest::newRow("QM9700 800G") << "MQM9700-NS2F" << 800 << 0;
        // Q3400-RA: 72 twin-port cages = 144 x 800G XDR (netbox devicetype-library).
        QTest::newRow("Q3400 800G") << "Q3400-RA" << 800 << 144;
        // QM8700: 40 x 200G HDR, HDR100 split 80 x 100G.
        QTest::newRow("QM8700 200G") << "MQM8700-HS2F" << 200 << 40;
        QTest::newRow("QM8700 100G") << "MQM8700-HS2F" << 100 << 80;
        // SN5600: 64 x 800GbE, 128 x 400G, 256 x 200G (NVIDIA SN5000 data interfaces).
        QTest::newRow("SN5600 800G") << "SN5600" << 800 << 64;
        QTest::newRow("SN5600 400G") << "SN5600" << 400 << 128;
        QTest::newRow("SN5600 200G") << "SN5600" << 200 << 256;
        QTest::newRow("SN5400 400G") << "SN5400" << 400 << 64;
        // Tomahawk 5 boxes: 64 x 800G, 128 x 400G.
        QTest::newRow("7060X6-64PE 400G") << "DCS-7060X6-64PE" << 400 << 128;
        QTest::newRow("AIS800-64D 200G") << "AIS800-64D" << 200 << 256;
        QTest::newRow("9364D-GX2A 400G") << "N9K-C9364D-GX2A" << 400 << 64;
        QTest::newRow("9364D-GX2A 800G") << "N9K-C9364D-GX2A" << 800 << 0;
    }

    void switchPortCounts()
    {
        QFETCH(QString, part);
        QFETCH(int, gbps);
        QFETCH(int, ports);
        const SwitchModel* s = bundled_.findSwitch(part.toStdString());
        QVERIFY(s);
        QCOMPARE(s->portsAt(gbps), ports);
    }

    void switchFacts()
    {
        const SwitchModel* qm = bundled_.findSwitch("MQM9700-NS2F");
        QVERIFY(qm);
        QCOMPARE(qm->protocol, Protocol::InfiniBand);
        QCOMPARE(qm->cageType, std::string("OSFP"));
        QVERIFY(qm->cageFinned);
        QCOMPARE(qm->cagePowerClassW, 17.0);  // Class 8 OSFP (QM97X0 Interfaces)
        QCOMPARE(qm->rackUnits, 1);
        QVERIFY(qm->latencyEstimated);        // no vendor latency figure was found
        const SwitchModel* q3400 = bundled_.findSwitch("Q3400-RA");
        QCOMPARE(q3400->rackUnits, 4);
        const SwitchModel* sn = bundled_.findSwitch("SN5600");
        QCOMPARE(sn->protocol, Protocol::Ethernet);
        QCOMPARE(sn->rackUnits, 2);
        QCOMPARE(sn->cagePowerClassW, 18.0);  // all 64 ports take 18 W modules (SN5000 manual)
        QVERIFY(sn->adaptiveRouting);
        QCOMPARE(bundled_.findSwitch("DCS-7060X6-64DE")->cageType, std::string("QSFP-DD"));
    }

    void transceiverFacts_data()
    {
        QTest::addColumn<QString>("part");
        QTest::addColumn<int>("fiber");
        QTest::addColumn<double>("reachM");
        QTest::addColumn<QString>("connector");
        QTest::addColumn<int>("ports");
        QTest::addColumn<bool>("finned");
        // NVIDIA LinkX datasheets (fabric-facts 3.2) and IEEE PMDs (3.1).
        QTest::newRow("MMA4Z00-NS OM4") << "MMA4Z00-NS" << int(FiberType::OM4) << 50.0 << "MPO-12/APC" << 2 << true;
        QTest::newRow("MMA4Z00-NS OM3") << "MMA4Z00-NS" << int(FiberType::OM3) << 30.0 << "MPO-12/APC" << 2 << true;
        QTest::newRow("MMA4Z00-NS OS2") << "MMA4Z00-NS" << int(FiberType::OS2) << 0.0 << "MPO-12/APC" << 2 << true;
        QTest::newRow("MMS4X00-NS") << "MMS4X00-NS" << int(FiberType::OS2) << 100.0 << "MPO-12/APC" << 2 << true;
        QTest::newRow("MMS4X00-NM") << "MMS4X00-NM" << int(FiberType::OS2) << 500.0 << "MPO-12/APC" << 2 << true;
        QTest::newRow("MMS4X50-NM") << "MMS4X50-NM" << int(FiberType::OS2) << 2000.0 << "LC-duplex" << 2 << true;
        QTest::newRow("MMA4Z00-NS400") << "MMA4Z00-NS400" << int(FiberType::OM4) << 50.0 << "MPO-12/APC" << 1 << false;
        QTest::newRow("MMS4X00-NS400") << "MMS4X00-NS400" << int(FiberType::OS2) << 100.0 << "MPO-12/APC" << 1 << false;
        QTest::newRow("400G SR8 OM3") << "QDD-400G-SR8" << int(FiberType::OM3) << 70.0 << "MPO-16/APC" << 1 << false;
        QTest::newRow("400G SR8 OM4") << "QDD-400G-SR8" << int(FiberType::OM4) << 100.0 << "MPO-16/APC" << 1 << false;
        QTest::newRow("800G DR8") << "MSA-OSFP-800G-DR8" << int(FiberType::OS2) << 500.0 << "MPO-16/APC" << 1 << true;
        // XDR: twin-port 2 x 800G DR4 500 m (switch) and single-port flat 800G DR4 (ConnectX-8).
        QTest::newRow("MMS4A00-XM") << "MMS4A00-XM" << int(FiberType::OS2) << 500.0 << "MPO-12/APC" << 2 << true;
        QTest::newRow("MMS4A20") << "MMS4A20" << int(FiberType::OS2) << 500.0 << "MPO-12/APC" << 1 << false;
        QTest::newRow("400G LR4") << "QDD-400G-LR4" << int(FiberType::OS2) << 10000.0 << "LC-duplex" << 1 << false;
    }

    void transceiverFacts()
    {
        QFETCH(QString, part);
        QFETCH(int, fiber);
        QFETCH(double, reachM);
        QFETCH(QString, connector);
        QFETCH(int, ports);
        QFETCH(bool, finned);
        const TransceiverModel* t = bundled_.findTransceiver(part.toStdString());
        QVERIFY(t);
        QCOMPARE(t->reachM(static_cast<FiberType>(fiber)), reachM);
        QCOMPARE(QString::fromStdString(t->connector), connector);
        QCOMPARE(t->ports, ports);
        QCOMPARE(t->finned, finned);
        QCOMPARE(t->fec, std::string("RS(544,514)"));
    }

    void transceiverPowerAndLoss()
    {
        QCOMPARE(bundled_.findTransceiver("MMA4Z00-NS")->powerW, 15.0);   // 15 W in all configurations
        QCOMPARE(bundled_.findTransceiver("MMS4X00-NS")->powerW, 17.0);   // 17 W (MMS4X00-NS-T overview)
        QCOMPARE(bundled_.findTransceiver("MMA4Z00-NS400")->powerW, 9.0); // 9 W max at 400G
        // IEEE 802.3cm 400GBASE-SR8: 1.9 dB on OM4; 802.3df 800GBASE-DR8: 3.0 dB. Published, not estimated.
        const TransceiverModel* sr8 = bundled_.findTransceiver("QDD-400G-SR8");
        QCOMPARE(sr8->channelLossDb, 1.9);
        QVERIFY(!sr8->lossEstimated);
        const TransceiverModel* dr8 = bundled_.findTransceiver("MSA-OSFP-800G-DR8");
        QCOMPARE(dr8->channelLossDb, 3.0);
        QVERIFY(!dr8->lossEstimated);
        QVERIFY(bundled_.findTransceiver("MMS4X50-NM")->lossEstimated);  // FR4 IL was not retrieved
    }

    void cableFamilies()
    {
        // MCP7Y00 ordering information: 1, 1.5, 2, 2.5 and 3 m, twin-port finned -> 2 x flat OSFP.
        QList<double> lengths;
        for (const CableModel& c : bundled_.cables)
            if (c.partNumber.rfind("MCP7Y00-", 0) == 0) lengths << c.lengthM;
        std::sort(lengths.begin(), lengths.end());
        QCOMPARE(lengths, (QList<double>{1, 1.5, 2, 2.5, 3}));
        const CableModel* split = bundled_.findCable("MCP7Y00-N01A");
        QVERIFY(split);
        QCOMPARE(split->lengthM, 1.5);
        QCOMPARE(split->legsB, 2);
        QVERIFY(split->endAFinned);
        QVERIFY(!split->endBFinned);
        const CableModel* dac = bundled_.findCable("MCP4Y10-N00A");
        QCOMPARE(dac->lengthM, 0.5);
        QVERIFY(dac->endAFinned && dac->endBFinned);
        const CableModel* mm = bundled_.findCable("MFP7E10-N030");
        QCOMPARE(mm->kind, CableKind::FiberPatch);
        QCOMPARE(mm->category, PartCategory::Fiber);
        QCOMPARE(mm->lengthM, 30.0);
        QCOMPARE(mm->connector, std::string("MPO-12/APC"));
        // No NVIDIA multimode cord beyond 50 m, no single-mode cord beyond 100 m (fabric-facts 3.2).
        for (const CableModel& c : bundled_.cables) {
            if (c.partNumber.rfind("MFP7E1", 0) == 0 || c.partNumber.rfind("MFP7E2", 0) == 0)
                QVERIFY(c.lengthM <= 50);
            if (c.partNumber.rfind("MFP7E3", 0) == 0 || c.partNumber.rfind("MFP7E4", 0) == 0)
                QVERIFY(c.lengthM <= 100);
        }
    }

    void nicFacts()
    {
        const NicModel* cx7 = bundled_.findNic("MCX75310AAS-NEAT");
        QVERIFY(cx7);
        QCOMPARE(cx7->cageType, std::string("OSFP"));
        QVERIFY(!cx7->cageFinned);  // riding heat sink: flat-top modules only
        QCOMPARE(cx7->portGbps, 400);
        QCOMPARE(cx7->protocol, Protocol::Both);
        QVERIFY(bundled_.findNic("900-9D3D4-00EN-HA0")->superNic);
        QVERIFY(bundled_.findNic("POLLARA-400")->packetSpraying);
        QCOMPARE(bundled_.findNic("900-9X81E-00EX-DT0")->portGbps, 800);
        QVERIFY(bundled_.findNic("BCM957608-P1400GDF00")->latencyEstimated);
    }

    // ---- which fabric a part's protocol runs on ------------------------------------------------------
    // Every Protocol x FabricKind pair, written out: dual-protocol parts (VPI NICs, most LinkX optics) run
    // everywhere, InfiniBand parts on InfiniBand only, Ethernet parts on the three RDMA-over-Ethernet fabrics.
    void speaksFabricOnEveryPair_data()
    {
        QTest::addColumn<Protocol>("protocol");
        QTest::addColumn<FabricKind>("fabric");
        QTest::addColumn<bool>("speaks");
        struct Row { Protocol p; FabricKind f; bool speaks; };
        const Row table[] = {
            {Protocol::InfiniBand, FabricKind::InfiniBand, true},  {Protocol::InfiniBand, FabricKind::RoCE, false},
            {Protocol::InfiniBand, FabricKind::SpectrumX, false},  {Protocol::InfiniBand, FabricKind::UEC, false},
            {Protocol::Ethernet, FabricKind::InfiniBand, false},   {Protocol::Ethernet, FabricKind::RoCE, true},
            {Protocol::Ethernet, FabricKind::SpectrumX, true},     {Protocol::Ethernet, FabricKind::UEC, true},
            {Protocol::Both, FabricKind::InfiniBand, true},        {Protocol::Both, FabricKind::RoCE, true},
            {Protocol::Both, FabricKind::SpectrumX, true},         {Protocol::Both, FabricKind::UEC, true},
        };
        for (const Row& r : table)
            QTest::addRow("%s on %s", toString(r.p), toString(r.f)) << r.p << r.f << r.speaks;
    }
    void speaksFabricOnEveryPair()
    {
        QFETCH(Protocol, protocol);
        QFETCH(FabricKind, fabric);
        QFETCH(bool, speaks);
        QCOMPARE(speaksFabric(protocol, fabric), speaks);
        // A NIC with every NIC-side feature (SuperNIC, packet spraying) runs exactly the fabrics its protocol
        // speaks: nicRunsFabric takes its protocol half from the same rule.
        NicModel nic;
        nic.protocol = protocol;
        nic.superNic = true;
        nic.packetSpraying = true;
        QCOMPARE(nicRunsFabric(nic, fabric), speaks);
    }

    // ---- qualification rule -------------------------------------------------------------------------
    void qualification()
    {
        Catalog c;
        SwitchModel nv;
        nv.partNumber = "NV-SW";
        nv.vendor = "NVIDIA";
        SwitchModel ar;
        ar.partNumber = "AR-SW";
        ar.vendor = "Arista";
        c.switches = {nv, ar};
        TransceiverModel nvOptic, arOptic, msaOptic;
        nvOptic.partNumber = "NV-OPT";
        nvOptic.vendor = "NVIDIA";
        arOptic.partNumber = "AR-OPT";
        arOptic.vendor = "Arista";
        msaOptic.partNumber = "MSA-OPT";
        msaOptic.vendor = "Generic";
        c.transceivers = {nvOptic, arOptic, msaOptic};
        c.qualifications = {{"AR-SW", "MSA-OPT"}};
        // No rows for NV-SW: its own vendor's parts only.
        QVERIFY(c.isQualified("NV-SW", nvOptic));
        QVERIFY(!c.isQualified("NV-SW", msaOptic));
        // Rows for AR-SW: exactly the listed parts (its own optic is not listed, so it is not accepted).
        QVERIFY(c.isQualified("AR-SW", msaOptic));
        QVERIFY(!c.isQualified("AR-SW", arOptic));
        QVERIFY(!c.isQualified("UNKNOWN", nvOptic));
        // Bundled: an open-optics white box lists third-party modules; an OEM switch's list holds its vendor's
        // own parts only (third-party parts are "allow third-party optics", not the list: issue 39); NVIDIA
        // switches only LinkX.
        QVERIFY(bundled_.isQualified("AIS800-64D", *bundled_.findPart("MSA-QDD-800G-DR8")));
        QVERIFY(bundled_.isQualified("DCS-7060X6-64PE", *bundled_.findPart("OSFP-800G-2XDR4")));
        QVERIFY(!bundled_.isQualified("DCS-7060X6-64PE", *bundled_.findPart("MSA-OSFP-800G-DR8")));
        QVERIFY(bundled_.isQualified("MQM9700-NS2F", *bundled_.findPart("MMA4Z00-NS")));
        QVERIFY(!bundled_.isQualified("MQM9700-NS2F", *bundled_.findPart("MSA-OSFP-800G-2XSR4")));
    }

    // ---- loading errors --------------------------------------------------------------------------
    void loadRefusesMissingFile()
    {
        try {
            loadCatalog(tmp_.filePath("nope.sqlite").toStdString());
            QFAIL("no error");
        } catch (const UserError& e) {
            QVERIFY(QString(e.what()).contains("does not exist"));
            QVERIFY(QString::fromStdString(e.where).endsWith("nope.sqlite"));
        }
    }

    void loadRefusesGarbage()
    {
        const std::string path = tmp_.filePath("garbage.sqlite").toStdString();
        writeFile(path, std::string(4096, '\x5a'));
        QVERIFY_THROWS_EXCEPTION(UserError, loadCatalog(path));
        const std::string empty = tmp_.filePath("empty.sqlite").toStdString();
        writeFile(empty, "");
        QVERIFY_THROWS_EXCEPTION(UserError, loadCatalog(empty));  // a database, but not a catalog
    }

    void loadRefusesNewerSchema()
    {
        const std::string path = copyOfBundled(tmp_, "newer.sqlite");
        const int newer = kCatalogSchemaVersion + 1;
        QCOMPARE(rawExec(path, "UPDATE schema_version SET version = " + std::to_string(newer)), SQLITE_OK);
        try {
            loadCatalog(path);
            QFAIL("no error");
        } catch (const UserError& e) {
            const QString msg = e.what();
            QVERIFY2(msg.contains(QString::number(newer)) && msg.contains(QString::number(kCatalogSchemaVersion)), qPrintable(msg));
        }
    }

    void loadRefusesDanglingReference()
    {
        const std::string path = copyOfBundled(tmp_, "dangling.sqlite");
        // Written with foreign keys off, as a careless hand edit would.
        sqlite3* h = nullptr;
        sqlite3_open(path.c_str(), &h);
        QCOMPARE(sqlite3_exec(h, "INSERT INTO prices (part, source, price_usd, date, basis) VALUES "
                                 "('GHOST','s',1,'2026-01-01','quote')",
                              nullptr, nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(h);
        QVERIFY_THROWS_EXCEPTION(UserError, loadCatalog(path));
    }

    // ---- seed errors name file:line --------------------------------------------------------------
    void seedErrorNamesFileAndLine()
    {
        const std::string seed = tmp_.filePath("seed").toStdString();
        fs::remove_all(seed);
        fs::copy(seedDir(), seed);
        // Line 3 of switches.csv gets a negative power.
        std::string text = readFile(seed + "/switches.csv");
        const size_t line3 = text.find('\n', text.find('\n') + 1) + 1;
        const std::string bad = "BAD-SW,V,desc,ethernet,x,32,OSFP,1,17,400x2,0,1,1,0,-40,0,0,1,https://x,,0,,,,,,\n";
        text.insert(line3, bad);
        writeFile(seed + "/switches.csv", text);
        try {
            buildCatalogFromSeed(seed, tmp_.filePath("bad.sqlite").toStdString());
            QFAIL("no error");
        } catch (const UserError& e) {
            QCOMPARE(e.where, std::string("switches.csv:3"));
            QVERIFY2(QString(e.what()).contains("power_w"), e.what());
        }
        QVERIFY(!fs::exists(tmp_.filePath("bad.sqlite").toStdString()));  // nothing half-built left behind
    }

    void seedUnknownPartInPrices()
    {
        const std::string seed = tmp_.filePath("seed2").toStdString();
        fs::remove_all(seed);
        fs::copy(seedDir(), seed);
        std::string text = readFile(seed + "/prices.csv");
        text += "NOT-A-PART,estimate-street-2026,1,USD,2026-11-30,estimate,1\n";
        writeFile(seed + "/prices.csv", text);
        const int lastLine = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
        try {
            buildCatalogFromSeed(seed, tmp_.filePath("bad2.sqlite").toStdString());
            QFAIL("no error");
        } catch (const UserError& e) {
            QCOMPARE(e.where, "prices.csv:" + std::to_string(lastLine));
            QVERIFY(QString(e.what()).contains("NOT-A-PART"));
        }
    }

    // ---- migrations ------------------------------------------------------------------------------
    void migrationAppliesInOrder()
    {
        const std::string path = copyOfBundled(tmp_, "migrate.sqlite");
        const std::string partsBefore = rawQuery(path, "SELECT count(*) FROM parts");
        auto list = catalogMigrations();
        list.push_back({kCatalogSchemaVersion + 1, "ALTER TABLE parts ADD COLUMN eol_date TEXT NOT NULL DEFAULT ''"});
        QCOMPARE(migrateCatalog(path, list), kCatalogSchemaVersion + 1);
        QCOMPARE(catalogFileSchemaVersion(path), kCatalogSchemaVersion + 1);
        QCOMPARE(rawQuery(path, "SELECT count(*) FROM parts"), partsBefore);
        QCOMPARE(rawQuery(path, "SELECT count(*) FROM parts WHERE eol_date = ''"), partsBefore);
        // Running it again is a no-op.
        QCOMPARE(migrateCatalog(path, list), kCatalogSchemaVersion + 1);
    }

    void failedMigrationRollsBack()
    {
        const std::string path = copyOfBundled(tmp_, "migrate-bad.sqlite");
        auto list = catalogMigrations();
        list.push_back({kCatalogSchemaVersion + 1, "ALTER TABLE parts ADD COLUMN ok TEXT; SELEKT nonsense"});
        QVERIFY_THROWS_EXCEPTION(UserError, migrateCatalog(path, list));
        QCOMPARE(catalogFileSchemaVersion(path), kCatalogSchemaVersion);
        QCOMPARE(rawQuery(path, "SELECT count(*) FROM pragma_table_info('parts') WHERE name = 'ok'"), std::string("0"));
    }

    // ---- the user's copy -------------------------------------------------------------------------
    void firstUseCopiesBundled()
    {
        const std::string user = tmp_.filePath("first/dir/user.sqlite").toStdString();
        const UserCatalogResult r = ensureUserCatalog(user, bundledCatalog(tmp_));
        QCOMPARE(r.path, user);
        QVERIFY(QString::fromStdString(r.message).contains("Created"));
        QCOMPARE(loadCatalog(user).switches.size(), bundled_.switches.size());
        // Second call: nothing to do.
        QCOMPARE(ensureUserCatalog(user, bundledCatalog(tmp_)).message, std::string());
    }

    // A damaged or busy copy is never moved aside or replaced: tests/core/test_catalog_access.cpp.

    void newerUserCatalogIsLeftAlone()
    {
        const std::string user = copyOfBundled(tmp_, "user-newer.sqlite");
        QCOMPARE(rawExec(user, "UPDATE schema_version SET version = 42"), SQLITE_OK);
        const std::string before = readFile(user);
        const UserCatalogResult r = ensureUserCatalog(user, bundledCatalog(tmp_));
        QCOMPARE(r.path, bundledCatalog(tmp_));
        QVERIFY(QString::fromStdString(r.message).contains("42"));
        QCOMPARE(readFile(user), before);
    }

    void upgradeKeepsUserPricesAndParts()
    {
        // The user's v1 copy with edits ...
        const std::string user = copyOfBundled(tmp_, "user-old.sqlite");
        PriceQuote quote;
        quote.source = "Acme reseller quote 2026-10";
        quote.priceUsd = 1234.5;
        quote.date = "2026-10-15";
        quote.basis = "quote";
        quote.estimated = false;
        setPrice(user, "MMA4Z00-NS", quote);
        PriceQuote street = quote;
        street.source = "estimate-street-2026";  // overrides a bundled quote
        street.priceUsd = 999;
        setPrice(user, "MMS4X00-NS", street);
        TransceiverModel custom;
        custom.partNumber = "MY-OPTIC-1";
        custom.vendor = "Acme";
        custom.category = PartCategory::Transceiver;
        custom.source = "https://acme.example/datasheet";
        custom.formFactor = "OSFP";
        custom.pmd = "DR4";
        custom.medium = Medium::SingleMode;
        custom.wavelengthNm = 1310;
        custom.connector = "MPO-12/APC";
        custom.reachOs2M = 500;
        custom.prices = {quote};
        addCustomPart(user, custom);
        addQualification(user, "MQM9700-NS2F", "MY-OPTIC-1", "own test");

        // ... and a bundled catalog one schema version newer.
        const std::string bundledV2 = copyOfBundled(tmp_, "bundled-v2.sqlite");
        auto list = catalogMigrations();
        list.push_back({kCatalogSchemaVersion + 1, "ALTER TABLE parts ADD COLUMN eol_date TEXT NOT NULL DEFAULT ''"});
        migrateCatalog(bundledV2, list);
        QCOMPARE(rawExec(bundledV2, "UPDATE prices SET price_usd = 777 WHERE part = 'MMS4X00-NS' AND "
                                    "source = 'estimate-oem-list-2026'"),
                 SQLITE_OK);

        upgradeUserCatalog(user, bundledV2);

        QCOMPARE(catalogFileSchemaVersion(user), kCatalogSchemaVersion + 1);
        QCOMPARE(rawQuery(user, "SELECT price_usd FROM prices WHERE part = 'MMA4Z00-NS' AND source = "
                                "'Acme reseller quote 2026-10'"),
                 std::string("1234.5"));
        QCOMPARE(rawQuery(user, "SELECT price_usd FROM prices WHERE part = 'MMS4X00-NS' AND source = "
                                "'estimate-street-2026'"),
                 std::string("999.0"));
        // A quote the user never touched follows the new bundled value.
        QCOMPARE(rawQuery(user, "SELECT price_usd FROM prices WHERE part = 'MMS4X00-NS' AND source = "
                                "'estimate-oem-list-2026'"),
                 std::string("777.0"));
        QCOMPARE(rawQuery(user, "SELECT vendor FROM parts WHERE part = 'MY-OPTIC-1'"), std::string("Acme"));
        QCOMPARE(rawQuery(user, "SELECT reach_os2_m FROM transceivers WHERE part = 'MY-OPTIC-1'"),
                 std::string("500.0"));
        QCOMPARE(rawQuery(user, "SELECT count(*) FROM qualifications WHERE part = 'MY-OPTIC-1'"), std::string("1"));
        QCOMPARE(rawQuery(user, "SELECT count(*) FROM pragma_table_info('parts') WHERE name = 'eol_date'"),
                 std::string("1"));
    }

    void newerBundledPartsReachTheUser()
    {
        const std::string user = copyOfBundled(tmp_, "user-parts.sqlite");
        PriceQuote q;
        q.source = "my quote";
        q.priceUsd = 10;
        q.date = "2026-11-01";
        q.basis = "quote";
        setPrice(user, "MCP4Y10-N001", q);
        const std::string bundled2 = copyOfBundled(tmp_, "bundled-parts.sqlite");
        QCOMPARE(rawExec(bundled2, "UPDATE catalog_meta SET value = 'newer-seed' WHERE key = 'seed_id'"), SQLITE_OK);
        QCOMPARE(rawExec(bundled2, "INSERT INTO parts (part, category, vendor, source) VALUES "
                                   "('NEW-PP','patch_panel','V','https://x')"),
                 SQLITE_OK);
        QCOMPARE(rawExec(bundled2, "INSERT INTO patch_panels (part, ports, connector) VALUES "
                                   "('NEW-PP', 24, 'LC-duplex')"),
                 SQLITE_OK);
        const UserCatalogResult r = ensureUserCatalog(user, bundled2);
        QCOMPARE(r.path, user);
        QVERIFY2(QString::fromStdString(r.message).contains("updated"), r.message.c_str());
        const Catalog c = loadCatalog(user);
        QVERIFY(c.findPatchPanel("NEW-PP"));
        Economics named;
        named.pricePolicy = PricePolicy::NamedSource;
        named.priceSource = "my quote";
        QCOMPARE(c.priceFor(*c.findPart("MCP4Y10-N001"), named)->priceUsd, 10.0);
    }

    void restoreDefaultsDropsEdits()
    {
        const std::string user = copyOfBundled(tmp_, "user-restore.sqlite");
        PriceQuote q;
        q.source = "estimate-street-2026";
        q.priceUsd = 1;
        q.date = "2026-11-01";
        q.basis = "quote";
        setPrice(user, "MMA4Z00-NS", q);
        restoreDefaultPrices(user, bundledCatalog(tmp_));
        // 960 list (0.40 x MMS4X00-NS 2,400) x 0.85 street factor = 816 (data/catalog/README.md).
        QCOMPARE(rawQuery(user, "SELECT price_usd FROM prices WHERE part = 'MMA4Z00-NS' AND source = "
                                "'estimate-street-2026'"),
                 std::string("816.0"));
    }

    void editsRefuseBadInput()
    {
        const std::string user = copyOfBundled(tmp_, "user-edits.sqlite");
        PriceQuote q;
        q.source = "x";
        q.priceUsd = 5;
        q.date = "2026-11-01";
        q.basis = "quote";
        QVERIFY_THROWS_EXCEPTION(UserError, setPrice(user, "NO-SUCH-PART", q));
        q.basis = "guess";
        QVERIFY_THROWS_EXCEPTION(UserError, setPrice(user, "MMA4Z00-NS", q));
        q.basis = "quote";
        q.priceUsd = -1;
        QVERIFY_THROWS_EXCEPTION(UserError, setPrice(user, "MMA4Z00-NS", q));
        SwitchModel clash;
        clash.partNumber = "MQM9700-NS2F";  // a bundled part cannot be overwritten by a custom one
        clash.vendor = "Me";
        clash.source = "https://x";
        clash.cages = 1;
        clash.cageType = "OSFP";
        clash.breakouts = {{400, 1}};
        QVERIFY_THROWS_EXCEPTION(UserError, addCustomPart(user, clash));
    }

    // ---- failure rates (issue 22) ----------------------------------------------------------------
    // Every part class has a rate with a source. The two published ones, recomputed here from the reports:
    // Azure switches (Singh et al., SIGCOMM CCR 2021): 98 % survive 3 months -> AFR = -4 ln(0.98);
    // Llama 3 (arXiv 2407.21783, Table 5): 7 NIC failures / 16,384 NICs / 54 days x 365.25.
    void failureRatesComeFromTheCatalog()
    {
        QCOMPARE(bundled_.failureRates.size(), kFailureRateClasses.size());
        for (std::string_view c : kFailureRateClasses) {
            const FailureRateEntry* e = bundled_.findFailureRate(c);
            QVERIFY2(e, std::string(c).c_str());
            QVERIFY(!e->source.empty());
            QVERIFY(e->afrPct >= 0 && e->afrPct < 100);
            QVERIFY(!e->userEdited);
        }
        const FailureRateEntry* sw = bundled_.findFailureRate("switch");
        QVERIFY(std::abs(sw->afrPct - (-4.0 * std::log(0.98) * 100.0)) < 0.005);
        QCOMPARE(sw->replacementShare, 0.32);
        QVERIFY(!sw->estimated);
        const FailureRateEntry* nic = bundled_.findFailureRate("nic");
        QVERIFY(std::abs(nic->afrPct - 7.0 / 16384 / 54 * 365.25 * 100.0) < 0.0005);
        QVERIFY(!nic->estimated);
        QVERIFY(bundled_.findFailureRate("aoc")->estimated);
    }

    // Set like a price: validated (0 <= AFR < 100 %, finite, a known class, a source), marked as the
    // user's, and kept when the bundled catalog is upgraded under it.
    void failureRateEditsAreCheckedAndKept()
    {
        const std::string user = copyOfBundled(tmp_, "user-rates.sqlite");
        FailureRateEntry e;
        e.partClass = "aoc";
        e.afrPct = 3.5;
        e.estimated = false;
        e.source = "our field data 2026";
        setFailureRate(user, e);
        const Catalog edited = loadCatalog(user);
        QCOMPARE(edited.findFailureRate("aoc")->afrPct, 3.5);
        QVERIFY(edited.findFailureRate("aoc")->userEdited);
        QVERIFY(!edited.findFailureRate("aoc")->estimated);
        QCOMPARE(edited.findFailureRate("dac")->afrPct, bundled_.findFailureRate("dac")->afrPct);

        for (double bad : {-0.1, 100.0, 250.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
            FailureRateEntry b = e;
            b.afrPct = bad;
            QVERIFY_THROWS_EXCEPTION(UserError, setFailureRate(user, b));
        }
        FailureRateEntry b = e;
        b.partClass = "laser";
        QVERIFY_THROWS_EXCEPTION(UserError, setFailureRate(user, b));
        b = e;
        b.source.clear();
        QVERIFY_THROWS_EXCEPTION(UserError, setFailureRate(user, b));
        b = e;
        b.replacementShare = 1.5;
        QVERIFY_THROWS_EXCEPTION(UserError, setFailureRate(user, b));
        QCOMPARE(loadCatalog(user).findFailureRate("aoc")->afrPct, 3.5);  // refused edits changed nothing

        // A newer bundled catalog whose DAC rate moved: the user's AOC rate stays, the DAC follows.
        const std::string bundledNext = copyOfBundled(tmp_, "bundled-rates.sqlite");
        QCOMPARE(rawExec(bundledNext, "UPDATE failure_rates SET afr_pct = 0.3 WHERE part_class = 'dac'"), SQLITE_OK);
        QCOMPARE(rawExec(bundledNext, "UPDATE failure_rates SET afr_pct = 9 WHERE part_class = 'aoc'"), SQLITE_OK);
        upgradeUserCatalog(user, bundledNext);
        const Catalog upgraded = loadCatalog(user);
        QCOMPARE(upgraded.findFailureRate("aoc")->afrPct, 3.5);
        QCOMPARE(upgraded.findFailureRate("dac")->afrPct, 0.3);
    }

    // A schema-2 file (no failure_rates table) gains the rates by migration 3 when it is opened.
    void olderCatalogGainsFailureRates()
    {
        const std::string path = copyOfBundled(tmp_, "v2.sqlite");
        QCOMPARE(rawExec(path, std::string(testsupport::kPlatformsBeforeVersion9) + "ALTER TABLE switches DROP COLUMN power_max_w; ALTER TABLE switches DROP COLUMN power_max_estimated; "
                                            "ALTER TABLE switches DROP COLUMN open_optics; ALTER TABLE nics DROP COLUMN open_optics; "
                               "ALTER TABLE nics DROP COLUMN eth_port_gbps; ALTER TABLE nics DROP COLUMN eth_ports_per_cage; "
                               "ALTER TABLE platforms DROP COLUMN nics_built_in_source; ALTER TABLE platforms DROP COLUMN nics_built_in; "
                                     "DROP TABLE failure_rates; DROP TABLE asics; UPDATE schema_version SET version = 2"), SQLITE_OK);
        const Catalog c = loadCatalog(path);
        QCOMPARE(c.schemaVersion, kCatalogSchemaVersion);
        QCOMPARE(c.failureRates.size(), kFailureRateClasses.size());
        for (const FailureRateEntry& e : bundled_.failureRates) {
            QCOMPARE(c.findFailureRate(e.partClass)->afrPct, e.afrPct);
            QCOMPARE(c.findFailureRate(e.partClass)->source, e.source);
        }
    }

    // The switch ASICs' lossless figures are catalog rows with a source each (schema 6), read by the plan:
    // the Spectrum-4 row is SONiC's (cell 192 B, pipeline latency 19 KB, MAC/PHY 0.8 KB, buffer 158,229,504 B,
    // sonic-buildimage asic_table.j2 and ACS-SN5600 buffers_defaults_t1.j2), every SN5600 carries it, and a
    // user's catalog that shrinks its buffer changes the plan's buffer fit.
    void asicFiguresComeFromTheCatalog()
    {
        const AsicFigures& s4 = bundled_.asicFigures("Spectrum-4");
        QCOMPARE(s4.asic, std::string("Spectrum-4"));
        QCOMPARE(s4.cellBytes, 192);
        QCOMPARE(s4.pipelineLatencyBytes, 19 * 1024.0);
        QCOMPARE(s4.macPhyDelayBytes, 0.8 * 1024.0);
        QCOMPARE(s4.bufferBytes, 158229504.0);
        QVERIFY(!s4.bufferEstimated);
        QCOMPARE(bundled_.findSwitch("SN5600")->asicFigures.cellBytes, 192);
        for (const AsicFigures& a : bundled_.asics) QVERIFY2(!a.source.empty(), a.asic.c_str());
        // A chip without a row takes the generic one: no buffer figure, so the fit is not checked.
        QCOMPARE(bundled_.asicFigures("Jericho3-AI").asic, std::string(kGenericAsic));
        QCOMPARE(bundled_.asicFigures("Jericho3-AI").bufferBytes, 0.0);

        const ClusterSpec spec = loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/spectrum-x-hgx-4096.fabricplan").spec;
        const auto fitErrors = [&](const Catalog& c) {
            int n = 0;
            for (const Finding& f : makePlan(spec, c).findings) n += f.rule == "lossless.buffer-fit";
            return n;
        };
        QCOMPARE(fitErrors(bundled_), 0);
        const std::string edited = copyOfBundled(tmp_, "small-buffer.sqlite");
        QCOMPARE(rawExec(edited, "UPDATE asics SET buffer_bytes = 1000000 WHERE asic = 'Spectrum-4'"), SQLITE_OK);
        QVERIFY(fitErrors(loadCatalog(edited)) > 0);
        // The schema refuses a cell no chip has, even written with the sqlite3 shell.
        QVERIFY(rawExec(edited, "UPDATE asics SET cell_bytes = 0 WHERE asic = 'Spectrum-4'") != SQLITE_OK);
    }

    // A schema-5 file gains the ASIC rows version 6 shipped with; a file without the table or the generic
    // row is refused with what to do.
    void olderCatalogGainsAsicsAndMissingOnesAreAClearError()
    {
        const std::string v5 = copyOfBundled(tmp_, "v5.sqlite");
        QCOMPARE(rawExec(v5, std::string(testsupport::kPlatformsBeforeVersion9) + "ALTER TABLE switches DROP COLUMN power_max_w; ALTER TABLE switches DROP COLUMN power_max_estimated; "
                                            "ALTER TABLE switches DROP COLUMN open_optics; ALTER TABLE nics DROP COLUMN open_optics; "
                             "DROP TABLE asics; UPDATE schema_version SET version = 5"), SQLITE_OK);
        const Catalog c = loadCatalog(v5);
        QCOMPARE(c.schemaVersion, kCatalogSchemaVersion);
        QCOMPARE(c.asics.size(), bundled_.asics.size());
        for (const AsicFigures& a : bundled_.asics) {
            QCOMPARE(c.asicFigures(a.asic).bufferBytes, a.bufferBytes);
            QCOMPARE(c.asicFigures(a.asic).cellBytes, a.cellBytes);
            QCOMPARE(c.asicFigures(a.asic).source, a.source);
        }
        const std::string noGeneric = copyOfBundled(tmp_, "no-generic.sqlite");
        QCOMPARE(rawExec(noGeneric, "DELETE FROM asics WHERE asic = 'generic'"), SQLITE_OK);
        try {
            (void)loadCatalog(noGeneric);
            QFAIL("a catalog without the generic ASIC row loaded");
        } catch (const UserError& e) {
            QVERIFY2(std::string(e.what()).find("'generic'") != std::string::npos, e.what());
            QVERIFY(!e.fix.empty());
        }
    }

    // A current file without the table, or without a class's row: a clear error, not a crash or a zero.
    void missingFailureRatesAreAClearError()
    {
        const std::string noTable = copyOfBundled(tmp_, "no-rates.sqlite");
        QCOMPARE(rawExec(noTable, "DROP TABLE failure_rates"), SQLITE_OK);
        try {
            (void)loadCatalog(noTable);
            QFAIL("a catalog without failure rates loaded");
        } catch (const UserError& e) {
            QVERIFY2(std::string(e.what()).find("failure_rates") != std::string::npos, e.what());
            QVERIFY(!e.fix.empty());
        }
        const std::string noRow = copyOfBundled(tmp_, "no-nic-rate.sqlite");
        QCOMPARE(rawExec(noRow, "DELETE FROM failure_rates WHERE part_class = 'nic'"), SQLITE_OK);
        try {
            (void)loadCatalog(noRow);
            QFAIL("a catalog without a NIC failure rate loaded");
        } catch (const UserError& e) {
            QVERIFY2(std::string(e.what()).find("'nic'") != std::string::npos, e.what());
            QVERIFY2(e.fix.find("set-failure-rate nic") != std::string::npos, e.fix.c_str());
        }
        // The schema itself refuses a rate of 100 % or more, even written with the sqlite3 shell.
        const std::string raw = copyOfBundled(tmp_, "raw-rates.sqlite");
        QVERIFY(rawExec(raw, "UPDATE failure_rates SET afr_pct = 100 WHERE part_class = 'nic'") != SQLITE_OK);
        QVERIFY(rawExec(raw, "UPDATE failure_rates SET afr_pct = -1 WHERE part_class = 'nic'") != SQLITE_OK);
    }
};

QTEST_GUILESS_MAIN(TestCatalog)
#include "test_catalog.moc"
