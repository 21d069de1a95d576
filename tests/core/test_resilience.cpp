// Resilience: failure domains against hand-derived cases, the Poisson spares rule against a hand
// computation, expected failures against qty x AFR, and the expected network-caused interruptions of a
// 16,384-GPU job against the Llama 3 report (Dubey et al., arXiv 2407.21783, Table 5).
#include <QtTest>

#include <cctype>
#include <cmath>
#include <map>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "common/format.h"
#include "estimate/failure_ranges.h"
#include "estimate/poisson.h"
#include "estimate/resilience.h"
#include "estimate/resilience_text.h"
#include "plan/fabric_defaults.h"
#include "plan/plan.h"
#include "plan/plan_json.h"
#include "spec/spec_json.h"

using namespace fp;

namespace {

const FailureDomain& row(const Resilience& r, const std::string& component)
{
    for (const FailureDomain& d : r.domains)
        if (d.component == component) return d;
    static FailureDomain none;
    qFatal("no failure-domain row %s", component.c_str());
    return none;
}

bool hasRow(const Resilience& r, const std::string& component)
{
    for (const FailureDomain& d : r.domains)
        if (d.component == component) return true;
    return false;
}

const ClassFailures* expectedOf(const Resilience& r, PartClass c)
{
    for (const ClassFailures& e : r.expected)
        if (e.cls == c) return &e;
    return nullptr;
}

} // namespace

class TestResilience : public QObject {
    Q_OBJECT
    Catalog catalog_;

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // P(X <= k) for Poisson(2), by hand: e^-2 (1 + 2 + 2 + 4/3 + 2/3 + 4/15) = 0.135335 x 7.266667.
    void poissonCdfByHand()
    {
        const double e2 = std::exp(-2.0);
        QVERIFY(std::abs(poisson::cdf(0, 2.0) - e2) < 1e-12);
        QVERIFY(std::abs(poisson::cdf(4, 2.0) - e2 * (1 + 2 + 2 + 4.0 / 3 + 2.0 / 3)) < 1e-12);  // 0.947347
        QVERIFY(std::abs(poisson::cdf(5, 2.0) - e2 * (1 + 2 + 2 + 4.0 / 3 + 2.0 / 3 + 4.0 / 15)) < 1e-12);  // 0.983436
        QCOMPARE(poisson::cdf(3, 0.0), 1.0);
    }

    // Mean demand 2 in a reorder time: 4 spares run out with P = 5.27 %, 5 with 1.66 %, 6 with 0.45 %.
    void poissonStockByHand()
    {
        QCOMPARE(poisson::stockFor(2.0, 0.05), 5);
        QCOMPARE(poisson::stockFor(2.0, 0.01), 6);
        QCOMPARE(poisson::stockFor(0.0, 0.01), 0);
        // A large mean (a million-GPU fabric's optics) still lands just above the mean: the normal
        // approximation puts the 99 % point of Poisson(5000) at 5000 + 2.326 x sqrt(5000) = 5164.5.
        const int s = poisson::stockFor(5000.0, 0.01);
        QVERIFY2(s >= 5160 && s <= 5170, qPrintable(QString::number(s)));
    }

    // The default design (1,024 GPUs, 128 nodes x 8 single-port 400G NICs, QM9700, rail-optimized, one
    // plane): a rail leaf serves one NIC of each of the 32 nodes of its scalable unit, so its failure
    // cuts 32 GPUs off entirely; one NIC port cuts off its GPU; a spine costs 2 of a leaf's 32 uplinks.
    void singleHomedRailLeafCutsItsGpusOff()
    {
        const Plan p = makePlan(ClusterSpec{}, catalog_);
        const Resilience& r = p.resilience;
        const FailureDomain& leaf = row(r, "leaf");
        QCOMPARE(leaf.count, 32LL);
        QCOMPARE(leaf.gpusDisconnected, 32LL);
        QCOMPARE(leaf.gpusDegraded, 0LL);
        QCOMPARE(leaf.bandwidthLeftPct, 0.0);
        QVERIFY(!leaf.jobSurvives);
        // Bisection = min(1,024 host links, 1,024 leaf-spine links): the leaf takes 32 of each -> 32/1,024.
        QVERIFY(std::abs(leaf.bisectionLostPct - 3.125) < 1e-9);

        const FailureDomain& port = row(r, "nic_port");
        QCOMPARE(port.count, 1024LL);
        QCOMPARE(port.gpusDisconnected, 1LL);
        QVERIFY(!port.jobSurvives);

        const FailureDomain& spine = row(r, "spine");
        QCOMPARE(spine.count, 16LL);
        QCOMPARE(spine.gpusDisconnected, 0LL);
        QCOMPARE(spine.gpusDegraded, 1024LL);
        QVERIFY(std::abs(spine.bandwidthLeftPct - 100.0 * 30 / 32) < 1e-9);
        QVERIFY(spine.jobSurvives);

        const FailureDomain& link = row(r, "fabric_link");
        QCOMPARE(link.gpusDegraded, 32LL);
        QVERIFY(std::abs(link.bandwidthLeftPct - 100.0 * 31 / 32) < 1e-9);
        QVERIFY(!hasRow(r, "plane"));
        QVERIFY(!hasRow(r, "core"));
    }

    // A core carries only traffic between pods. Three tiers forced on one pod (1,024 NDR GPUs: 32 spines,
    // each core wired to one spine): a core failure slows nothing (it read "keeps running, 1,024 GPUs slowed,
    // 0 % left"). At 32,768 GPUs (32 pods) every spine has 32 core links and a core takes 2 of one spine's
    // (64 ports over 32 pods), so that spine runs at 30/32 and every GPU's cross-pod traffic shares it.
    void coreFailureSlowsOnlyTrafficBetweenPods()
    {
        ClusterSpec one;
        one.tiers = 3;
        const Plan p = makePlan(one, catalog_);
        QCOMPARE(p.fabric.switchCount(Tier::Core), 32LL);
        const FailureDomain& core = row(p.resilience, "core");
        QCOMPARE(core.bandwidthLeftPct, 100.0);
        QCOMPARE(core.gpusDegraded, 0LL);
        QCOMPARE(core.gpusDisconnected, 0LL);
        QVERIFY(core.jobSurvives);

        ClusterSpec many;
        many.tiers = 3;
        many.gpus = 32768;
        const Plan q = makePlan(many, catalog_);
        QCOMPARE(q.fabric.switchCount(Tier::Core), 512LL);  // 32 pods x 32 spines x 32 uplinks / 64 ports
        const FailureDomain& busy = row(q.resilience, "core");
        QVERIFY2(std::abs(busy.bandwidthLeftPct - 100.0 * 30 / 32) < 1e-9, qPrintable(QString::number(busy.bandwidthLeftPct)));
        QCOMPARE(busy.gpusDegraded, 32768LL);
        QVERIFY(busy.jobSurvives);
    }

    // Rail-unaware: a leaf takes 32 ports = 4 whole nodes (all 8 NICs of each): those nodes lose everything.
    void singleHomedNodeLosesAllOnItsLeaf()
    {
        ClusterSpec spec;
        spec.railOptimized = false;
        const Plan p = makePlan(spec, catalog_);
        const FailureDomain& leaf = row(p.resilience, "leaf");
        QCOMPARE(leaf.gpusDisconnected, 32LL);
        QCOMPARE(leaf.bandwidthLeftPct, 0.0);
        QVERIFY(!leaf.jobSurvives);
    }

    // Leaves with a single uplink (generic radix 8 at 7:1, one GPU and NIC per node, not rail-optimized):
    // ceil(64 / 7) = 10 leaves of 7 nodes in pods of 4 leaves (a spine's 4 down ports), so the busiest spine
    // holds the only uplink of 4 leaves: its failure cuts 4 x 7 = 28 GPUs off and slows none. Nothing is left
    // to them (0 %, as a leaf's own failure shows), not the 100 % a row with no slowed GPU used to show.
    void spineThatCutsOffItsLeavesLeavesNoBandwidth()
    {
        ClusterSpec spec;
        spec.gpus = 64;
        spec.gpusPerNode = 1;
        spec.nicsPerNode = 1;
        spec.railOptimized = false;
        spec.genericRadix = 8;
        spec.leafOversubscription = {7, 1};
        const Plan p = makePlan(spec, catalog_);
        const FailureDomain& spine = row(p.resilience, "spine");
        QCOMPARE(spine.gpusDisconnected, 28LL);
        QCOMPARE(spine.gpusDegraded, 0LL);
        QCOMPARE(spine.bandwidthLeftPct, 0.0);
        QCOMPARE(bandwidthLeftText(spine), std::string("0 % (cut off)"));
        QVERIFY(!spine.jobSurvives);
    }

    // Two planes: every NIC has one port per plane, each to a leaf of its own plane. A leaf failure leaves
    // the 32 GPUs it served with their other plane's port: half the bandwidth, and the job goes on.
    void dualPlaneNodeKeepsHalf()
    {
        ClusterSpec spec;
        spec.planes = 2;
        const Plan p = makePlan(spec, catalog_);
        const Resilience& r = p.resilience;
        const FailureDomain& leaf = row(r, "leaf");
        QCOMPARE(leaf.count, 64LL);
        QCOMPARE(leaf.gpusDisconnected, 0LL);
        QCOMPARE(leaf.gpusDegraded, 32LL);
        QCOMPARE(leaf.bandwidthLeftPct, 50.0);
        QVERIFY(leaf.jobSurvives);

        const FailureDomain& port = row(r, "nic_port");
        QCOMPARE(port.count, 2048LL);
        QCOMPARE(port.gpusDisconnected, 0LL);
        QCOMPARE(port.bandwidthLeftPct, 50.0);

        // The NIC itself still takes its GPU down: both planes' ports are on it.
        const FailureDomain& nic = row(r, "nic");
        QCOMPARE(nic.gpusDisconnected, 1LL);
        QVERIFY(!nic.jobSurvives);

        const FailureDomain& plane = row(r, "plane");
        QCOMPARE(plane.count, 2LL);
        QCOMPARE(plane.gpusDegraded, 1024LL);
        QCOMPARE(plane.bandwidthLeftPct, 50.0);
        QCOMPARE(plane.bisectionLostPct, 50.0);
        QVERIFY(plane.jobSurvives);
        // Only NIC failures interrupt a job now: 1,024 NICs x 0.289 %/yr / 365.25 d.
        QVERIFY(std::abs(r.jobInterruptionsPerDay - 1024 * 0.00289 / 365.25) < 1e-12);
    }

    // Dual-ToR (issue 22's "Done when"): the default 1,024-GPU design with each 400G NIC port run as 2 x 200G,
    // one link to each leaf of a pair. By hand: 128 nodes x 8 NICs x 2 = 2,048 host links; a leaf takes one
    // link of each of the 64 NICs of its rail and SU, so a leaf failure leaves those 64 GPUs their other
    // link: 50 %, and the job survives. A NIC port: 50 %; a whole NIC still cuts its GPU off.
    void dualTorNodeKeepsHalf()
    {
        ClusterSpec spec;
        spec.dualTor = true;
        spec.linkGbps = 200;
        const Plan p = makePlan(spec, catalog_);
        QCOMPARE(p.fabric.linkCount(LinkClass::HostLeaf), 2048LL);
        const Resilience& r = p.resilience;
        const FailureDomain& leaf = row(r, "leaf");
        QCOMPARE(leaf.count, p.fabric.switchCount(Tier::Leaf));
        QCOMPARE(leaf.gpusDisconnected, 0LL);
        QCOMPARE(leaf.gpusDegraded, 64LL);
        QCOMPARE(leaf.bandwidthLeftPct, 50.0);
        QVERIFY(leaf.jobSurvives);

        const FailureDomain& port = row(r, "nic_port");
        QCOMPARE(port.count, 2048LL);
        QCOMPARE(port.gpusDisconnected, 0LL);
        QCOMPARE(port.bandwidthLeftPct, 50.0);
        QVERIFY(port.jobSurvives);

        const FailureDomain& nic = row(r, "nic");
        QCOMPARE(nic.count, 1024LL);
        QCOMPARE(nic.gpusDisconnected, 1LL);
        QVERIFY(!nic.jobSurvives);
        QVERIFY(!hasRow(r, "plane"));
    }

    // A one-port 400G NIC at 400G has one link: it cannot be dual-homed, and the error says how to fix it.
    void dualTorRefusesASingleLinkNic()
    {
        ClusterSpec spec;
        spec.dualTor = true;
        try {
            makePlan(spec, catalog_);
            QFAIL("a 1 x 400G NIC at 400G was dual-homed");
        } catch (const UserError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("dual-ToR needs 2 links per NIC") != std::string::npos, e.what());
            QVERIFY2(what.find("MCX75310AAS-NEAT has 1 at 400") != std::string::npos, e.what());
            QVERIFY2(e.fix.find("--link-gbps 200") != std::string::npos, e.fix.c_str());
        }
    }

    // The open point: a dual-ToR design that plans without errors. With --dual-tor the RoCEv2
    // defaults take a two-port NIC (the default 1 x 400G ConnectX-7 has one link) and plan cleanly at
    // 1,024 GPUs (HGX: 128 nodes x 8 GPUs, one NIC per GPU, each NIC's two 400G ports to the two leaves
    // of a pair, as Alibaba HPN, SIGCOMM 2024). Hand count: a 1:1 rail leaf has d = ports / 2 down ports,
    // one per NIC, so the single-homed design has 1,024 / d leaves and the dual-ToR one twice that; a
    // leaf failure leaves its d GPUs their other link: 0 cut off, 50 % bandwidth.
    void dualTorTwoPortNicPlansClean()
    {
        ClusterSpec asked;
        asked.gpus = 1024;
        asked.dualTor = true;
        const plan::FabricParts parts = plan::partsForFabric(asked, FabricKind::RoCE, catalog_);
        QVERIFY2(parts.clean, parts.why.c_str());
        QVERIFY2(parts.why.find("MCX75310AAS-NEAT has 1 at 400G") != std::string::npos, parts.why.c_str());
        const Plan dual = makePlan(parts.spec, catalog_);
        QCOMPARE(dual.errorCount(), 0);
        QCOMPARE(dual.hardware.nic.ports, 2);
        QCOMPARE(dual.fabric.shape.linkGbps, dual.hardware.nic.portGbps);  // each port one link

        ClusterSpec single = parts.spec;
        single.dualTor = false;
        const Plan one = makePlan(single, catalog_);
        const long long down = dual.hardware.switchOf(Tier::Leaf).portsAt(dual.fabric.shape.linkGbps) / 2;
        QVERIFY(down > 0 && 1024 % down == 0);
        QCOMPARE(one.fabric.switchCount(Tier::Leaf), 1024 / down);
        QCOMPARE(dual.fabric.switchCount(Tier::Leaf), 2 * (1024 / down));
        QCOMPARE(dual.fabric.linkCount(LinkClass::HostLeaf), 2 * 1024LL);

        // Each NIC's two links (node ports 2k, 2k + 1) land on two different leaves, same down port.
        std::map<std::pair<DeviceId, int>, std::vector<const Link*>> sides;
        for (const Link& l : dual.fabric.links)
            if (l.cls == LinkClass::HostLeaf) sides[{l.a, l.aPort / 2}].push_back(&l);
        QCOMPARE(sides.size(), std::size_t(1024));
        for (const auto& [nic, links] : sides) {
            QCOMPARE(links.size(), std::size_t(2));
            QVERIFY(links[0]->b != links[1]->b);
            QCOMPARE(links[0]->bPort, links[1]->bPort);
        }

        const FailureDomain& leaf = row(dual.resilience, "leaf");
        QCOMPARE(leaf.gpusDisconnected, 0LL);
        QCOMPARE(leaf.gpusDegraded, down);
        QCOMPARE(leaf.bandwidthLeftPct, 50.0);
        QVERIFY(leaf.jobSurvives);
        const FailureDomain& singleLeaf = row(one.resilience, "leaf");  // the single-homed leaf cuts them off
        QCOMPARE(singleLeaf.gpusDisconnected, down);

        QCOMPARE(planToJson(dual)["topology"]["dual_tor"], nlohmann::json(true));
        QCOMPARE(planToJson(one)["topology"]["dual_tor"], nlohmann::json(false));
    }

    // Spectrum-X at 4,096 GPUs (512 HGX nodes): the defaults give a dual-ToR plan without errors too.
    void dualTorSpectrumX4096PlansClean()
    {
        ClusterSpec asked;
        asked.gpus = 4096;
        asked.dualTor = true;
        const plan::FabricParts parts = plan::partsForFabric(asked, FabricKind::SpectrumX, catalog_);
        QVERIFY2(parts.clean, parts.why.c_str());
        const Plan p = makePlan(parts.spec, catalog_);
        QCOMPARE(p.errorCount(), 0);
        QVERIFY(p.hardware.nic.superNic);
        QCOMPARE(p.fabric.linkCount(LinkClass::HostLeaf), 2 * 4096LL);
        QCOMPARE(row(p.resilience, "leaf").bandwidthLeftPct, 50.0);
    }

    // The per-part rates come from the catalog: an edited NIC rate moves the expected NIC failures (and
    // spares) but not the job interruptions, which follow the job-stopping ranges (failure_ranges.h); a
    // catalog that lacks a class's rate is refused with the class named.
    void ratesFollowTheCatalog()
    {
        Catalog edited = catalog_;
        for (FailureRateEntry& e : edited.failureRates)
            if (e.partClass == "nic") e.afrPct = 1.2;
        const Plan p = makePlan(ClusterSpec{}, edited);
        const ClassFailures* nic = expectedOf(p.resilience, PartClass::Nic);
        QVERIFY(nic);
        QCOMPARE(nic->afrPct, 1.2);
        QVERIFY(std::abs(nic->perMonth - 1024 * 0.012 / 12) < 1e-12);
        const Plan stock = makePlan(ClusterSpec{}, catalog_);
        QCOMPARE(p.resilience.domains.size(), stock.resilience.domains.size());
        QCOMPARE(p.resilience.jobInterruptionsPerDay, stock.resilience.jobInterruptionsPerDay);

        Catalog missing = catalog_;
        std::erase_if(missing.failureRates, [](const FailureRateEntry& e) { return e.partClass == "fibre"; });
        try {
            (void)makePlan(ClusterSpec{}, missing);
            QFAIL("planned without a fibre failure rate");
        } catch (const UserError& e) {
            QVERIFY2(std::string(e.what()).find("'fibre'") != std::string::npos, e.what());
        }
    }

    // Expected failures per month = installed x AFR / 100 / 12, per class, from the BOM's lines.
    void expectedFailuresFollowTheBom()
    {
        const Plan p = makePlan(ClusterSpec{}, catalog_);
        const Resilience& r = p.resilience;
        const ClassFailures* sw = expectedOf(r, PartClass::Switch);
        QVERIFY(sw);
        QCOMPARE(sw->installed, 48LL);  // 32 leaves + 16 spines
        QVERIFY(std::abs(sw->perMonth - 48 * 0.0808 / 12) < 1e-12);
        QVERIFY(!sw->estimated);
        const ClassFailures* nic = expectedOf(r, PartClass::Nic);
        QVERIFY(nic);
        QVERIFY(std::abs(nic->perMonth - 1024 * 0.00289 / 12) < 1e-12);
        long long optics = 0;
        for (const BomLine& l : p.bom.lines)
            if (l.category == BomCategory::Transceivers) optics += l.qty;
        const ClassFailures* mm = expectedOf(r, PartClass::TransceiverMultimode);
        QVERIFY(mm);
        QCOMPARE(mm->installed, optics);  // every module of this design is multimode
        QVERIFY(mm->estimated);
        double sum = 0;
        for (const ClassFailures& e : r.expected) sum += e.perMonth;
        QVERIFY(std::abs(sum - r.failuresPerMonth) < 1e-12);
    }

    // The service-level rule per line: MMA4Z00-NS400 (the 1,024 NIC-side modules), 1 %/yr, no lead time
    // -> 30 days: mean = 1,024 x 0.01 x 30 / 365.25 = 0.8411; P(X > 3) = 1.07 % > 1 %, P(X > 4) = 0.18 %:
    // 4 spares, where the 2 % rule stocks 21.
    void sparesByServiceLevel()
    {
        const Plan p = makePlan(ClusterSpec{}, catalog_);
        const SpareSizing* s = nullptr;
        for (const SpareSizing& x : p.resilience.spares)
            if (x.part == "MMA4Z00-NS400") s = &x;
        QVERIFY(s);
        QCOMPARE(s->installed, 1024LL);
        QVERIFY(s->reorderDaysAssumed);
        QCOMPARE(s->reorderDays, 30);
        QVERIFY(std::abs(s->meanDemand - 1024 * 0.01 * 30 / 365.25) < 1e-12);
        QCOMPARE(s->spares, 4);
        QVERIFY(std::abs(s->stockoutPct - 0.17) < 0.01);
        QCOMPARE(s->sparesPercentRule, 21LL);  // ceil(1,024 x 2 %)
        QVERIFY(s->arithmetic.find("1,024 x 1.00 %/yr x 30 d (assumed)") != std::string::npos);
        // Switches: only hardware faults (32 % of failures) use a spare.
        for (const SpareSizing& x : p.resilience.spares)
            if (x.cls == PartClass::Switch) QCOMPARE(x.replacementShare, 0.32);
    }

    // Llama 3 405B pre-training (Dubey et al., "The Llama 3 Herd of Models", arXiv 2407.21783, Table 5):
    // 54 days on 16,384 H100 GPUs, 8 per server, 400 Gb/s RoCE endpoints (one NIC per GPU, Meta "Building
    // Meta's GenAI Infrastructure", 2024); of 419 unexpected interruptions
    // 35 were "network switch/cable" and 7 "NIC": 42 / 54 = 0.78 network-caused interruptions per day.
    // The central figure for the same cluster shape must land within a factor of two of it, and its
    // switch/cable part within a factor of two of 35 / 54 = 0.65 per day. The range check against both
    // production reports: test_failure_calibration.cpp.
    void largeClusterMatchesLlama3()
    {
        ClusterSpec spec;
        spec.gpus = 16384;
        spec.fabric = FabricKind::RoCE;
        spec.switchModel = "SN5600";
        spec.nicModel = "900-9D3D4-00EN-HA0";
        const Plan p = makePlan(spec, catalog_);
        const Resilience& r = p.resilience;
        const double published = 42.0 / 54.0, publishedSwitchCable = 35.0 / 54.0;
        const double nicPart = row(r, "nic").eventsPerYear / 365.25;
        qInfo("16,384 GPUs: %.3f interruptions/day (switch/cable %.3f, NIC %.3f); Llama 3: %.3f (%.3f, %.3f)",
              r.jobInterruptionsPerDay, r.jobInterruptionsPerDay - nicPart, nicPart, published, publishedSwitchCable,
              7.0 / 54);
        QVERIFY(r.jobInterruptionsPerDay > published / 2 && r.jobInterruptionsPerDay < published * 2);
        const double switchCable = r.jobInterruptionsPerDay - nicPart;
        QVERIFY(switchCable > publishedSwitchCable / 2 && switchCable < publishedSwitchCable * 2);
        // Half the GPUs, half the rate.
        QVERIFY(std::abs(resilience::jobInterruptionsPerDay(r, 8192) - r.jobInterruptionsPerDay / 2) < 1e-12);
    }

    // The plan JSON carries the figures under the documented keys.
    void planJsonKeys()
    {
        const Plan p = makePlan(ClusterSpec{}, catalog_);
        const nlohmann::json j = planToJson(p)["resilience"];
        bool sawLeaf = false;
        for (const auto& d : j["failure_domains"])
            if (d["component"] == "leaf") {
                sawLeaf = true;
                QCOMPARE(d["count"].get<long long>(), 32LL);
                QCOMPARE(d["gpus_disconnected"].get<long long>(), 32LL);
                QCOMPARE(d["bandwidth_left_pct"].get<double>(), 0.0);
            }
        QVERIFY(sawLeaf);
        QVERIFY(std::abs(j["expected_failures_per_month"]["switch"].get<double>() - 48 * 0.0808 / 12) < 1e-12);
        QCOMPARE(j["job_interruptions_per_day"].get<double>(), p.resilience.jobInterruptionsPerDay);
        QCOMPARE(j["default_reorder_days"].get<int>(), 30);
    }

    // One spares cabinet for the building: the same part's demand pools across networks. Two networks each
    // with mean demand 2 of one part need 6 spares each at 1 % (poissonStockByHand) and 9 together: Poisson(4)
    // has P(X <= 8) = 0.9786 and P(X <= 9) = 0.9919 (e^-4 x sum of 4^k / k!). Different parts do not pool.
    void sparesPoolByPartNumber()
    {
        const auto withPart = [](const std::string& part, double mean) {
            Resilience r;
            SpareSizing s;
            s.part = part;
            s.meanDemand = mean;
            s.spares = poisson::stockFor(mean, 0.01);
            r.spares.push_back(s);
            return r;
        };
        const Resilience a = withPart("MMA4Z00-NS", 2.0), b = withPart("MMA4Z00-NS", 2.0), c = withPart("SN4600C", 2.0);
        QCOMPARE(a.spares[0].spares, 6);
        QCOMPARE(resilience::pooledSpares({&a, &b}), 9LL);
        QCOMPARE(resilience::pooledSpares({&a, &c}), 12LL);  // 6 + 6: nothing shared
        QCOMPARE(resilience::pooledSpares({}), 0LL);
    }

    // The tables people read (window, PDF, workbook) do not print 0.00 failures a year beside a transceiver or a
    // cable: those parts' failures are in the server link's measured rate, the NIC port row (the DGX H100
    // example: twin-port OSFP optics at both ends). A two-plane design has a plane row, which has no part
    // rate. The NIC port row's figure is count x the server-link rate, by hand.
    void rowsInsideTheLinkRateSaySo()
    {
        const Plan p = makePlan(
            loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/dgx-h100-superpod-1024.fabricplan").spec, catalog_);
        ClusterSpec twoPlanes;
        twoPlanes.planes = 2;
        const Plan planes = makePlan(twoPlanes, catalog_);
        QVERIFY(hasRow(planes.resilience, "plane"));
        QCOMPARE(failuresPerYearText(row(planes.resilience, "plane")), std::string("no part rate"));
        int inLinkRows = 0;
        for (const FailureDomain& d : p.resilience.domains) {
            const std::string text = failuresPerYearText(d);
            if (d.component == "host_module" || d.component == "host_cable" || d.component == "leaf_module") {
                ++inLinkRows;
                QCOMPARE(text, std::string("in NIC port row"));
                QCOMPARE(d.eventsPerYear, 0.0);  // the JSON keeps its documented 0
            } else if (d.component == "plane") {
                QCOMPARE(text, std::string("no part rate"));
            } else {
                QVERIFY2(text.find("row") == std::string::npos && text.find("rate") == std::string::npos, text.c_str());
            }
        }
        QCOMPARE(inLinkRows, 3);  // the server's module, its fibre, the leaf's module
        const FailureDomain& port = row(p.resilience, "nic_port");
        const double byHand = double(port.count) * failureClassRate("server_link").centralPct / 100.0;
        QVERIFY(byHand > 1.0);
        QCOMPARE(failuresPerYearText(port), formatTwoDecimals(byHand));
    }

    // The summary line (CLI, window, PDF) prints its figures by the shared rules: an 8-GPU lab's job is cut
    // once every few thousand days, which read "one every 3169.7 days" without its thousands apart.
    void summaryLineGroupsThousands()
    {
        ClusterSpec lab;
        lab.gpus = 8;
        const Plan p = makePlan(lab, catalog_);
        const double days = 1.0 / p.resilience.jobInterruptionsPerDay;
        QVERIFY2(days >= 1000, "the case must need a thousands separator");
        const std::string line = resilienceSummary(p.resilience);
        QVERIFY2(line.find("one every " + formatOneDecimal(days) + " days") != std::string::npos, line.c_str());
        // Independent of the formatter: no run of four digits anywhere in the line.
        for (std::size_t i = 0; i + 4 <= line.size(); ++i)
            QVERIFY2(!(std::isdigit((unsigned char)line[i]) && std::isdigit((unsigned char)line[i + 1]) &&
                       std::isdigit((unsigned char)line[i + 2]) && std::isdigit((unsigned char)line[i + 3])),
                     line.c_str());
    }
};

QTEST_GUILESS_MAIN(TestResilience)
#include "test_resilience.moc"
