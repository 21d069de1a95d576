// A cluster of several networks (issue 38): each extra network is planned by the same stages as the
// compute fabric from its NetworkSpec alone, its switch counts follow the closed form of a non-rail
// leaf-spine worked out here by hand, a total is the sum of its networks (in memory, in the plan JSON
// and in the CSVs), and a compute-only design plans and prints exactly as before.
#include <QtTest>

#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "bom/bom.h"
#include "catalog/catalog_db.h"
#include "common/error.h"
#include "plan/cluster_plan.h"
#include "plan/cluster_plan_json.h"
#include "plan/invariants.h"
#include "plan/plan_json.h"
#include "spec/spec_json.h"

using namespace fp;
using nlohmann::json;

namespace {

// The bundled DGX H100 SuperPOD compute fabric: 1,024 GPUs = 128 DGX H100 nodes.
ClusterSpec dgxH100()
{
    ClusterSpec s;
    s.gpus = 1024;
    s.platform = "DGX-H100";
    s.nicModel = "MCX75310AAS-NEAT";
    s.switchModel = "MQM9700-NS2F";
    s.suNodes = 32;
    return s;
}

NetworkSpec storage(int storageServers, int portsEach)
{
    NetworkSpec n;
    n.name = "storage";
    n.role = NetworkRole::Storage;
    n.fabric = FabricKind::InfiniBand;
    n.switchModel = "MQM9700-NS2F";
    n.portModel = "MCX715105AS-WEAT";
    n.linkGbps = 400;
    n.endpoints = {{"DGX storage ports", EndpointCount::PerComputeNode, 0, 2},
                   {"storage servers", EndpointCount::Fixed, storageServers, portsEach}};
    return n;
}


using test::CliRun;
CliRun cli(const QStringList& args) { return test::runCli(args); }

QString example(const char* name) { return QStringLiteral(FABRICPLAN_EXAMPLES_DIR "/") + QLatin1String(name); }

// Plain CSV split (the files' fields here hold no quoted commas in the columns read).
std::vector<std::vector<std::string>> csvRows(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    std::vector<std::vector<std::string>> rows;
    std::istringstream in(f.readAll().toStdString());
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::vector<std::string> cells;
        std::string cell;
        bool quoted = false;
        for (char ch : line) {
            if (ch == '"') quoted = !quoted;
            else if (ch == ',' && !quoted) cells.push_back(cell), cell.clear();
            else cell += ch;
        }
        cells.push_back(cell);
        rows.push_back(cells);
    }
    return rows;
}

} // namespace

class TestNetworks : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // 128 nodes x 2 storage ports + 16 storage servers x 2 ports = 288 ports on 64-port QM9700 leaves at
    // 1:1: 32 down + 32 up per leaf, so ceil(288 / 32) = 9 leaves of 32 uplinks. Spines: the fewest S from
    // ceil(9 x 32 / 64) = 5 where each leaf sends the same m = ceil(32 / S) links to every spine within its
    // 32 uplinks and a spine takes 9 x m <= 64: S = 5, 6, 7 need 35, 36, 35 uplinks, S = 8 (m = 4) fits.
    // 288 host links, 9 x 32 = 288 leaf-spine links.
    void storageFabricClosedForm()
    {
        ClusterSpec s = dgxH100();
        s.networks = {storage(16, 2)};
        const ClusterPlan c = makeClusterPlan(s, catalog_);
        QCOMPARE(c.networks.size(), std::size_t(2));
        const NetworkPlan& st = c.networks[1];
        QCOMPARE(st.name, std::string("storage"));
        QCOMPARE(st.endpointPorts, 288LL);
        QCOMPARE(st.plan.fabric.shape.tiers, 2);
        QCOMPARE(st.plan.fabric.switchCount(Tier::Leaf), 9LL);
        QCOMPARE(st.plan.fabric.switchCount(Tier::Spine), 8LL);
        QCOMPARE(static_cast<long long>(st.plan.fabric.links.size()), 288LL + 288LL);
        QCOMPARE(st.plan.errorCount(), 0);
        // The compute fabric is today's plan of the same spec, untouched by the other network.
        ClusterSpec computeOnly = s;
        computeOnly.networks.clear();
        const Plan alone = makePlan(computeOnly, catalog_);
        QCOMPARE(c.compute().fabric.switchCount(), alone.fabric.switchCount());
        QCOMPARE(c.compute().estimates.capex.totalUsd, alone.estimates.capex.totalUsd);
        QCOMPARE(json(planToJson(alone)["bom"]), json(planToJson(c.compute())["bom"]));
    }

    // 64 ports fit one switch (tiers auto): 24 nodes x 2 + 8 servers x 2 = 64 -> one 64-port switch;
    // 65 ports do not: 3 leaves of 32 down (ceil(65 / 32)), spines from ceil(3 x 32 / 64) = 2: m = 16, 2 x 16
    // = 32 uplinks, 3 x 16 = 48 <= 64 -> 2 spines.
    void singleSwitchUntilItIsFull()
    {
        ClusterSpec s = dgxH100();
        s.gpus = 24 * 8;
        s.suNodes = 0;
        s.networks = {storage(8, 2)};
        ClusterPlan c = makeClusterPlan(s, catalog_);
        QCOMPARE(c.networks[1].endpointPorts, 64LL);
        QCOMPARE(c.networks[1].plan.fabric.shape.tiers, 1);
        QCOMPARE(c.networks[1].plan.fabric.switchCount(), 1LL);
        s.networks[0].endpoints.push_back({"UFM appliance", EndpointCount::Fixed, 1, 1});
        c = makeClusterPlan(s, catalog_);
        QCOMPARE(c.networks[1].endpointPorts, 65LL);
        QCOMPARE(c.networks[1].plan.fabric.switchCount(Tier::Leaf), 3LL);
        QCOMPARE(c.networks[1].plan.fabric.switchCount(Tier::Spine), 2LL);
    }

    // An OOB-style network counts one port per switch of the networks before it (the compute fabric's
    // 32 leaves + 16 spines, the storage fabric's 9 + 8 above) plus one per node: 48 + 17 + 128 = 193.
    // (The catalog has no 1 GbE RJ45 parts yet, so this network runs at 400G: the count is what is tested.)
    void perSwitchEndpointsCountEarlierNetworks()
    {
        ClusterSpec s = dgxH100();
        NetworkSpec oob = storage(0, 1);
        oob.name = "oob";
        oob.role = NetworkRole::OutOfBand;
        oob.endpoints = {{"node BMCs", EndpointCount::PerComputeNode, 0, 1},
                         {"switch management ports", EndpointCount::PerSwitch, 0, 1}};
        s.networks = {storage(16, 2), oob};
        const ClusterPlan c = makeClusterPlan(s, catalog_);
        QCOMPARE(c.figures[0].switches, 48LL);
        QCOMPARE(c.figures[1].switches, 17LL);
        QCOMPARE(c.networks[2].endpointPorts, 128LL + 48 + 17);
    }

    // Totals are the sums of the networks' figures, and the figures those of each network's own plan.
    void totalIsTheSumOfItsNetworks()
    {
        ClusterSpec s = dgxH100();
        NetworkSpec inband = storage(5, 2);
        inband.name = "inband";
        inband.role = NetworkRole::InBand;
        inband.fabric = FabricKind::RoCE;
        inband.switchModel = "SN5600";
        s.networks = {storage(16, 2), inband};
        const ClusterPlan c = makeClusterPlan(s, catalog_);
        QCOMPARE(c.networks.size(), std::size_t(3));
        long long switches = 0, cables = 0;
        double capex = 0;
        for (const NetworkPlan& n : c.networks) {
            switches += n.plan.fabric.switchCount();
            cables += static_cast<long long>(bom::cableCount(n.plan.fabric, n.plan.media));
            capex += n.plan.bom.totalUsd;
        }
        QCOMPARE(c.total.switches, switches);
        QCOMPARE(c.total.cables, cables);
        QVERIFY(std::abs(c.total.capexUsd - capex) < 0.01);
        QVERIFY(c.figures[1].capexUsd > 0);
        // A network's power is what the compute summary calls network power (estimate::opexOf).
        QVERIFY(std::abs(c.figures[0].powerW - c.compute().estimates.opex.powerKw * 1000.0) < 1e-6);
        QVERIFY(c.figures[1].powerW > 0);
        // The storage ports come with the DGX and the storage servers: no NIC is priced on that network.
        QCOMPARE(c.networks[1].plan.bom.subtotalUsd(BomCategory::Nics), 0.0);
    }

    // A comparison's alternatives each carry the other networks planned around them: an OOB network's
    // management ports follow each fabric's own switch count, so its total is not the compute fabric's
    // plus a constant.
    void comparisonAlternativesCarryTheOtherNetworks()
    {
        ClusterSpec s = dgxH100();
        NetworkSpec oob = storage(0, 1);
        oob.name = "oob";
        oob.role = NetworkRole::OutOfBand;
        oob.fabric = FabricKind::RoCE;
        oob.switchModel = "SN5600";
        oob.endpoints = {{"node BMCs", EndpointCount::PerComputeNode, 0, 1}, {"switch management", EndpointCount::PerSwitch, 0, 1}};
        s.networks = {storage(16, 2), oob};
        const Comparison cmp = comparePlans(s, catalog_);
        const std::vector<NetworkFigures> totals = clusterTotalsOf(cmp, catalog_);
        QCOMPARE(totals.size(), cmp.plans.size());
        for (std::size_t i = 0; i < cmp.plans.size(); ++i) {
            // The same as planning that alternative's design as a cluster from scratch.
            const ClusterPlan whole = makeClusterPlan(cmp.plans[i].spec, catalog_);
            QCOMPARE(totals[i].switches, whole.total.switches);
            QCOMPARE(totals[i].cables, whole.total.cables);
            QVERIFY(std::abs(totals[i].capexUsd - whole.total.capexUsd) < 0.01);
            // The OOB ports: one per node (128) and one per switch of the compute and storage fabrics.
            QCOMPARE(whole.networks[2].endpointPorts, 128LL + whole.figures[0].switches + whole.figures[1].switches);
        }
        // Without other networks: nothing.
        QVERIFY(clusterTotalsOf(comparePlans(dgxH100(), catalog_), catalog_).empty());
    }

    // Bad networks are refused with the network's field and a fix, before anything is planned.
    void badNetworksNameTheirField_data()
    {
        QTest::addColumn<int>("mistake");
        QTest::addColumn<QString>("where");
        QTest::newRow("no endpoints") << 0 << "/networks/0/endpoints (storage)";
        QTest::newRow("no ports") << 1 << "/networks/0/endpoints (storage)";
        QTest::newRow("unknown switch") << 2 << "/networks/0/switch (storage)";
        QTest::newRow("duplicate name") << 3 << "/networks/1/name (storage)";
        QTest::newRow("ratio") << 4 << "/networks/0/leaf_oversubscription (storage)";
    }
    void badNetworksNameTheirField()
    {
        QFETCH(int, mistake);
        QFETCH(QString, where);
        ClusterSpec s = dgxH100();
        s.networks = {storage(16, 2)};
        NetworkSpec& n = s.networks[0];
        if (mistake == 0) n.endpoints.clear();
        if (mistake == 1) n.endpoints = {{"storage servers", EndpointCount::Fixed, 0, 2}};
        if (mistake == 2) n.switchModel = "NO-SUCH-SWITCH";
        if (mistake == 3) s.networks.push_back(n);
        if (mistake == 4) n.leafOversubscription.down = 0;
        try {
            makeClusterPlan(s, catalog_);
            QFAIL("planned a bad network");
        } catch (const UserError& e) {
            QCOMPARE(QString::fromStdString(e.where), where);
            QVERIFY(!e.fix.empty() || mistake == 2);
        }
    }

    // makeClusterPlan(spec) plans the other networks on the other core while the compute fabric is planned;
    // its first error must be the one planning them after it gives: the compute fabric's before any
    // network's, and among networks the first in the design's order, even when a later network (planned
    // ahead) fails sooner.
    void besideTheComputeFabricTheFirstErrorIsTheSequences_data()
    {
        QTest::addColumn<bool>("computeBad");
        QTest::addColumn<int>("badNetwork");  // -1 none, else its index in {oob, storage}
        QTest::addColumn<QString>("where");
        QTest::addColumn<bool>("storageOnOneSwitch");  // its 290 ports on one 64-port switch: a topology error
        QTest::newRow("compute and network") << true << 1 << "/fabric/switch" << false;
        QTest::newRow("first network") << false << 0 << "/networks/0/switch (oob)" << false;
        QTest::newRow("second network") << false << 1 << "/networks/1/switch (storage)" << false;
        // Placed after the first network is: its topology fails while the first's later stages may run.
        QTest::newRow("second network's topology") << false << -1 << "/networks/1 (storage)" << true;
        // The first network's unknown switch comes before the second's topology.
        QTest::newRow("first before second's topology") << false << 0 << "/networks/0/switch (oob)" << true;
    }
    void besideTheComputeFabricTheFirstErrorIsTheSequences()
    {
        QFETCH(bool, computeBad);
        QFETCH(int, badNetwork);
        QFETCH(QString, where);
        QFETCH(bool, storageOnOneSwitch);
        ClusterSpec s = dgxH100();
        NetworkSpec oob;
        oob.name = "oob";
        oob.role = NetworkRole::OutOfBand;
        oob.fabric = FabricKind::RoCE;
        oob.switchModel = "SN2201";
        oob.portModel = "GEN-1GBE-RJ45-PORT";
        oob.endpoints = {{"switch management ports", EndpointCount::PerSwitch, 0, 1}};
        s.networks = {oob, storage(16, 2)};
        if (computeBad) s.switchModel = "NO-SUCH-SWITCH";
        if (badNetwork >= 0) s.networks[std::size_t(badNetwork)].switchModel = "NO-SUCH-SWITCH-EITHER";
        if (badNetwork == 1) s.networks[0].switchModel = "SN2201";
        if (storageOnOneSwitch) s.networks[1].tiers = 1;
        // Both ways; FABRICPLAN_THREADS is not set in the tests, so the first runs beside (2 cores in CI).
        std::string beside, sequence;
        try {
            makeClusterPlan(s, catalog_);
        } catch (const UserError& e) {
            beside = e.where;
        }
        try {
            makeClusterPlan(makePlan(s, catalog_), catalog_);
        } catch (const UserError& e) {
            sequence = e.where;
        }
        QCOMPARE(QString::fromStdString(sequence), where);
        QCOMPARE(QString::fromStdString(beside), where);
        // Good networks: the same plans either way (the OOB network counts the compute and storage switches).
        s = dgxH100();
        s.networks = {storage(16, 2), oob};
        const ClusterPlan a = makeClusterPlan(s, catalog_);
        const ClusterPlan b = makeClusterPlan(makePlan(s, catalog_), catalog_);
        QCOMPARE(a.networks.size(), std::size_t(3));
        QCOMPARE(a.networks[2].endpointPorts, a.figures[0].switches + a.figures[1].switches);
        for (std::size_t i = 0; i < 3; ++i) {
            QCOMPARE(a.networks[i].endpointPorts, b.networks[i].endpointPorts);
            QCOMPARE(a.figures[i].cables, b.figures[i].cables);
            QCOMPARE(a.figures[i].capexUsd, b.figures[i].capexUsd);
        }
    }

    // A network large enough that its checks run beside its BOM (PlanOptions::checksBesideBom, above
    // 20,000 links): the same findings, BOM and figures as planned on one core, one stage after another.
    void largeNetworksPlanAlikeOnOneCoreAndOnTwo()
    {
        ClusterSpec s = dgxH100();
        s.gpus = 65'536;  // 8,192 nodes: the storage network's 16,384 node ports and its uplinks
        s.networks = {storage(64, 2)};
        s.networks[0].leafOversubscription = {4, 3};  // fewer uplinks than ports: a bug in either order shows
        // One core, then two (the networks beside the compute fabric, their checks beside their BOM).
        const QByteArray threads = qgetenv("FABRICPLAN_THREADS");
        qputenv("FABRICPLAN_THREADS", "1");
        const ClusterPlan one = makeClusterPlan(s, catalog_);
        qputenv("FABRICPLAN_THREADS", "2");
        const ClusterPlan two = makeClusterPlan(s, catalog_);
        if (threads.isNull()) qunsetenv("FABRICPLAN_THREADS");
        else qputenv("FABRICPLAN_THREADS", threads);
        QCOMPARE(two.networks.size(), std::size_t(2));
        const Plan& a = one.networks[1].plan;
        const Plan& b = two.networks[1].plan;
        QVERIFY(b.fabric.links.size() >= 20'000);
        QCOMPARE(b.findings.size(), a.findings.size());
        for (std::size_t k = 0; k < a.findings.size(); ++k) QCOMPARE(b.findings[k].message, a.findings[k].message);
        QCOMPARE(b.bom.lines.size(), a.bom.lines.size());
        for (std::size_t k = 0; k < a.bom.lines.size(); ++k) {
            QCOMPARE(b.bom.lines[k].part, a.bom.lines[k].part);
            QCOMPARE(b.bom.lines[k].qty, a.bom.lines[k].qty);
        }
        for (std::size_t i = 0; i < one.figures.size(); ++i) {
            QCOMPARE(two.figures[i].cables, one.figures[i].cables);
            QCOMPARE(two.figures[i].transceivers, one.figures[i].transceivers);
            QCOMPARE(two.figures[i].errors, one.figures[i].errors);
            QCOMPARE(two.figures[i].capexUsd, one.figures[i].capexUsd);
        }
        QCOMPARE(two.total.capexUsd, one.total.capexUsd);
        // The stages are timed in plan order either way: the checks before the BOM.
        const auto stages = [](const Plan& p) {
            QStringList names;
            for (const StageTiming& t : p.timings) names << QString::fromStdString(t.stage);
            return names;
        };
        QCOMPARE(stages(b), stages(a));
        QVERIFY(stages(b).indexOf("checks") < stages(b).indexOf("bom"));
    }

    // The design file: networks round-trip; a design without them is written as before (no key).
    void designJsonRoundTrip()
    {
        ClusterSpec s = dgxH100();
        QVERIFY(!specToJson(s).contains("networks"));
        s.networks = {storage(16, 2)};
        s.networks[0].leafOversubscription = {4, 3};
        s.networks[0].leafSwitchModel = "MQM9790-NS2F";
        const ClusterSpec back = specFromJson(specToJson(s), "test").spec;
        QVERIFY(back.networks == s.networks);
        QVERIFY(!specToJson(s)["networks"][0]["endpoints"][1].contains("power_w"));  // written only when given
        // A server group's power (format minor 4), read back to the watt.
        ClusterSpec powered = s;
        powered.networks[0].endpoints[1].powerWEach = 1'600.5;
        const json withPower = specToJson(powered);
        QCOMPARE(withPower.at("format_minor").get<int>(), 4);
        QCOMPARE(withPower["networks"][0]["endpoints"][1]["power_w"].get<double>(), 1'600.5);
        QVERIFY(specFromJson(withPower, "test").spec.networks == powered.networks);
        json bad = specToJson(s);
        bad["networks"][0]["endpoints"][0]["per"] = "per_rack";
        QVERIFY_THROWS_EXCEPTION(UserError, specFromJson(bad, "test"));
        bad = specToJson(s);
        bad["networks"][0]["port_modle"] = "x";
        QVERIFY_THROWS_EXCEPTION(UserError, specFromJson(bad, "test"));
        bad = specToJson(s);
        bad["format_version"] = 1;  // networks came with format 2: a format 1 file may not carry them
        QVERIFY_THROWS_EXCEPTION(UserError, specFromJson(bad, "test"));
    }

    // Random compute fabrics with random storage / in-band networks: every network passes the
    // invariant checks (ports, cages, cable plan = BOM) and the totals are the sums.
    void randomNetworksKeepTheInvariants()
    {
        std::mt19937 rng(38);
        const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
        int planned = 0;
        for (int attempt = 0; attempt < 80 && planned < 30; ++attempt) {
            ClusterSpec s;
            s.gpus = 8 * pick(1, 300);
            s.platform = pick(0, 1) ? "DGX-H100" : "";
            s.nicModel = "MCX75310AAS-NEAT";
            s.switchModel = "MQM9700-NS2F";
            s.railOptimized = pick(0, 1);
            const int count = pick(1, 3);
            for (int k = 0; k < count; ++k) {
                NetworkSpec n = storage(pick(0, 40), pick(1, 4));
                n.name = "net" + std::to_string(k);
                n.role = k == 0 ? NetworkRole::Storage : k == 1 ? NetworkRole::InBand : NetworkRole::OutOfBand;
                if (pick(0, 1)) {
                    n.fabric = FabricKind::RoCE;
                    n.switchModel = "SN5600";
                }
                const int ratio = pick(0, 2);
                n.leafOversubscription = {ratio == 2 ? 4 : ratio + 1, ratio == 2 ? 3 : 1};
                n.tiers = pick(0, 1) ? 0 : 2;
                if (k == 2) n.endpoints.push_back({"switch management", EndpointCount::PerSwitch, 0, 1});
                s.networks.push_back(n);
            }
            ClusterPlan c;
            try {
                c = makeClusterPlan(s, catalog_);
            } catch (const UserError&) {
                continue;
            }
            ++planned;
            NetworkFigures sum;
            for (std::size_t i = 0; i < c.networks.size(); ++i) {
                const std::vector<Finding> broken = checks::invariants(c.networks[i].plan);
                QVERIFY2(broken.empty(), (c.networks[i].name + ": " + (broken.empty() ? "" : broken.front().message)).c_str());
                sum.switches += c.figures[i].switches;
                sum.cables += c.figures[i].cables;
                sum.transceivers += c.figures[i].transceivers;
                sum.capexUsd += c.figures[i].capexUsd;
            }
            QCOMPARE(c.total.switches, sum.switches);
            QCOMPARE(c.total.cables, sum.cables);
            QCOMPARE(c.total.transceivers, sum.transceivers);
            QVERIFY(std::abs(c.total.capexUsd - sum.capexUsd) < 0.01);
        }
        QVERIFY2(planned >= 20, qPrintable(QString::number(planned)));
    }

    // The bundled example with storage and in-band networks, through the CLI: one JSON entry per network
    // with the closed-form counts, a total equal to the sum of the entries, and CSVs whose every row names
    // its network and whose extended prices add up to the total capex.
    // A leaf per place (the hall's rows, the spine room, each network's service row; layout/README).
    // Storage: 128 x 2 node ports -> 8 leaves (32 down), 16 x 2 + 4 UFM = 36 in its service row -> 2: 10
    // leaves; spines from ceil(10 x 32 / 64) = 5: S = 5, 6, 7 need 35, 36, 35 uplinks, S = 8 (m = 4, 10 x 4 =
    // 40 <= 64) -> 8 spines.
    // In-band (SN4600C, 64 x 100G, as NVIDIA's RA): 128 x 2 + 5 management servers x 2 = 266 ports, 32 down + 32
    // up per leaf -> 256 / 32 = 8 leaves in the rows + 1 in its service row = 9; spines from ceil(9 x 32 / 64) =
    // 5: S = 5, 6, 7 need 35, 36, 35 uplinks, S = 8 (m = 4, 9 x 4 = 36 <= 64) fits -> 8 spines.
    // OOB (SN2201, all 48 RJ45 ports down, 4 x 100G up on its QSFP28 cages): 128 BMCs + the 48 + 18 + 17 = 83
    // switches above + 5 management servers + 4 UFM + 16 storage + 64 PDUs = 300 ports: the rows' 128 + 64 + 48
    // row-end switches = 240 -> 5 leaves, the spine room's 32 spines -> 1, the storage row's 20 BMCs + 2
    // leaves -> 1, the in-band row's 5 + 1 -> 1: 8 leaves; one spine takes 8 x 4 = 32 <= 64 uplinks -> 1.
    // Compute: NVIDIA's DGX SuperPOD H100 RA, Table 4 "Compute fabric component count": 4 SUs, 32 leaf and
    // 16 spine QM9700 (docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-h100/
    // latest/network-fabrics.html). The RA's storage, in-band and OOB counts were not retrieved
    // (test_management_networks.cpp), so those networks are checked against the closed form.
    void exampleThroughTheCli()
    {
        const CliRun r = cli({QStringLiteral("plan"), example("dgx-h100-superpod-1024-all-networks.fabricplan"),
                              QStringLiteral("--json"), QStringLiteral("-")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const json j = json::parse(r.out.toStdString());
        QVERIFY(j.contains("networks"));
        const json& nets = j["networks"];
        QCOMPARE(nets.size(), std::size_t(4));
        QCOMPARE(nets[0]["name"].get<std::string>(), std::string("compute"));
        QCOMPARE(nets[0]["topology"]["switches"]["leaf"].get<long long>(), 32LL);
        QCOMPARE(nets[0]["topology"]["switches"]["spine"].get<long long>(), 16LL);
        QCOMPARE(nets[1]["name"].get<std::string>(), std::string("storage"));
        QCOMPARE(nets[1]["endpoint_ports"].get<long long>(), 292LL);
        QCOMPARE(nets[1]["topology"]["switches"]["leaf"].get<long long>(), 10LL);
        QCOMPARE(nets[1]["topology"]["switches"]["spine"].get<long long>(), 8LL);
        QCOMPARE(nets[2]["name"].get<std::string>(), std::string("inband"));
        QCOMPARE(nets[2]["endpoint_ports"].get<long long>(), 266LL);
        QCOMPARE(nets[2]["topology"]["switches"]["leaf"].get<long long>(), 9LL);
        QCOMPARE(nets[2]["topology"]["switches"]["spine"].get<long long>(), 8LL);
        QCOMPARE(nets[3]["name"].get<std::string>(), std::string("oob"));
        QCOMPARE(nets[3]["endpoint_ports"].get<long long>(), 300LL);
        QCOMPARE(nets[3]["topology"]["switches"]["leaf"].get<long long>(), 8LL);
        QCOMPARE(nets[3]["topology"]["switches"]["spine"].get<long long>(), 1LL);
        long long switches = 0, cables = 0, transceivers = 0;
        double capex = 0;
        for (const json& n : nets) {
            switches += n["figures"]["switches"].get<long long>();
            cables += n["figures"]["cables"].get<long long>();
            transceivers += n["figures"]["transceivers"].get<long long>();
            capex += n["capex_usd"]["total"].get<double>();
            QCOMPARE(n["figures"]["capex_usd"].get<double>(), n["capex_usd"]["total"].get<double>());
        }
        QCOMPARE(switches, 48LL + 18 + 17 + 9);
        QCOMPARE(j["total"]["switches"].get<long long>(), switches);
        QCOMPARE(j["total"]["cables"].get<long long>(), cables);
        QCOMPARE(j["total"]["transceivers"].get<long long>(), transceivers);
        QVERIFY(std::abs(j["total"]["capex_usd"].get<double>() - capex) < 0.01);
        // The top-level keys stay the compute fabric's, as scripts read them today.
        QCOMPARE(j["topology"]["switches"]["total"].get<long long>(), 48LL);

        QTemporaryDir dir;
        const CliRun csv = cli({QStringLiteral("plan"), example("dgx-h100-superpod-1024-all-networks.fabricplan"),
                                QStringLiteral("--csv"), dir.path()});
        QVERIFY2(csv.exitCode == 0, csv.err.constData());
        const auto bom = csvRows(dir.filePath(QStringLiteral("bom.csv")));
        QVERIFY(bom.size() > 3);
        QCOMPARE(bom[0][0], std::string("network"));
        double csvCapex = 0;
        std::map<std::string, long long> switchesOf;
        for (std::size_t i = 1; i < bom.size(); ++i) {
            QVERIFY(bom[i][0] == "compute" || bom[i][0] == "storage" || bom[i][0] == "inband" || bom[i][0] == "oob");
            csvCapex += std::stod(bom[i][7]);
            if (bom[i][1] == "switches") switchesOf[bom[i][0]] += std::stoll(bom[i][5]);
        }
        QVERIFY2(std::abs(csvCapex - j["total"]["capex_usd"].get<double>()) < 1.0,
                 qPrintable(QString::number(csvCapex, 'f', 2)));
        QCOMPARE(switchesOf["storage"], 18LL);
        QCOMPARE(switchesOf["inband"], 17LL);
        QCOMPARE(switchesOf["oob"], 9LL);
        const auto cablesCsv = csvRows(dir.filePath(QStringLiteral("cables.csv")));
        QCOMPARE(cablesCsv[0][0], std::string("network"));
        QCOMPARE(static_cast<long long>(cablesCsv.size() - 1), j["total"]["cables"].get<long long>());

        // Printed: one row per network and a total row.
        const CliRun text = cli({QStringLiteral("plan"), example("dgx-h100-superpod-1024-all-networks.fabricplan")});
        QVERIFY(text.out.contains("Networks (4; the total is their sum)"));
        QVERIFY(text.out.contains("  total "));
    }

    // A compute-only design: the JSON has no networks key and the CSV no network column (as before).
    void computeOnlyOutputsUnchanged()
    {
        const CliRun r = cli({QStringLiteral("plan"), example("dgx-h100-superpod-1024.fabricplan"), QStringLiteral("--json"),
                              QStringLiteral("-")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const json j = json::parse(r.out.toStdString());
        QVERIFY(!j.contains("networks"));
        QVERIFY(!j.contains("total"));
        QVERIFY(!j["design"].contains("networks"));
        const CliRun text = cli({QStringLiteral("plan"), example("dgx-h100-superpod-1024.fabricplan")});
        QVERIFY(!text.out.contains("Networks ("));
    }

private:
    Catalog catalog_;
};

QTEST_GUILESS_MAIN(TestNetworks)
#include "test_networks.moc"
