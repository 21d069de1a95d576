// Compute platforms: the catalog rows (with a source each), what choosing one does to a design, the CLI
// flag and the plans built on them. Expected hardware facts come from the cited datasheets and reference
// architectures (data/catalog/platforms.csv), expected bandwidths from published nccl-tests runs.
#include <QtTest>

#include <QProcess>

#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "catalog/catalog_db.h"
#include "catalog/platforms.h"
#include "common/error.h"
#include "layout/layout.h"
#include "plan/plan.h"

using namespace fp;

namespace {
QByteArray runCli(const QStringList& args, int* exitCode)
{
    const fp::test::CliRun r = fp::test::runCli(args);
    *exitCode = r.exitCode;
    return r.out;
}

std::size_t hostLinks(const Fabric& f)
{
    std::size_t n = 0;
    for (const Link& l : f.links)
        if (l.cls == LinkClass::HostLeaf) ++n;
    return n;
}
} // namespace

class TestPlatforms : public QObject {
    Q_OBJECT
    Catalog catalog_;

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    void catalogHasTheNamedPlatformsWithSources()
    {
        for (const char* id : {"DGX-H100", "HGX-H100", "DGX-H200", "HGX-H200", "DGX-B200", "HGX-B200", "DGX-B300",
                               "HGX-B300", "PCIE-8GPU", "GB200-NVL72", "GB300-NVL72", "CUSTOM"}) {
            const PlatformModel* p = catalog_.findPlatform(id);
            QVERIFY2(p, id);
            QVERIFY2(p->source.rfind("https://", 0) == 0, id);
        }
        // DGX H100 user guide / SuperPOD RA: 8 x 400G compute ports in four twin-port OSFP cages that take
        // flat-top modules (fabric-facts §3.3, §5).
        const PlatformModel& dgx = *catalog_.findPlatform("DGX-H100");
        QCOMPARE(dgx.gpusPerNode, 8);
        QCOMPARE(dgx.nicsPerNode, 8);
        QCOMPARE(dgx.hostCages, 4);
        QCOMPARE(dgx.portsPerCage, 2);
        QCOMPARE(dgx.cageType, std::string("OSFP"));
        QVERIFY(!dgx.cageFinned);
        QCOMPARE(dgx.scaleUpGBpsPerGpu, 450.0);  // NVLink 4: 900 GB/s bidirectional
        // GB200 NVL72: 18 trays x 4 GPUs = one NVLink domain of 72 (SuperPOD GB200 RA).
        const PlatformModel& nvl = *catalog_.findPlatform("GB200-NVL72");
        QCOMPARE(nvl.gpusPerNode * nvl.nodesPerRack, 72);
        QCOMPARE(nvl.gpusPerScaleUp, 72);
        QCOMPARE(scaleOutPortsPerGpu(nvl), 1.0);
    }

    void applyingSetsTheNodeAndKeepsWhatItLeavesOpen()
    {
        ClusterSpec spec;
        spec.nicModel = "900-9D3D4-00EN-HA0";
        applyPlatform(spec, *catalog_.findPlatform("GB200-NVL72"));
        QCOMPARE(spec.platform, std::string("GB200-NVL72"));
        QCOMPARE(spec.gpusPerNode, 4);
        QCOMPARE(spec.nicsPerNode, 4);
        QCOMPARE(spec.nicModel, std::string("MCX75310AAS-NEAT"));
        QCOMPARE(spec.floor.nodesPerRack, 18);
        QCOMPARE(layout::nodesPerRack(spec.floor), 18);  // the rack power budget grew to hold them
        // The PCIe server leaves the NIC to the user.
        ClusterSpec pcie;
        pcie.nicModel = "900-9D3D4-00EN-HA0";
        pcie.nicsPerNode = 4;
        applyPlatform(pcie, *catalog_.findPlatform("PCIE-8GPU"));
        QCOMPARE(pcie.nicModel, std::string("900-9D3D4-00EN-HA0"));
        QCOMPARE(pcie.nicsPerNode, 4);
        // CUSTOM changes nothing but the id.
        ClusterSpec custom, before;
        applyPlatform(custom, *catalog_.findPlatform("CUSTOM"));
        custom.platform.clear();
        QVERIFY(custom == before);
    }

    void gb200EightRacksHaveOneScaleOutPortPerGpu()
    {
        ClusterSpec spec;
        spec.gpus = 8 * 72;
        applyPlatform(spec, *catalog_.findPlatform("GB200-NVL72"));
        spec.suNodes = 144;
        const Plan p = makePlan(spec, catalog_);
        QCOMPARE(p.errorCount(), 0);
        QCOMPARE(int(p.fabric.nodeCount), 144);              // 8 racks x 18 trays
        QCOMPARE(hostLinks(p.fabric), std::size_t(576));     // one scale-out port per GPU
        int computeRacks = 0;
        for (const Rack& r : p.layout.racks) computeRacks += r.kind == RackKind::Compute ? 1 : 0;
        QCOMPARE(computeRacks, 8);
        // One NVLink domain per rack: an all-reduce over one rack never touches the fabric. Full rack,
        // 8 GiB: 834.57 GB/s (coreweave/nccl-tests PR #43).
        PlanOptions rack;
        rack.estimate.collectiveGpus = 72;
        const double oneRack = makePlan(spec, catalog_, rack).estimates.performance.allreduceBusbwGBps;
        QVERIFY2(std::abs(oneRack - 834.57) / 834.57 <= 0.15, qPrintable(QString::number(oneRack)));
        const auto& sys = p.estimates.performance.collectives.system;
        QCOMPARE(sys.domainSize(), 72);
        QCOMPARE(sys.domains(), 8);
    }

    void dgxH100BusbwAggregatesTheNodesNics()
    {
        // The 1,024-GPU DGX H100 SuperPOD. Without a platform every GPU is one endpoint (~47 GB/s); with it
        // NVLink aggregates the node's eight NICs: 8 x 46-48 GB/s per NDR NIC (nccl-tests#290) at scale.
        ClusterSpec spec;
        const double endpoint = makePlan(spec, catalog_).estimates.performance.allreduceBusbwGBps;
        applyPlatform(spec, *catalog_.findPlatform("DGX-H100"));
        const Plan p = makePlan(spec, catalog_);
        const double busbw = p.estimates.performance.allreduceBusbwGBps;
        qInfo("DGX H100 x 128: %.1f GB/s (no platform: %.1f GB/s)", busbw, endpoint);
        QVERIFY2(std::abs(busbw - 8 * 47.0) / (8 * 47.0) <= 0.15, qPrintable(QString::number(busbw)));
        QVERIFY(busbw > 6.0 * endpoint);
        QCOMPARE(p.hardware.platform->hostCages, 4);  // the cage facts travel with the plan
    }

    // Issue 17's "done when": `plan --platform DGX-H100 --gpus 1024` orders four host modules per node, one
    // twin-port flat-top module per host cage (128 nodes x 4 cages = 512), and no single-port host module.
    // Platforms whose hardware has one port per cage keep one module per port: HGX H100 (one OSFP card per
    // GPU: 8 per node) and GB200 NVL72 (4 ConnectX-7 per tray, one per GPU).
    void cliPlatformHostCagesSetTheHostModules_data()
    {
        QTest::addColumn<QString>("platform");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("hostCages");  // hand count: nodes x cages per node
        QTest::addColumn<int>("portsPerModule");
        QTest::newRow("DGX-H100") << "DGX-H100" << 1024 << 128 * 4 << 2;
        QTest::newRow("DGX-H200") << "DGX-H200" << 256 << 32 * 4 << 2;
        QTest::newRow("HGX-H100") << "HGX-H100" << 256 << 32 * 8 << 1;
        QTest::newRow("GB200-NVL72") << "GB200-NVL72" << 576 << 144 * 4 << 1;
    }
    void cliPlatformHostCagesSetTheHostModules()
    {
        QFETCH(QString, platform);
        QFETCH(int, gpus);
        QFETCH(int, hostCages);
        QFETCH(int, portsPerModule);
        int code = -1;
        const QByteArray out = runCli({QStringLiteral("plan"), QStringLiteral("--platform"), platform, QStringLiteral("--gpus"),
                                       QString::number(gpus), QStringLiteral("--json"), QStringLiteral("-")},
                                      &code);
        QCOMPARE(code, 0);
        const auto j = nlohmann::json::parse(out.toStdString());
        long long hostParts = 0;  // flat host modules plus the host-end connectors of copper splitters
        for (const auto& line : j["bom"]) {
            if (line["category"] == "cables") {
                const CableModel* c = catalog_.findCable(line["part"].get<std::string>());
                QVERIFY(c);
                if (!c->endBFinned) hostParts += line["qty"].get<long long>() * c->legsB;
                QVERIFY(portsPerModule == 1 || c->endBFinned);  // no splitter leg fits a twin host cage
            }
            if (line["category"] != "transceivers") continue;
            const TransceiverModel* t = catalog_.findTransceiver(line["part"].get<std::string>());
            QVERIFY(t);
            if (t->finned) continue;  // switch side
            QCOMPARE(t->ports, portsPerModule);
            hostParts += line["qty"].get<long long>();
        }
        QCOMPARE(hostParts, static_cast<long long>(hostCages));
    }

    // Issue 42: a design that contradicts its platform planned with 0 errors and 0 warnings (a GB200 tray
    // with 16 NICs listed 2,048 NICs "built into GB200-NVL72" at $0; DGX-H100 with 72 GPUs a node at $682
    // a GPU; 100 GPUs of GB200-NVL72 as a 28-GPU "rack"). Each is refused at its field, naming the
    // platform's figures (platforms.csv: DGX H100 8 GPUs + 8 ConnectX-7; DGX B300 8 + 8 ConnectX-8; GB200
    // tray 4 + 4 ConnectX-7, 18 trays a rack; HGX 8 GPUs, one NIC card per GPU; PCIe server up to 8) and
    // the values that fit.
    void contradictingThePlatformIsRefused_data()
    {
        QTest::addColumn<QString>("platform");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("gpusPerNode");
        QTest::addColumn<int>("nicsPerNode");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("fix");
        const QString custom = QStringLiteral(", or choose a custom server (--platform CUSTOM)");
        QTest::newRow("GB200 tray, 16 NICs")
            << "GB200-NVL72" << 576 << 4 << 16 << "/compute/nics_per_node"
            << "GB200-NVL72 has 4 GPUs and 4 ConnectX-7 ports per compute tray, 18 compute trays (72 GPUs, one "
               "NVLink domain) per rack: the design asks for 16 NICs per compute tray"
            << "set the NICs per node to 4 or fewer (--nics-per-node 4; ports left uncabled cost nothing)" + custom;
        QTest::newRow("DGX-B300, 16 NICs")
            << "DGX-B300" << 1024 << 8 << 16 << "/compute/nics_per_node"
            << "DGX-B300 has 8 GPUs and 8 ConnectX-8 ports per node: the design asks for 16 NICs per node"
            << "set the NICs per node to 8 or fewer (--nics-per-node 8; ports left uncabled cost nothing)" + custom;
        QTest::newRow("DGX-H100, 72 GPUs a node")
            << "DGX-H100" << 1152 << 72 << 8 << "/compute/gpus_per_node"
            << "DGX-H100 has 8 GPUs and 8 ConnectX-7 ports per node: the design asks for 72 GPUs per node"
            << "set the GPUs per node to 8 (--gpus-per-node 8)" + custom;
        QTest::newRow("GB200, 8 GPUs a tray")
            << "GB200-NVL72" << 576 << 8 << 4 << "/compute/gpus_per_node"
            << "GB200-NVL72 has 4 GPUs and 4 ConnectX-7 ports per compute tray, 18 compute trays (72 GPUs, one "
               "NVLink domain) per rack: the design asks for 8 GPUs per compute tray"
            << "set the GPUs per node to 4 (--gpus-per-node 4)" + custom;
        QTest::newRow("GB200, 100 GPUs")
            << "GB200-NVL72" << 100 << 4 << 4 << "/compute/gpus"
            << "GB200-NVL72 is built and sold in whole racks of 72 GPUs (18 compute trays of 4, one NVLink domain): "
               "100 GPUs would be 1 whole rack and a partial rack of 28 GPUs, whose NVLink domain, power and price "
               "are still a whole rack's"
            << "set the GPUs to 72 or 144 (--gpus): whole racks";
        QTest::newRow("GB300, 40 GPUs")
            << "GB300-NVL72" << 40 << 4 << 4 << "/compute/gpus"
            << "GB300-NVL72 is built and sold in whole racks of 72 GPUs (18 compute trays of 4, one NVLink domain): "
               "40 GPUs would be a partial rack of 40 GPUs, whose NVLink domain, power and price are still a whole "
               "rack's"
            << "set the GPUs to 72 (--gpus): whole racks";
        QTest::newRow("HGX-H100, 12 NIC cards")
            << "HGX-H100" << 256 << 8 << 12 << "/compute/nics_per_node"
            << "HGX-H100 has 8 GPUs and room for 8 scale-out NIC cards per node: the design asks for 12 NICs per node"
            << "set the NICs per node to 8 or fewer (--nics-per-node 8)" + custom;
        QTest::newRow("HGX-H100, 4 GPUs a node")
            << "HGX-H100" << 256 << 4 << 4 << "/compute/gpus_per_node"
            << "HGX-H100 has 8 GPUs and room for 8 scale-out NIC cards per node: the design asks for 4 GPUs per node"
            << "set the GPUs per node to 8 (--gpus-per-node 8)" + custom;
        QTest::newRow("PCIe server, 16 GPUs a node")
            << "PCIE-8GPU" << 256 << 16 << 8 << "/compute/gpus_per_node"
            << "PCIE-8GPU has up to 8 GPUs per node: the design asks for 16 GPUs per node"
            << "set the GPUs per node to 8 or fewer (--gpus-per-node 8)" + custom;
    }
    void contradictingThePlatformIsRefused()
    {
        QFETCH(QString, platform);
        QFETCH(int, gpus);
        QFETCH(int, gpusPerNode);
        QFETCH(int, nicsPerNode);
        QFETCH(QString, where);
        QFETCH(QString, message);
        QFETCH(QString, fix);
        ClusterSpec spec;
        applyPlatform(spec, *catalog_.findPlatform(platform.toStdString()));
        spec.gpus = gpus;
        spec.gpusPerNode = gpusPerNode;
        spec.nicsPerNode = nicsPerNode;
        try {
            const Plan p = makePlan(spec, catalog_);
            QFAIL(qPrintable(QStringLiteral("planned with %1 errors, %2 warnings, %3 NICs")
                                 .arg(p.errorCount()).arg(p.warningCount()).arg(p.fabric.nodeCount * nicsPerNode)));
        } catch (const UserError& e) {
            QCOMPARE(QString::fromStdString(e.where), where);
            QCOMPARE(QString::fromStdString(e.what()), message);
            QCOMPARE(QString::fromStdString(e.fix), fix);
        }
    }

    // What fits is planned: fewer NICs than a DGX has (ports left uncabled), fewer GPUs in a PCIe server,
    // whole GB200 racks, and CUSTOM with any node.
    void whatFitsThePlatformIsPlanned_data()
    {
        QTest::addColumn<QString>("platform");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("gpusPerNode");
        QTest::addColumn<int>("nicsPerNode");
        QTest::newRow("DGX-H100, 4 of 8 ports") << "DGX-H100" << 256 << 8 << 4;
        QTest::newRow("HGX-H100, 4 NIC cards") << "HGX-H100" << 256 << 8 << 4;
        QTest::newRow("PCIe server, 4 GPUs a node") << "PCIE-8GPU" << 256 << 4 << 4;
        QTest::newRow("GB200, 2 racks") << "GB200-NVL72" << 144 << 4 << 4;
        QTest::newRow("CUSTOM, 72 GPUs a node") << "CUSTOM" << 720 << 72 << 16;
    }
    void whatFitsThePlatformIsPlanned()
    {
        QFETCH(QString, platform);
        QFETCH(int, gpus);
        QFETCH(int, gpusPerNode);
        QFETCH(int, nicsPerNode);
        ClusterSpec spec;
        applyPlatform(spec, *catalog_.findPlatform(platform.toStdString()));
        spec.gpus = gpus;
        spec.gpusPerNode = gpusPerNode;
        spec.nicsPerNode = nicsPerNode;
        try {
            (void)makePlan(spec, catalog_);
        } catch (const UserError& e) {
            QFAIL(e.oneLine().c_str());
        }
    }

    // The CLI takes the same rule, for plan, compare and the defaults --fabric picks: exit 2 with the
    // platform's figures, where the old CLI planned 100 GPUs of GB200 with exit 0.
    void cliRefusesAPartialRack()
    {
        for (const QStringList& command : {QStringList{QStringLiteral("plan")}, QStringList{QStringLiteral("compare")},
                                           QStringList{QStringLiteral("plan"), QStringLiteral("--fabric"), QStringLiteral("roce")}}) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("XDG_DATA_HOME"), QDir::tempPath() + QStringLiteral("/fabricplan-test-no-user-catalog"));
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(FABRICPLAN_CLI), command + QStringList{QStringLiteral("--platform"), QStringLiteral("GB200-NVL72"),
                                                                        QStringLiteral("--gpus"), QStringLiteral("100")});
            p.waitForFinished(300000);
            QCOMPARE(p.exitCode(), 2);
            const QByteArray err = p.readAllStandardError();
            QVERIFY2(err.contains("error: /compute/gpus: GB200-NVL72 is built and sold in whole racks of 72 GPUs") &&
                         err.contains("set the GPUs to 72 or 144 (--gpus): whole racks"),
                     err.constData());
        }
    }

    void unknownPlatformIsAnError()
    {
        ClusterSpec spec;
        spec.platform = "DGX-Z9000";
        QVERIFY_THROWS_EXCEPTION(UserError, makePlan(spec, catalog_));
    }

    // The summary's collectives line names what joins a node's GPUs. The lab example (8 GPUs, no platform)
    // gets no invented NVLink: the line says none is assumed, why, and how to name the server; so does
    // CUSTOM, which names no NVLink domain. DGX H100 has an 8-GPU NVLink domain, the PCIe server 8 GPUs on PCIe.
    void cliSaysWhenNoNvlinkIsAssumed()
    {
        const auto plan = [](QStringList args) {
            int code = -1;
            args.prepend(QStringLiteral("plan"));
            const QByteArray out = runCli(args, &code);
            return code == 0 ? out : QByteArray("exit code ") + QByteArray::number(code);
        };
        const QByteArray lab = plan({QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/single-node-8-gpus.fabricplan")});
        QVERIFY2(lab.contains("collectives (8 GiB, 1 GPU per endpoint, no NVLink assumed): NCCL picks"), lab.constData());
        QVERIFY2(lab.contains("    assumed: no platform is named, so NVLink inside a node is not counted; --platform ID "
                              "names the server"), lab.constData());
        const QByteArray custom = plan({QStringLiteral("--platform"), QStringLiteral("CUSTOM"), QStringLiteral("--gpus"),
                                        QStringLiteral("16")});
        QVERIFY2(custom.contains("    assumed: platform CUSTOM names no NVLink domain"), custom.constData());
        const QByteArray dgx = plan({QStringLiteral("--platform"), QStringLiteral("DGX-H100"), QStringLiteral("--gpus"),
                                     QStringLiteral("8")});
        QVERIFY2(dgx.contains("collectives (8 GiB, 8 GPUs per NVLink domain): NCCL picks"), dgx.constData());
        QVERIFY(!dgx.contains("assumed:"));
        const QByteArray pcie = plan({QStringLiteral("--platform"), QStringLiteral("PCIE-8GPU"), QStringLiteral("--gpus"),
                                      QStringLiteral("16")});
        QVERIFY2(pcie.contains("collectives (8 GiB, 8 GPUs per node over PCIe): NCCL picks"), pcie.constData());
        QVERIFY(!pcie.contains("assumed:"));
    }

    void cliPlatformFlagSetsTheNodeAndFlagsOverride()
    {
        int code = -1;
        const QByteArray out = runCli({QStringLiteral("plan"), QStringLiteral("--platform"), QStringLiteral("GB200-NVL72"),
                                       QStringLiteral("--gpus"), QStringLiteral("576"), QStringLiteral("--su-nodes"),
                                       QStringLiteral("144"), QStringLiteral("--json"), QStringLiteral("-")},
                                      &code);
        QCOMPARE(code, 0);
        const auto j = nlohmann::json::parse(out.toStdString());
        QCOMPARE(j["design"]["compute"]["platform"].get<std::string>(), std::string("GB200-NVL72"));
        QCOMPARE(j["design"]["compute"]["gpus_per_node"].get<int>(), 4);
        QCOMPARE(j["platform"]["gpus_per_scale_up"].get<int>(), 72);
        // An explicit flag after the platform wins.
        const QByteArray out2 = runCli({QStringLiteral("plan"), QStringLiteral("--platform"), QStringLiteral("DGX-H100"),
                                        QStringLiteral("--gpus"), QStringLiteral("256"), QStringLiteral("--nics-per-node"),
                                        QStringLiteral("4"), QStringLiteral("--json"), QStringLiteral("-")},
                                       &code);
        QCOMPARE(code, 0);
        QCOMPARE(nlohmann::json::parse(out2.toStdString())["design"]["compute"]["nics_per_node"].get<int>(), 4);
        runCli({QStringLiteral("plan"), QStringLiteral("--platform"), QStringLiteral("NOPE")}, &code);
        QVERIFY(code != 0);
        const QByteArray list = runCli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("platforms"),
                                        QStringLiteral("--json"), QStringLiteral("-")},
                                       &code);
        QCOMPARE(code, 0);
        QVERIFY(nlohmann::json::parse(list.toStdString()).size() >= 12);
    }
};

QTEST_GUILESS_MAIN(TestPlatforms)
#include "test_platforms.moc"
