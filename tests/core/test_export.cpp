// Every export format written for a real plan (the bundled catalog, the default 1,024-GPU
// InfiniBand design) and read back with readers that share no code with the writers: a strict
// RFC 4180 parser, nlohmann::json, QXmlStreamReader, and plain line counting.
//
// Hand figures for the default design (DGX SuperPOD-style, NVIDIA DGX H100 SuperPOD RA: 4 SUs of
// 32 nodes, 8 rails; QM9700 = 64 x 400G ports):
//   nodes           = 1024 GPUs / 8 per node                  = 128
//   host-leaf links = 128 nodes x 8 NICs                      = 1024
//   leaves          = 1024 / 32 down-ports per leaf (1:1)     = 32
//   leaf-spine      = 32 leaves x 32 up-ports                 = 1024
//   spines          = 1024 / 64 ports                         = 16
//   devices         = 128 + 32 + 16                           = 176
#include <QProcess>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>
#include <nlohmann/json.hpp>
#include <set>

#include "bom/bom.h"
#include "common/error.h"
#include "export_test_support.h"

using namespace exporttest;

class TestExport : public QObject {
    Q_OBJECT
    fp::Catalog catalog_;
    fp::Plan plan_;
    QTemporaryDir dir_;

    QString path(const char* name) const { return dir_.filePath(QString::fromLatin1(name)); }
    std::vector<Record> csv(const char* id, const char* name)
    {
        write(id, plan_, catalog_, path(name));
        auto records = parseCsvStrict(readAll(path(name)));
        if (!records) throw std::runtime_error(std::string(name) + " is not strict RFC 4180");
        return *records;
    }

private slots:
    void initTestCase()
    {
        catalog_ = fp::loadCatalog(FABRICPLAN_TEST_CATALOG);
        plan_ = fp::makePlan(fp::ClusterSpec{}, catalog_);
        QVERIFY(dir_.isValid());
        QCOMPARE(plan_.fabric.nodeCount, 128u);
        QCOMPARE(plan_.fabric.links.size(), std::size_t(2048));
    }

    void bomCsvHasOneRecordPerLineAndTheTotal()
    {
        const auto records = csv("bom-csv", "bom.csv");
        QCOMPARE(records.size(), plan_.bom.lines.size() + 1);
        QCOMPARE(records[0].size(), std::size_t(16));
        QCOMPARE(records[0][4], std::string("qty"));
        QCOMPARE(records[0][13], std::string("lead_time_days"));
        QCOMPARE(records[0][14], std::string("unit_power_max_w"));
        QCOMPARE(records[0][15], std::string("extended_power_max_w"));
        double sum = 0, maxW = 0;
        for (std::size_t i = 1; i < records.size(); ++i) {
            QCOMPARE(records[i].size(), std::size_t(16));
            QCOMPARE(std::stoll(records[i][4]), plan_.bom.lines[i - 1].qty);
            sum += std::stod(records[i][4]) * std::stod(records[i][5]);  // qty x unit, as printed
            maxW += std::stod(records[i][15]);
        }
        QCOMPARE(maxW, plan_.bom.totalPowerMaxW);  // the full-load column adds up to the plan's figure
        // Unit prices are printed to the cent: allow half a cent per unit.
        long long units = 0;
        for (const auto& l : plan_.bom.lines) units += l.qty;
        QVERIFY2(std::abs(sum - plan_.bom.totalUsd) <= 0.005 * double(units) + 0.01,
                 qPrintable(QStringLiteral("%1 vs %2").arg(sum).arg(plan_.bom.totalUsd)));
    }

    void cableCsvAndLabelsCoverEveryCable()
    {
        const std::size_t cables = fp::bom::cableCount(plan_.fabric, plan_.media);
        // A cable carries 1..4 links (splitters): 2048 links -> between 512 and 2048 cables.
        QVERIFY(cables >= 512 && cables <= 2048);
        const auto rows = csv("cables-csv", "cables.csv");
        QCOMPARE(rows.size(), cables + 1);
        QCOMPARE(rows[1][0], std::string("C000001"));
        std::set<std::string> ids;
        for (std::size_t i = 1; i < rows.size(); ++i) {
            QCOMPARE(rows[i].size(), std::size_t(16));
            ids.insert(rows[i][0]);
            QVERIFY(std::stod(rows[i][13]) > 0);  // every cable has a length
            QCOMPARE(rows[i][14], std::string());  // a_hall, z_hall: empty on a one-hall floor
            QCOMPARE(rows[i][15], std::string());
        }
        QCOMPARE(ids.size(), cables);  // ids unique
        // The label column names every leg of every cable: each of the 2,048 links exactly once.
        std::size_t legCount = 0;
        for (std::size_t i = 1; i < rows.size(); ++i) {
            const std::string& label = rows[i][1];
            for (std::size_t at = label.find(" <> "); at != std::string::npos; at = label.find(" <> ", at + 4)) ++legCount;
        }
        QCOMPARE(legCount, plan_.fabric.links.size());

        const auto labels = csv("labels", "labels.csv");
        // One label per leg end (A, or A1..An on a splitter's legs) and one at each cable's single Z end.
        QCOMPARE(labels.size(), cables + plan_.fabric.links.size() + 1);
        QCOMPARE(labels[1][0], std::string("C000001-A"));
        QCOMPARE(labels[2][0], std::string("C000001-Z"));
    }

    void jsonParsesWithTheStableKeys()
    {
        write("json", plan_, catalog_, path("plan.json"));
        const auto j = nlohmann::json::parse(readAll(path("plan.json")).toStdString());
        QCOMPARE(j.at("topology").at("links").at("total").get<long long>(), 2048LL);
        QCOMPARE(j.at("bom").size(), plan_.bom.lines.size());
        QVERIFY(j.at("capex_usd").contains("total"));
    }

    void svgIsWellFormedXml()
    {
        write("topology-svg", plan_, catalog_, path("topology.svg"));
        QXmlStreamReader xml(readAll(path("topology.svg")));
        int rects = 0, elements = 0;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::StartElement) {
                ++elements;
                if (xml.name() == QLatin1String("rect")) ++rects;
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        // 4 node boxes (SUs) + 4 leaf boxes + 1 spine box + the background.
        QCOMPARE(rects, 4 + 4 + 1 + 1);
        QVERIFY(elements < 200);
    }

    void svgStaysSmallForABigFabric()
    {
        fp::ClusterSpec big;
        big.gpus = 32768;  // 4,096 nodes, ~65k links over three tiers
        const fp::Plan p = fp::makePlan(big, catalog_);
        QVERIFY(p.fabric.links.size() > 60000);
        write("topology-svg", p, catalog_, path("big.svg"));
        QXmlStreamReader xml(readAll(path("big.svg")));
        int elements = 0;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement) ++elements;
        QVERIFY(!xml.hasError());
        QVERIFY2(elements < 5000, qPrintable(QString::number(elements)));
    }

    void netboxFilesUseNetboxColumnsAndAgree()
    {
        const auto devices = csv("netbox-devices", "netbox-devices.csv");
        // Column names of NetBox's DeviceImportForm / CableImportForm (dcim/forms/bulk_import.py).
        QCOMPARE(devices[0], (Record{"name", "role", "manufacturer", "device_type", "status", "site", "location",
                                     "rack", "position", "face", "description"}));
        QCOMPARE(devices.size(), std::size_t(176 + 1));
        std::set<std::string> names;
        for (std::size_t i = 1; i < devices.size(); ++i) names.insert(devices[i][0]);
        QCOMPARE(names.size(), std::size_t(176));

        const auto cables = csv("netbox-cables", "netbox-cables.csv");
        QCOMPARE(cables[0], (Record{"side_a_site", "side_a_device", "side_a_type", "side_a_name", "side_b_site",
                                    "side_b_device", "side_b_type", "side_b_name", "type", "status", "label",
                                    "length", "length_unit", "description"}));
        // One record per leg (NetBox terminates cables on interfaces): every link once.
        QCOMPARE(cables.size(), plan_.fabric.links.size() + 1);
        std::set<std::string> interfacePairs;
        for (std::size_t i = 1; i < cables.size(); ++i)
            interfacePairs.insert(cables[i][1] + " " + cables[i][3] + " <> " + cables[i][5] + " " + cables[i][7]);
        QCOMPARE(interfacePairs.size(), plan_.fabric.links.size());
        static const std::set<std::string> netboxCableTypes{"dac-passive", "dac-active", "aoc", "mmf-om3",
                                                            "mmf-om4", "mmf-om5", "smf-os2"};
        for (std::size_t i = 1; i < cables.size(); ++i) {
            QVERIFY2(names.count(cables[i][1]) && names.count(cables[i][5]), cables[i][1].c_str());
            QCOMPARE(cables[i][0], plan_.spec.name);  // side_a_site: a name is looked up in this design only
            QCOMPARE(cables[i][2], std::string("dcim.interface"));
            QVERIFY2(netboxCableTypes.count(cables[i][8]), cables[i][8].c_str());
            QCOMPARE(cables[i][12], std::string("m"));
        }
    }

    void ibdmTopologyListsEveryPortOnce()
    {
        write("ibdm-topology", plan_, catalog_, path("ibdm"));
        const QList<QByteArray> lines = readAll(path("ibdm/topology.topo")).split('\n');
        int links = 0, sections = 0, toHosts = 0;
        for (const QByteArray& l : lines) {
            if (l.contains("->")) {
                ++links;
                if (l.contains(" FabricPlanHost8 ")) ++toHosts;
                // ibdm ignores an unindented port line and any speed but 2.5G/5G/10G.
                QVERIFY2(l.startsWith("    P") && l.contains(" -4x-> "), l.constData());
            } else if (l.startsWith("MQM9700 ")) {
                ++sections;
            }
        }
        // Host links once (leaf side), switch-switch links from both ends: 1024 + 2 x 1024.
        QCOMPARE(toHosts, 1024);
        QCOMPARE(links, 1024 + 2 * 1024);
        QCOMPARE(sections, 32 + 16);
        // Both system types the file uses are defined.
        QVERIFY(QFile::exists(path("ibdm/ibnl/MQM9700.ibnl")));
        QVERIFY(QFile::exists(path("ibdm/ibnl/FabricPlanHost8.ibnl")));
    }

    // The Summary's comparison table, read back by openpyxl: one row per plan, the advisor's pick marked.
    void xlsxSummaryCarriesTheComparison()
    {
        const fp::Comparison cmp = fp::comparePlans(fp::ClusterSpec{}, catalog_);
        QCOMPARE(cmp.plans.size(), std::size_t(4));  // InfiniBand, RoCEv2, Spectrum-X, UEC
        write("xlsx", plan_, catalog_, path("compare.xlsx"), &cmp);
        QProcess python;
        python.start(QStringLiteral("/usr/bin/python3"),
                     {QStringLiteral(FABRICPLAN_SOURCE_DIR "/tests/scripts/check_xlsx_comparison.py"),
                      path("compare.xlsx"), QString::number(cmp.plans.size()),
                      QString::fromLatin1(fp::displayName(cmp.advice.recommended))});
        QVERIFY(python.waitForFinished(60000));
        QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
    }

    void ibdmTopologyRefusesEthernet()
    {
        // comparePlans picks the catalog's recommended parts for each Ethernet fabric.
        const fp::Comparison cmp = fp::comparePlans(fp::ClusterSpec{}, catalog_);
        const fp::Plan* ethernet = nullptr;
        for (const auto& p : cmp.plans)
            if (fp::isEthernet(p.spec.fabric)) ethernet = &p;
        QVERIFY(ethernet);
        QVERIFY_THROWS_EXCEPTION(fp::UserError, write("ibdm-topology", *ethernet, catalog_, path("eth-topo")));
        QVERIFY(!QFile::exists(path("eth-topo")));
    }
};

QTEST_GUILESS_MAIN(TestExport)
#include "test_export.moc"
