// No silent override (issue 41): where the plan runs another value than the design says, its findings
// carry a warning with both values and why (core/plan/overrides.h, checks floor.rack-power-nodes). The
// expected figures are worked out here from the switches' radix and the floor's numbers, not read back
// from the planner.
#include <QtTest>

#include <algorithm>

#include "catalog/catalog_db.h"
#include "plan/plan.h"
#include "test_catalog_support.h"

using namespace fp;

namespace {

std::vector<Finding> withRule(const Plan& p, const std::string& rule)
{
    std::vector<Finding> out;
    for (const Finding& f : p.findings)
        if (f.rule == rule) out.push_back(f);
    return out;
}

bool contains(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

ClusterSpec ndr(int gpus, int gpusPerNode, int nicsPerNode, const char* sw)
{
    ClusterSpec s;
    s.gpus = gpus;
    s.gpusPerNode = gpusPerNode;
    s.nicsPerNode = nicsPerNode;
    s.nicModel = "MCX75310AAS-NEAT";  // ConnectX-7, one 400G NDR port
    s.fabric = FabricKind::InfiniBand;
    s.switchModel = sw;
    s.railOptimized = true;
    return s;
}

bool severityOrdered(const Plan& p)
{
    return std::is_sorted(p.findings.begin(), p.findings.end(),
                          [](const Finding& a, const Finding& b) { return int(a.severity) < int(b.severity); });
}

} // namespace

class TestOverrides : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    Catalog catalog_;
    PlanOptions quick_;

private slots:
    void initTestCase()
    {
        catalog_ = loadCatalog(testsupport::bundledCatalog(tmp_));
        quick_.findingsOnly = true;
    }

    // 100,000 GPUs of 8 x 400G NICs = 100,000 NIC ports; three tiers of 64-port switches connect
    // 64^3/4 = 65,536 per plane, so the plan splits the 8 rails into 2 rail planes of 50,000 ports.
    void planesTheDesignDidNotSay()
    {
        const Plan p = makePlan(ndr(100000, 8, 8, "MQM9790-NS2F"), catalog_, quick_);
        QCOMPARE(p.spec.planes, 2);
        QVERIFY(p.spec.railPlanes);
        const std::vector<Finding> f = withRule(p, "design.override-planes");
        QCOMPARE(f.size(), std::size_t(1));
        QCOMPARE(f[0].severity, Severity::Warning);
        QVERIFY2(contains(f[0].message, "the design says 1 plane; the plan uses 2 rail planes"), f[0].message.c_str());
        QVERIFY2(contains(f[0].message, "65,536 per plane"), f[0].message.c_str());
        QVERIFY(withRule(p, "design.override-link-speed").empty());  // the design left the speed to the NIC
        QVERIFY(severityOrdered(p));

        // Said in the design, it is no override.
        ClusterSpec asked = ndr(100000, 8, 8, "MQM9790-NS2F");
        asked.planes = 2;
        asked.railPlanes = true;
        const Plan q = makePlan(asked, catalog_, quick_);
        QVERIFY(withRule(q, "design.override-planes").empty());
    }

    // Planes on auto (--planes auto, "planes": "auto"): the plan takes the fewest planes that connect the
    // design, the same 2 rail planes as above (65,536 < 100,000 <= 2 x 65,536), and says so in a note, with
    // no warning; a design that fits keeps one plane.
    void planesOnAutoTakeTheFewestWithoutAWarning()
    {
        ClusterSpec s = ndr(100000, 8, 8, "MQM9790-NS2F");
        s.planes = 0;
        const Plan p = makePlan(s, catalog_, quick_);
        QCOMPARE(p.spec.planes, 2);
        QVERIFY(p.spec.railPlanes);
        QVERIFY(withRule(p, "design.override-planes").empty());
        QVERIFY(std::any_of(p.fabric.notes.begin(), p.fabric.notes.end(),
                            [](const std::string& n) { return contains(n, "2 rail planes"); }));
        ClusterSpec small = ndr(1024, 8, 8, "MQM9790-NS2F");
        small.planes = 0;
        const Plan one = makePlan(small, catalog_, quick_);
        QCOMPARE(one.spec.planes, 1);
        QVERIFY(!one.spec.railPlanes);
        QCOMPARE(one.findings.size(), makePlan(ndr(1024, 8, 8, "MQM9790-NS2F"), catalog_, quick_).findings.size());
    }

    // 70,000 single-NIC nodes at a typed 400 Gb/s: over 65,536, one rail (no rail planes), so each port
    // runs as 2 planes of 200G on the switch's 128 ports at 200G (128^3/4 = 524,288 per plane).
    void linkSpeedTheDesignDidNotSay()
    {
        ClusterSpec s = ndr(70000, 1, 1, "MQM9700-NS2F");
        s.linkGbps = 400;
        const Plan p = makePlan(s, catalog_, quick_);
        QCOMPARE(p.spec.linkGbps, 200);
        QCOMPARE(p.spec.planes, 2);
        const std::vector<Finding> speed = withRule(p, "design.override-link-speed");
        QCOMPARE(speed.size(), std::size_t(1));
        QCOMPARE(speed[0].severity, Severity::Warning);
        QVERIFY2(contains(speed[0].message, "the design says 400 Gb/s links; the plan runs 200 Gb/s links in 2 planes"),
                 speed[0].message.c_str());
        QVERIFY2(contains(speed[0].fix, "200 Gb/s"), speed[0].fix.c_str());
        const std::vector<Finding> planes = withRule(p, "design.override-planes");
        QCOMPARE(planes.size(), std::size_t(1));
        QVERIFY2(contains(planes[0].message, "the plan uses 2 planes"), planes[0].message.c_str());
        QVERIFY(severityOrdered(p));  // the plan has errors too: the warnings come after them

        // The NIC's own speed (0) is overridden just the same: 400G ConnectX-7 ports, 200G links.
        s.linkGbps = 0;
        const std::vector<Finding> native = withRule(makePlan(s, catalog_, quick_), "design.override-link-speed");
        QCOMPARE(native.size(), std::size_t(1));
        QVERIFY2(contains(native[0].message, "the design runs links at the NIC's 400 Gb/s; the plan runs 200 Gb/s links"),
                 native[0].message.c_str());
    }

    // 2,048 GPUs = 256 nodes of 20 kW under a 60 kW budget: floor(60 / 20) = 3 nodes per rack, not 4;
    // ceil(256 / 3) = 86 racks instead of 256 / 4 = 64, 22 added.
    void rackPowerCutsNodesPerRack()
    {
        ClusterSpec s = ndr(2048, 8, 8, "MQM9700-NS2F");
        s.floor.nodesPerRack = 4;
        s.floor.rackPowerBudgetKw = 60;
        s.floor.nodePowerKw = 20;
        const Plan p = makePlan(s, catalog_, quick_);
        const std::vector<Finding> f = withRule(p, "floor.rack-power-nodes");
        QCOMPARE(f.size(), std::size_t(1));
        QCOMPARE(f[0].severity, Severity::Warning);
        QVERIFY2(contains(f[0].message, "the 60.0 kW rack power budget holds 3 nodes of 20.0 kW, not the design's 4 per rack"),
                 f[0].message.c_str());
        QVERIFY2(contains(f[0].message, "3 nodes per rack in use, 86 compute racks instead of 64 (22 added)"),
                 f[0].message.c_str());
        QVERIFY2(contains(f[0].fix, "80.0 kW"), f[0].fix.c_str());  // 4 x 20 kW
        const auto computeRacks = std::count_if(p.layout.racks.begin(), p.layout.racks.end(),
                                                [](const Rack& r) { return r.kind == RackKind::Compute; });
        QCOMPARE(computeRacks, 86);
        QVERIFY(withRule(p, "floor.rack-power").empty());  // every rack holds its budget: 3 x 20 = 60 kW

        s.floor.nodePowerKw = 15;  // floor(60 / 15) = 4: the design's own figure, no finding
        QVERIFY(withRule(makePlan(s, catalog_, quick_), "floor.rack-power-nodes").empty());
    }

    // 256 GPUs = 32 nodes in a design of 64-node SUs: one SU of the 32 there are (info).
    void suLargerThanTheCluster()
    {
        ClusterSpec s = ndr(256, 8, 8, "MQM9700-NS2F");
        s.suNodes = 64;
        const Plan p = makePlan(s, catalog_, quick_);
        QCOMPARE(p.fabric.shape.suNodes, 32);
        const std::vector<Finding> f = withRule(p, "design.override-su-size");
        QCOMPARE(f.size(), std::size_t(1));
        QCOMPARE(f[0].severity, Severity::Info);
        QVERIFY2(contains(f[0].message, "64 nodes per scalable unit; the cluster has 32 nodes, so the plan builds one SU of 32"),
                 f[0].message.c_str());
        s.suNodes = 32;
        QVERIFY(withRule(makePlan(s, catalog_, quick_), "design.override-su-size").empty());
    }
};

QTEST_APPLESS_MAIN(TestOverrides)
#include "test_overrides.moc"
