// The management networks' parts (issue 38): the catalog's 1GbE RJ45 and 100GbE QSFP28 rows (SN2201, SN4600C,
// the RJ45 management port, Cat6 cords, 100GbE DAC/AOC), the schema migration that lets their cages in, the
// QSFP28-in-QSFP112 rule of media, and a 100G in-band plus a 1G OOB network of a DGX H100 cluster that plan
// with no error and every part in a cage of its own form factor.
#include <QtTest>

#include <cmath>
#include <map>

#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "test_catalog_support.h"

#include "bom/bom.h"
#include "estimate/throughput.h"
#include "catalog/catalog_db.h"
#include "common/format.h"
#include "estimate/failure_ranges.h"
#include "estimate/resilience_text.h"
#include "catalog/platform_networks.h"
#include "catalog/platforms.h"
#include "media/media_rules.h"
#include "network_fixtures.h"
#include "plan/cluster_plan.h"
#include "plan/invariants.h"
#include "plan_findings.h"
#include "spec/spec_json.h"

using namespace fp;

namespace {

ClusterSpec dgxH100(int gpus)
{
    ClusterSpec s;
    s.gpus = gpus;
    s.platform = "DGX-H100";
    s.nicModel = "MCX75310AAS-NEAT";
    s.switchModel = "MQM9700-NS2F";
    s.suNodes = 32;
    return s;
}

// The in-band network of NVIDIA's DGX SuperPOD H100 RA: SN4600C at 100GbE; each DGX brings two ports
// (one of each dual-port ConnectX-7, QSFP112), the management servers two each.
NetworkSpec inband()
{
    return test::networkOf("inband", NetworkRole::InBand, FabricKind::RoCE, "SN4600C", "MCX715105AS-WEAT", 100,
                           {{"DGX in-band ports", EndpointCount::PerComputeNode, 0, 2},
                            {"management servers", EndpointCount::Fixed, 5, 2}});
}

// The OOB network: SN2201 1GbE RJ45; every node BMC, every switch's management port, management servers.
NetworkSpec oob()
{
    return test::networkOf("oob", NetworkRole::OutOfBand, FabricKind::RoCE, "SN2201", "GEN-1GBE-RJ45-PORT", 0,  // 1 Gb/s native
                           {{"DGX BMC ports", EndpointCount::PerComputeNode, 0, 1},
                            {"switch management ports", EndpointCount::PerSwitch, 0, 1},
                            {"management servers", EndpointCount::Fixed, 5, 1}});
}

int errorsOf(const Plan& p)
{
    int n = 0;
    for (const Finding& f : p.findings) n += f.severity == Severity::Error;
    return n;
}

using testsupport::errorText;

} // namespace

class TestManagementNetworks : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(tmp_.isValid());
        catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG);
    }

    // The rows, against their sources: SN2201 = 48 x 1000base-t + 4 x QSFP28, 1U (netbox devicetype-library
    // Nvidia/SN2201.yaml); SN4600C = 64 x 100G QSFP28, 2U (mlxsw 5.13 release notes); 1000BASE-T reaches 100 m
    // on Cat 5e or better (IEEE 802.3 clause 40).
    void catalogRows()
    {
        const SwitchModel* sn2201 = catalog_.findSwitch("SN2201");
        QVERIFY(sn2201);
        QCOMPARE(sn2201->cageType, std::string("RJ45"));
        QCOMPARE(sn2201->cages, 48);
        QCOMPARE(sn2201->rackUnits, 1);
        QCOMPARE(sn2201->portsAt(1), 48);
        QCOMPARE(sn2201->portsAt(100), 0);  // not on its front (RJ45) cages:
        QCOMPARE(sn2201->uplinkCages, 4);   // on its 4 QSFP28 uplink cages (swp49-52), 100G each (schema 11)
        QCOMPARE(sn2201->uplinkCageType, std::string("QSFP28"));
        QCOMPARE(sn2201->uplinkPortsAt(100), 4);
        QCOMPARE(sn2201->uplinkPortsAt(1), 0);
        for (const SwitchModel& sw : catalog_.switches)  // no other switch has a second kind of cage
            QCOMPARE(sw.uplinkCages, sw.partNumber == "SN2201" ? 4 : 0);
        const SwitchModel* sn4600c = catalog_.findSwitch("SN4600C");
        QVERIFY(sn4600c);
        QCOMPARE(sn4600c->cageType, std::string("QSFP28"));
        QCOMPARE(sn4600c->portsAt(100), 64);
        QCOMPARE(sn4600c->rackUnits, 2);
        const NicModel* bmc = catalog_.findNic("GEN-1GBE-RJ45-PORT");
        QVERIFY(bmc);
        QCOMPARE(bmc->cageType, std::string("RJ45"));
        QCOMPARE(bmc->portGbps, 1);
        double longestCat6 = 0;
        int cat6 = 0;
        for (const CableModel& c : catalog_.cables) {
            if (c.endAForm != "RJ45") continue;
            ++cat6;
            QCOMPARE(c.endBForm, std::string("RJ45"));
            QCOMPARE(c.portGbps, 1);
            longestCat6 = std::max(longestCat6, c.lengthM);
            QVERIFY2(!c.prices.empty() && c.prices.front().estimated, c.partNumber.c_str());
        }
        QCOMPARE(cat6, 11);
        QCOMPARE(longestCat6, 100.0);
        for (const char* p : {"SN2201", "SN4600C", "MCP1600-C003E26N", "MFA1A00-C100"}) {
            const PartBase* part = catalog_.findPart(p);
            QVERIFY2(part && !part->source.empty() && !part->prices.empty(), p);
            for (const PriceQuote& q : part->prices) QVERIFY2(q.estimated, p);  // every seed price an estimate
        }
    }

    // A version 8 file refuses an RJ45 or QSFP28 cage (the old CHECK); migration 9 widens the check of every
    // table that names a cage and keeps every row.
    // A version 10 catalog (before the uplink-cage columns) learns the SN2201's from migration 11.
    void version10CatalogLearnsTheUplinkCages()
    {
        QTemporaryDir tmp;
        const std::string path = testsupport::copyOfBundled(tmp, "v10.sqlite");
        QCOMPARE(testsupport::rawExec(path, std::string(testsupport::kSwitchesBeforeVersion11) +
                                                "UPDATE schema_version SET version = 10"),
                 SQLITE_OK);
        const Catalog c = loadCatalog(path);
        QCOMPARE(c.schemaVersion, kCatalogSchemaVersion);
        const SwitchModel* sn2201 = c.findSwitch("SN2201");
        QVERIFY(sn2201);
        QCOMPARE(sn2201->uplinkPortsAt(100), 4);
        QCOMPARE(sn2201->uplinkCagePowerClassW, 3.5);
        QCOMPARE(c.findSwitch("SN4600C")->uplinkCages, 0);
    }

    void migrationNineAdmitsTheNewCages()
    {
        const std::string path = (tmp_.path() + "/v8.sqlite").toStdString();
        testsupport::writeFile(path, "");
        std::vector<CatalogMigration> upTo8;
        for (const CatalogMigration& m : catalogMigrations())
            if (m.toVersion <= 8) upTo8.push_back(m);
        QCOMPARE(migrateCatalog(path, upTo8), 8);
        QCOMPARE(testsupport::rawExec(path, "INSERT INTO parts (part, category, vendor, source) VALUES "
                                     "('SW1','switch','X','s'), ('N1','nic','X','s'), ('T1','transceiver','X','s');"
                                     "INSERT INTO switches (part, protocol, cages, cage_type, breakouts, open_optics, power_max_w) "
                                     "VALUES ('SW1','ethernet',32,'QSFP56','200x1',1,500);"
                                     "INSERT INTO nics (part, protocol, ports, port_gbps, cage_type, eth_port_gbps) "
                                     "VALUES ('N1','ethernet',1,100,'QSFP56',100);"
                                     "INSERT INTO transceivers (part, protocol, form_factor, port_gbps, lanes, pmd, medium, "
                                     "wavelength_nm, connector, reach_om4_m) VALUES "
                                     "('T1','ethernet','QSFP56',200,4,'SR4','multimode',850,'MPO-12/APC',100)"),
                 SQLITE_OK);
        QVERIFY(testsupport::rawExec(path, "UPDATE switches SET cage_type = 'RJ45'") != SQLITE_OK);
        QVERIFY(testsupport::rawExec(path, "UPDATE nics SET cage_type = 'QSFP28'") != SQLITE_OK);
        QCOMPARE(migrateCatalog(path, catalogMigrations()), kCatalogSchemaVersion);
        // Later migrations keep the row too; version 10 leaves a user's module at its port speed only.
        QCOMPARE(testsupport::rawQuery(path, "SELECT half_lane_gbps FROM transceivers WHERE part = 'T1'"), std::string("0"));
        QCOMPARE(testsupport::rawQuery(path, "SELECT cages || breakouts || open_optics || power_max_w FROM switches WHERE part = 'SW1'"),
                 std::string("32200x11500.0"));
        QCOMPARE(testsupport::rawQuery(path, "SELECT eth_port_gbps FROM nics WHERE part = 'N1'"), std::string("100"));
        QCOMPARE(testsupport::rawQuery(path, "SELECT reach_om4_m FROM transceivers WHERE part = 'T1'"), std::string("100.0"));
        QCOMPARE(testsupport::rawExec(path, "UPDATE switches SET cage_type = 'RJ45'"), SQLITE_OK);
        QCOMPARE(testsupport::rawExec(path, "UPDATE nics SET cage_type = 'QSFP28'"), SQLITE_OK);
        QCOMPARE(testsupport::rawExec(path, "UPDATE transceivers SET form_factor = 'QSFP28'"), SQLITE_OK);
        QVERIFY(testsupport::rawExec(path, "UPDATE switches SET cage_type = 'SFP+'") != SQLITE_OK);  // still checked
        // The foreign key to parts still cascades.
        QCOMPARE(testsupport::rawExec(path, "PRAGMA foreign_keys = ON; DELETE FROM parts WHERE part = 'SW1'"), SQLITE_OK);
        QCOMPARE(testsupport::rawQuery(path, "SELECT count(*) FROM switches"), std::string("0"));
    }

    // QSFP28 plugs seat in QSFP56 and QSFP112 cages (the QSFP family is backward compatible); nothing else
    // crosses: a QSFP56 plug in a QSFP112 cage stays refused (today's 200G/400G choices), RJ45 fits RJ45 only.
    void qsfp28SeatsInLargerQsfpCages()
    {
        QVERIFY(media::plugFitsCage("QSFP28", "QSFP28"));
        QVERIFY(media::plugFitsCage("QSFP28", "QSFP112"));
        QVERIFY(media::plugFitsCage("QSFP28", "QSFP56"));
        QVERIFY(!media::plugFitsCage("QSFP28", "OSFP"));
        QVERIFY(!media::plugFitsCage("QSFP56", "QSFP112"));
        QVERIFY(!media::plugFitsCage("QSFP112", "QSFP28"));
        QVERIFY(media::plugFitsCage("RJ45", "RJ45"));
        QVERIFY(!media::plugFitsCage("RJ45", "QSFP28"));
    }

    // 128 DGX H100 (1,024 GPUs) with a 100G in-band and a 1G OOB network: every network plans with no error and
    // holds its invariants. In-band: 128 x 2 + 5 x 2 = 266 ports. OOB: 128 BMCs + 5 servers + the management
    // ports of every switch listed before it (compute 48 QM9700 + the in-band's) on 48-port SN2201s.
    void inbandAndOobPlanCleanly()
    {
        ClusterSpec s = dgxH100(1024);
        s.networks = {inband(), oob()};
        const ClusterPlan c = makeClusterPlan(s, catalog_);
        QCOMPARE(c.networks.size(), std::size_t(3));
        const NetworkPlan& ib = c.networks[1];
        QCOMPARE(ib.endpointPorts, 266LL);
        QVERIFY2(errorsOf(ib.plan) == 0, errorText(ib.plan).c_str());
        QVERIFY(checks::invariants(ib.plan).empty());
        const NetworkPlan& oobPlan = c.networks[2];
        const long long switchesBefore = c.figures[0].switches + c.figures[1].switches;
        QCOMPARE(c.figures[0].switches, 48LL);  // 32 leaves + 16 spines (the RA's compute fabric)
        QCOMPARE(oobPlan.endpointPorts, 128LL + 5 + switchesBefore);
        QVERIFY2(errorsOf(oobPlan.plan) == 0, errorText(oobPlan.plan).c_str());
        QVERIFY(checks::invariants(oobPlan.plan).empty());
        // Media by reach: every OOB cable is a Cat6 cord, every in-band cable a 100GbE QSFP28 DAC or AOC.
        long long cat6 = 0, qsfp28 = 0;
        for (const BomLine& l : oobPlan.plan.bom.lines) {
            if (l.category != BomCategory::Cables) continue;
            QVERIFY2(l.part.rfind("GEN-CAT6-UTP-", 0) == 0, l.part.c_str());
            cat6 += l.qty;
        }
        for (const BomLine& l : ib.plan.bom.lines) {
            if (l.category != BomCategory::Cables) continue;
            QVERIFY2(l.part.rfind("MCP1600-", 0) == 0 || l.part.rfind("MFA1A00-", 0) == 0, l.part.c_str());
            qsfp28 += l.qty;
        }
        QCOMPARE(cat6, static_cast<long long>(oobPlan.plan.fabric.links.size()));
        QCOMPARE(qsfp28, static_cast<long long>(ib.plan.fabric.links.size()));
    }

    // The bundled DGX H100 SuperPOD example lists exactly the networks the platform's defaults build
    // (platform_networks.h), so `plan --platform DGX-H100 --gpus 1024` and the example agree.
    void exampleIsThePlatformsDefaultNetworks()
    {
        const ClusterSpec s =
            loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/dgx-h100-superpod-1024-all-networks.fabricplan").spec;
        const PlatformModel* dgx = catalog_.findPlatform("DGX-H100");
        QVERIFY(dgx);
        QCOMPARE(dgx->storagePorts, 2);
        QCOMPARE(dgx->inbandPorts, 2);
        QCOMPARE(dgx->bmcPorts, 1);
        QCOMPARE(dgx->northSouthPortPart, std::string("MCX715105AS-WEAT"));
        const std::vector<NetworkSpec> defaults = referenceNetworks(*dgx, s);
        QCOMPARE(defaults.size(), s.networks.size());
        for (std::size_t i = 0; i < defaults.size(); ++i) QVERIFY2(defaults[i] == s.networks[i], defaults[i].name.c_str());
        // No ports in the catalog, no default networks (never invented).
        QVERIFY(referenceNetworks(*catalog_.findPlatform("PCIE-8GPU"), s).empty());
        QVERIFY(referenceNetworks(*catalog_.findPlatform("GB300-NVL72"), s).empty());
    }

    // Done-when of issue 38: the example at the RA's size (4 SUs, 127 DGX H100 = 1,016 GPUs) against NVIDIA's
    // published counts, DGX SuperPOD H100 reference architecture
    //   Table 4 "Compute fabric component count" (docs.nvidia.com/dgx-superpod/reference-architecture-scalable-
    //   infrastructure-h100/latest/network-fabrics.html): 4 SUs, 127 nodes, 1,016 GPUs: 32 leaf and 16 spine
    //   QM9700, 1,020 compute-and-UFM cables, 1,024 spine-leaf cables;
    //   Table 7 "Major components of the 4 SU, 127-node DGX SuperPOD": 127 DGX H100, 4 UFM appliances, 5
    //   management servers; Figure 9 the in-band network on SN4600C; the DGX BasePOD RA names SN2201 for OOB.
    // Table 7's storage, in-band and OOB switch and cable rows were not in the searched material, so those
    // networks are checked against their closed forms (README, "Several networks"), worked out here:
    //   (a leaf per place, layout/README "A leaf per place": a hall's rows, its spine room, each service row)
    //   storage 127 x 2 + 16 x 2 + 4 UFM = 290 ports on 64-port QM9700 at 1:1 (32 down): ceil(254 / 32) = 8
    //     leaves in the rows + ceil(36 / 32) = 2 in the storage service row = 10 leaves; spines: the
    //     fewest S with m = ceil(32 / S) x S <= 32 uplinks... S = 8 (m = 4; 10 x 4 = 40 <= 64): 18 switches,
    //     290 + 320 = 610 links (597 cables: 13 splitter cables carry two host links each);
    //   in-band 127 x 2 + 5 x 2 = 264 ports on 64-port SN4600C at 1:1: 8 + 1 = 9 leaves, 8 spines (m = 4, 36 <= 64):
    //     17 switches, 264 + 288 = 552 links;
    //   OOB 127 BMCs + the 48 + 18 + 17 = 83 switches' management ports + 5 + 4 + 16 + 64 PDUs = 299 RJ45 ports
    //     on SN2201 (48 x 1G RJ45 down; the RA's 4 x 100G up on the QSFP28 uplink cages, all cabled): the rows'
    //     127 BMCs + 64 PDUs + 48 row-end switches (32 compute, 8 storage, 8 in-band leaves) = 239 -> 5 leaves,
    //     the spine room's 16 + 8 + 8 spines -> 1, the storage row's 20 BMCs + 2 leaves -> 1, the in-band
    //     row's 5 BMCs + 1 leaf -> 1: 8 leaves (ports in turn would fill ceil(299 / 48) = 7), 1 SN4600C spine
    //     (8 x 4 = 32 <= 64 ports at 100G), 299 + 32 = 331 cables, 32 of them at 100G.
    void dgxH100SuperPodAgainstTheReferenceArchitecture()
    {
        ClusterSpec s =
            loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/dgx-h100-superpod-1024-all-networks.fabricplan").spec;
        s.gpus = 1016;  // the RA's 127 nodes: one DGX slot of the 4 SUs gives its leaf ports to the UFM appliances
        const ClusterPlan c = makeClusterPlan(s, catalog_);
        QCOMPARE(c.networks.size(), std::size_t(4));
        const auto switchesOf = [&](std::size_t i, const char* model) {
            long long n = 0;
            for (const BomLine& l : c.networks[i].plan.bom.lines)
                if (l.category == BomCategory::Switches && l.part == model) n += l.qty;
            return n;
        };
        // Compute: Table 4.
        const Plan& compute = c.compute();
        QCOMPARE(compute.fabric.switchCount(Tier::Leaf), 32LL);
        QCOMPARE(compute.fabric.switchCount(Tier::Spine), 16LL);
        QCOMPARE(switchesOf(0, "MQM9700-NS2F"), 48LL);
        const auto byClass = estimate::linkCountsByClass(compute.fabric);
        QCOMPARE(byClass[std::size_t(LinkClass::LeafSpine)], 1024LL);  // Table 4: 1,024 spine-leaf cables
        // Table 4's 1,020 "compute and UFM" cables are 1,016 DGX ports + 4 UFM appliances on the compute leaves;
        // FabricPlan puts the UFM appliances on the storage fabric's endpoints (README explains): 1,016 here.
        QCOMPARE(byClass[std::size_t(LinkClass::HostLeaf)], 1016LL);
        // Table 7: UFM appliances and management servers, as endpoint groups.
        long long ufm = 0, mgmt = 0;
        for (const NetworkSpec& n : s.networks)
            for (const EndpointGroup& g : n.endpoints) {
                if (g.name == "UFM appliances") ufm += g.count;
                if (g.name == "management servers") mgmt += g.count;
            }
        QCOMPARE(ufm, 4LL);
        QCOMPARE(mgmt, 5LL);
        // Storage, in-band, OOB: the RA's models, our closed forms.
        QCOMPARE(c.networks[1].endpointPorts, 290LL);
        QCOMPARE(switchesOf(1, "MQM9700-NS2F"), 18LL);
        // 610 links; a splitter cable (one twin-port OSFP end, legsB QSFP112 ends) carries legsB of them.
        const auto linksOf = [&](std::size_t i) {
            const auto byClass = estimate::linkCountsByClass(c.networks[i].plan.fabric);
            return byClass[std::size_t(LinkClass::HostLeaf)] + byClass[std::size_t(LinkClass::LeafSpine)];
        };
        const auto linksCarriedBeyondOnePerCable = [&](std::size_t i) {
            long long extra = 0;
            for (const BomLine& l : c.networks[i].plan.bom.lines)
                if (l.category == BomCategory::Cables)
                    if (const CableModel* cable = catalog_.findCable(l.part)) extra += l.qty * (cable->legsB - 1);
            return extra;
        };
        QCOMPARE(linksOf(1), 610LL);
        QCOMPARE(c.figures[1].cables + linksCarriedBeyondOnePerCable(1), 610LL);
        QCOMPARE(c.networks[2].endpointPorts, 264LL);
        QCOMPARE(switchesOf(2, "SN4600C"), 17LL);
        QCOMPARE(linksOf(2), 552LL);
        QCOMPARE(c.figures[2].cables + linksCarriedBeyondOnePerCable(2), 552LL);
        QCOMPARE(c.networks[3].endpointPorts, 299LL);
        QCOMPARE(switchesOf(3, "SN2201"), 8LL);
        QCOMPARE(switchesOf(3, "SN4600C"), 1LL);
        QCOMPARE(linksOf(3), 331LL);
        QCOMPARE(c.figures[3].cables, 331LL);  // Cat6 cords and 100G cables or fibres: one link each
        // The SN2201's uplinks leave from its QSFP28 cages (ports 49-52), at 100G, never from an RJ45 port.
        const Plan& oob = c.networks[3].plan;
        QCOMPARE(oob.fabric.shape.fabricGbps, 100);
        for (const Link& l : oob.fabric.links) {
            if (l.cls == LinkClass::HostLeaf) QVERIFY(l.bPort < 48);
            if (l.cls == LinkClass::LeafSpine) {
                QVERIFY2(l.aPort >= 48 && l.aPort < 52, oob.fabric.portName(l.a, l.aPort).c_str());
                QVERIFY(l.bPort < 64);
            }
        }
        for (const LinkSolution& sol : oob.media.solutions)
            if (sol.cls == LinkClass::LeafSpine)
                QVERIFY2(sol.cablePart.rfind("GEN-CAT6", 0) != 0, sol.cablePart.c_str());  // no RJ45 cord at 100G
        for (std::size_t i = 0; i < c.networks.size(); ++i)
            QVERIFY2(errorsOf(c.networks[i].plan) == 0, errorText(c.networks[i].plan).c_str());
    }

    // NVIDIA DGX SuperPOD GB200 RA, network-fabrics.html: "These network segments are carried by four different
    // physical fabrics: Multi-node NVLink Fabric, Compute InfiniBand Fabric, Storage and In-band Ethernet Fabric,
    // Out-of-Band network", the Ethernet fabric on SN5600 (Mission Control GB200 north-south deploy guide:
    // "Ethernet switches x amount of SN5600"); DGX GB200 User Guide, Hardware: "2x TOR Switches for management"
    // per rack. So a GB200 cluster's defaults are one converged storage + in-band network on SN5600 (no
    // InfiniBand storage fabric) and an OOB network whose first tier is the racks' own management switches.
    // Worked out for 8 racks (576 GPUs, 144 compute trays, 18 per rack):
    //   converged: 144 trays x (2 storage + 2 in-band BlueField-3 ports) + 5 management servers x 2 + 18 storage
    //     appliances (1 per 8 trays) x 2 = 576 + 10 + 36 = 622 ports at 400G;
    //   OOB: 8 racks x 2 in-rack switch uplinks + 5 management-server BMCs + 18 storage management ports = 39,
    //     plus one management port per switch of the compute and converged fabrics; no per-tray BMC and no PDU
    //     (the in-rack switches take those, and they are counted with the rack).
    void gb200FollowsTheSuperPodGb200Architecture()
    {
        const PlatformModel* gb200 = catalog_.findPlatform("GB200-NVL72");
        QVERIFY(gb200);
        ClusterSpec s;
        s.gpus = 576;
        s.switchModel = "MQM9700-NS2F";
        s.suNodes = 144;
        applyPlatform(s, *gb200);  // 4 GPUs and NICs per tray, 18 trays per rack (platforms.csv)
        QCOMPARE(nodesPerRackOf(s.floor), 18);
        s.networks = referenceNetworks(*gb200, s);
        QCOMPARE(s.networks.size(), std::size_t(2));
        const NetworkSpec& converged = s.networks[0];
        QCOMPARE(converged.role, NetworkRole::StorageInBand);
        QCOMPARE(converged.switchModel, std::string("SN5600"));
        QCOMPARE(converged.linkGbps, 400);
        QCOMPARE(s.networks[1].role, NetworkRole::OutOfBand);
        for (const EndpointGroup& g : s.networks[1].endpoints) {
            QVERIFY2(g.per != EndpointCount::PerComputeNode, g.name.c_str());  // no tray BMC: the rack's switches
            QVERIFY2(g.name.find("PDU") == std::string::npos, g.name.c_str());
        }
        const ClusterPlan c = makeClusterPlan(s, catalog_);
        QCOMPARE(c.networks.size(), std::size_t(3));
        QCOMPARE(c.networks[1].endpointPorts, 622LL);
        QCOMPARE(c.networks[2].endpointPorts, 39 + c.figures[0].switches + c.figures[1].switches);
        for (std::size_t i = 0; i < c.networks.size(); ++i) {
            QVERIFY2(errorsOf(c.networks[i].plan) == 0, errorText(c.networks[i].plan).c_str());
            for (const BomLine& l : c.networks[i].plan.bom.lines)
                if (i > 0 && l.category == BomCategory::Switches) QVERIFY2(l.part != "MQM9700-NS2F", l.part.c_str());
        }
    }

    // The CLI's network table keeps its columns with a name longer than the heading's ("storage_inband"):
    // each row's role starts where the heading's "role" does.
    void networkTableColumnsAlign()
    {
        const test::CliRun r = test::runCli({QStringLiteral("plan"), QStringLiteral("--platform"), QStringLiteral("GB200-NVL72"),
                                             QStringLiteral("--gpus"), QStringLiteral("576"), QStringLiteral("--su-nodes"),
                                             QStringLiteral("144")});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'));
        const auto at = [&](const QString& start, const QString& word) -> qsizetype {
            for (const QString& l : lines)
                if (l.startsWith(start) && l.contains(word)) return l.indexOf(word);
            return -2;
        };
        const qsizetype role = at(QStringLiteral("  network "), QStringLiteral("role"));
        QVERIFY(role > 0);
        QCOMPARE(at(QStringLiteral("  compute "), QStringLiteral("Compute fabric")), role);
        QCOMPARE(at(QStringLiteral("  storage_inband "), QStringLiteral("Storage and in-band")), role);
        QCOMPARE(at(QStringLiteral("  oob "), QStringLiteral("Out-of-band")), role);
    }

    // `plan --platform DGX-H100 --gpus 1016` plans all four networks; --compute-only, the compute fabric alone
    // (the JSON as before: no networks, no total); a design file plans only the networks it lists.
    // Every network's parts fail and need spares, and the plan says how many (the storage fabric's Resilience
    // tab read "0.00 failures/month; 0 spares" beside a BOM of 758 transceivers and 33 spares). Checked against
    // the network's own BOM and counts: installed switches and transceivers, installed x AFR / 100 / 12 by
    // hand, the percentage rule's spares against the BOM's spares lines; and the CLI prints the JSON's figures.
    void everyNetworksPartsFailAndNeedSpares()
    {
        const QString json = tmp_.filePath(QStringLiteral("all-networks.json"));
        const test::CliRun r = test::runCli({QStringLiteral("plan"),
                                             QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024-all-networks.fabricplan"),
                                             QStringLiteral("--json"), json});
        QCOMPARE(r.exitCode, 0);
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const nlohmann::json plan = nlohmann::json::parse(file.readAll().toStdString());
        const std::string text = r.out.toStdString();
        QCOMPARE(plan["networks"][0]["part_failures"]["failures_per_month_total"].get<double>(),
                 plan["resilience"]["failures_per_month_total"].get<double>());
        for (std::size_t i = 1; i < plan["networks"].size(); ++i) {
            const nlohmann::json& n = plan["networks"][i];
            const nlohmann::json& pf = n["part_failures"];
            const std::string name = n["name"].get<std::string>();
            double sum = 0;
            for (const auto& [cls, rate] : pf["failure_rates"].items()) {
                const double byHand = rate["installed"].get<double>() * rate["afr_pct"].get<double>() / 100.0 / 12.0;
                QVERIFY2(std::abs(pf["expected_failures_per_month"][cls].get<double>() - byHand) < 1e-12, cls.c_str());
                sum += byHand;
            }
            QVERIFY2(sum > 0, name.c_str());
            QVERIFY(std::abs(pf["failures_per_month_total"].get<double>() - sum) < 1e-9);
            QCOMPARE(pf["failure_rates"]["switch"]["installed"].get<long long>(), n["figures"]["switches"].get<long long>());
            long long transceivers = 0;
            for (const char* cls : {"transceiver_multimode", "transceiver_single_mode"})
                if (pf["failure_rates"].contains(cls)) transceivers += pf["failure_rates"][cls]["installed"].get<long long>();
            QCOMPARE(transceivers, n["figures"]["transceivers"].get<long long>());
            long long bomSpares = 0, ruleSpares = 0;
            for (const auto& line : n["bom"])
                if (line["category"] == "spares") bomSpares += line["qty"].get<long long>();
            for (const auto& s : pf["spares"]) ruleSpares += s["spares_percent_rule"].get<long long>();
            QVERIFY2(bomSpares > 0, name.c_str());
            QCOMPARE(ruleSpares, bomSpares);
            // The CLI's line under the network: the JSON's total, two decimals.
            const std::string line = "    parts: " + formatTwoDecimals(pf["failures_per_month_total"].get<double>()) +
                                     " failures/month";
            const std::size_t at = text.find("  " + name + ": ");
            QVERIFY2(at != std::string::npos && text.find(line, at) != std::string::npos, (name + "\n" + text).c_str());
        }
        // The cluster's parts, under the networks table: the sums of every network's figures (the compute
        // fabric's included), added up here from the JSON.
        double perMonth = 0;
        long long spares = 0, percentRule = 0;
        std::map<std::string, double> demand;  // pooled: each part's mean demand over the networks
        for (const auto& n : plan["networks"]) {
            perMonth += n["part_failures"]["failures_per_month_total"].get<double>();
            for (const auto& s : n["part_failures"]["spares"]) {
                spares += s["spares"].get<long long>(), percentRule += s["spares_percent_rule"].get<long long>();
                demand[s["part"].get<std::string>()] += s["mean_demand"].get<double>();
            }
        }
        // The pooled stock by direct summation of the Poisson terms (not poisson.h): the smallest s with
        // P(X > s) <= 1 %.
        long long pooled = 0;
        for (const auto& [part, mean] : demand) {
            double term = std::exp(-mean), cdf = term;
            int s = 0;
            while (1.0 - cdf > 0.01) term *= mean / ++s, cdf += term;
            pooled += s;
        }
        QVERIFY2(pooled < spares, "the example's networks share parts (QM9700, SN4600C, optics): pooling must save");
        const std::string all = "  parts of all 4 networks: " + formatTwoDecimals(perMonth) + " failures/month (";
        QVERIFY2(text.find(all) != std::string::npos, (all + "\n" + text).c_str());
        const std::string sparesText = "service level: " + withThousands(spares) + " parts as each network sizes them, " +
                                       withThousands(pooled) + " pooled by part number (percentage rule: " +
                                       withThousands(percentRule) + ")";
        QVERIFY2(text.find(sparesText) != std::string::npos, sparesText.c_str());
        // In the plan itself: the other networks have no failure domains or job figures to misread.
        const ClusterPlan c = makeClusterPlan(loadSpecFile(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024-all-networks.fabricplan").spec,
                                              catalog_);
        QVERIFY(c.compute().resilience.describesJobs);
        for (std::size_t i = 1; i < c.networks.size(); ++i) {
            const Resilience& res = c.networks[i].plan.resilience;
            QVERIFY(!res.describesJobs);
            QVERIFY(res.domains.empty());
            QCOMPARE(res.jobInterruptionsPerDay, 0.0);
            QVERIFY(failureRangeLines(failureRangeReport(c.networks[i].plan.spec, c.networks[i].plan.fabric, res), res).empty());
            QVERIFY(resilienceSummary(res).find("interruptions/day") == std::string::npos);
        }
    }

    // An OOB network set to one switch that its 300 ports overflow is told what it can be set to: two tiers
    // (its tiers are 0, 1 or 2), not "use three tiers" and "no switch connects it in three tiers".
    void oneSwitchNetworkTooBigIsToldTwoTiers()
    {
        ClusterSpec s = loadSpecFile(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024-all-networks.fabricplan").spec;
        QCOMPARE(s.networks[2].role, NetworkRole::OutOfBand);
        s.networks[2].tiers = 1;
        try {
            (void)makeClusterPlan(s, catalog_);
            QFAIL("300 OOB ports do not fit one 48-port SN2201");
        } catch (const UserError& e) {
            QVERIFY2(std::string(e.where).rfind("/networks/2", 0) == 0, e.where.c_str());
            QVERIFY2(std::string(e.what()).rfind("300 endpoint ports exceed", 0) == 0, e.what());
            QVERIFY2(e.fix.rfind("use two tiers, leaf-spine", 0) == 0, e.fix.c_str());
            QVERIFY2(e.fix.find("three tiers") == std::string::npos, e.fix.c_str());
        }
    }

    void platformFlagBringsItsNetworks()
    {
        const auto planJson = [](QStringList extra) {
            const test::CliRun r = test::runCli(QStringList{QStringLiteral("plan"), QStringLiteral("--platform"),
                                                            QStringLiteral("DGX-H100"), QStringLiteral("--gpus"),
                                                            QStringLiteral("1016"), QStringLiteral("--json"), QStringLiteral("-")} +
                                                extra);
            if (r.exitCode != 0) qWarning("%s", r.err.constData());
            return nlohmann::json::parse(r.out.toStdString());
        };
        const nlohmann::json all = planJson({});
        QVERIFY(all.contains("networks"));
        QCOMPARE(all["networks"].size(), std::size_t(4));
        QCOMPARE(all["networks"][1]["name"].get<std::string>(), std::string("storage"));
        QCOMPARE(all["networks"][2]["name"].get<std::string>(), std::string("inband"));
        QCOMPARE(all["networks"][3]["name"].get<std::string>(), std::string("oob"));
        for (const auto& n : all["networks"]) QCOMPARE(n["figures"]["errors"].get<int>(), 0);
        const nlohmann::json alone = planJson({QStringLiteral("--compute-only")});
        QVERIFY(!alone.contains("networks"));
        QVERIFY(!alone.contains("total"));
        QCOMPARE(alone["capex_usd"]["total"].get<double>(), all["capex_usd"]["total"].get<double>());
        const test::CliRun file = test::runCli({QStringLiteral("plan"),
                                                QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/dgx-h100-superpod-1024.fabricplan"),
                                                QStringLiteral("--platform"), QStringLiteral("DGX-H100"),
                                                QStringLiteral("--json"), QStringLiteral("-")});
        QCOMPARE(file.exitCode, 0);
        QVERIFY(!nlohmann::json::parse(file.out.toStdString()).contains("networks"));
    }

private:
    QTemporaryDir tmp_;
    Catalog catalog_;
};

QTEST_GUILESS_MAIN(TestManagementNetworks)
#include "test_management_networks.moc"
