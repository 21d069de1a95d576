// The estimate and resilience stages read the fabric through class ranges and adjacencies of only the
// switches they ask about (core/estimate/link_ranges.h, adjacency.h), and the Poisson sums stop once the
// tail can no longer change them. These tests hold each shortcut to a plain reference, on a few hundred
// random specs, and on the same fabrics with their switch-to-switch links shuffled within each class
// (groups out of key order): the figures must not depend on the order of the links.
#include <QtTest>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cmath>
#include <random>
#include <vector>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "estimate/adjacency.h"
#include "estimate/failure_domains.h"
#include "estimate/latency.h"
#include "estimate/link_ranges.h"
#include "estimate/model_constants.h"
#include "estimate/poisson.h"
#include "estimate/throughput.h"
#include "plan/plan.h"

using namespace fp;
using namespace fp::estimate;

namespace {

ClusterSpec randomSpec(std::mt19937& rng)
{
    const auto pick = [&](std::initializer_list<int> values) {
        return *(values.begin() + std::uniform_int_distribution<int>(0, int(values.size()) - 1)(rng));
    };
    ClusterSpec s;
    s.gpusPerNode = pick({1, 4, 8});
    s.nicsPerNode = pick({1, 2, 4, 8});
    s.gpus = s.gpusPerNode * std::uniform_int_distribution<int>(2, 400)(rng);
    s.genericRadix = pick({0, 8, 16, 32});
    s.tiers = pick({0, 2, 3});
    s.railOptimized = pick({0, 1}) == 1;
    s.planes = pick({1, 1, 2});
    s.railPlanes = s.planes > 1 && pick({0, 1}) == 1;
    if (pick({0, 1, 2}) == 0) {
        s.fabric = FabricKind::RoCE;
        s.switchModel = "SN5600";
        s.nicModel = "900-9D3D4-00EN-HA0";
        s.dualTor = pick({0, 1, 2}) == 0;
        if (s.dualTor) s.linkGbps = 200;  // two 200G links per 400G NIC port
    }
    s.leafOversubscription = {pick({1, 2, 3}), 1};
    s.spineOversubscription = {pick({1, 1, 2}), 1};
    return s;
}

// Links of `range` whose end (a, or b with `upper`) is `d`, in (key, link) order: what an adjacency group holds.
template <typename Key>
std::vector<std::uint32_t> referenceGroup(const Fabric& f, LinkRange range, bool upper, DeviceId d, Key key)
{
    std::vector<std::pair<std::uint32_t, std::uint32_t>> keyed;
    for (std::size_t i = 0; i < f.links.size(); ++i)
        if (i >= range.begin && i < range.end && (upper ? f.links[i].b : f.links[i].a) == d)
            keyed.emplace_back(key(f.links[i]), std::uint32_t(i));
    std::sort(keyed.begin(), keyed.end());
    std::vector<std::uint32_t> out;
    for (const auto& [k, link] : keyed) out.push_back(link);
    return out;
}

// An adjacency over a random half of the devices (some listed twice) against the links found one by
// one; the devices left out have no links in it.
template <GroupBy by, typename Key>
void compareWithReference(const Fabric& f, LinkRange range, Key key, std::mt19937& rng)
{
    std::vector<DeviceId> devices;
    std::vector<bool> isWanted(f.devices.size(), false);
    for (DeviceId d = 0; d < f.devices.size(); ++d)
        if (rng() % 2 == 0) {
            devices.push_back(d);
            if (rng() % 4 == 0) devices.push_back(d);
            isWanted[d] = true;
        }
    std::shuffle(devices.begin(), devices.end(), rng);
    const auto adj = adjacency<by>(f, range, devices, rng() % 2 ? Wanted::Most : Wanted::Few, key);
    for (DeviceId d = 0; d < f.devices.size(); ++d) {
        const std::vector<std::uint32_t> group =
            isWanted[d] ? referenceGroup(f, range, by == GroupBy::UpperEnd, d, key) : std::vector<std::uint32_t>{};
        QCOMPARE(adj.count(d), std::uint32_t(group.size()));
        if (group.empty()) {
            QCOMPARE(adj.pickAny(d, 7), kNoLink);
            QCOMPARE(adj.pickWithKey(d, 0, 7), kNoLink);
            continue;
        }
        for (std::uint64_t hash : {0ULL, 1ULL, 5ULL, 0x9E3779B97F4A7C15ULL})
            QCOMPARE(adj.pickAny(d, hash), group[hash % group.size()]);
        for (std::uint32_t k : {key(f.links[group.front()]), key(f.links[group.back()]), key(f.links[group.front()]) + 1, 0xFFFFFFF0u}) {
            std::vector<std::uint32_t> withKey;
            for (std::uint32_t link : group)
                if (key(f.links[link]) == k) withKey.push_back(link);
            for (std::uint64_t hash : {0ULL, 3ULL, 0x9E3779B97F4A7C15ULL})
                QCOMPARE(adj.pickWithKey(d, k, hash), withKey.empty() ? kNoLink : withKey[hash % withKey.size()]);
        }
    }
}

// The plan with its switch-to-switch links shuffled within each class (the first link of each class
// stays first: it stands for its class in the failure domains), media and routed lengths moved along.
Plan shuffledSwitchLinks(const Plan& p, std::mt19937& rng)
{
    Plan q = p;
    const ClassRanges ranges = classRanges(p.fabric);
    std::vector<std::size_t> order(p.fabric.links.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    for (LinkClass c : {LinkClass::LeafSpine, LinkClass::SpineCore}) {
        const LinkRange r = ranges[std::size_t(c)];
        if (r.size() > 2) std::shuffle(order.begin() + std::ptrdiff_t(r.begin) + 1, order.begin() + std::ptrdiff_t(r.end), rng);
    }
    for (std::size_t i = 0; i < order.size(); ++i) {
        q.fabric.links[i] = p.fabric.links[order[i]];
        if (order[i] < p.media.solutionOfLink.size()) q.media.solutionOfLink[i] = p.media.solutionOfLink[order[i]];
        if (order[i] < p.layout.linkLengthM.size()) q.layout.linkLengthM[i] = p.layout.linkLengthM[order[i]];
    }
    return q;
}

// Equal to the bit (QCOMPARE on doubles is fuzzy).
bool sameBits(double x, double y) { return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y); }

bool sameDomains(const std::vector<FailureDomain>& x, const std::vector<FailureDomain>& y)
{
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const FailureDomain &a = x[i], &b = y[i];
        if (a.component != b.component || a.count != b.count || a.gpusDisconnected != b.gpusDisconnected ||
            a.gpusDegraded != b.gpusDegraded || !sameBits(a.bandwidthLeftPct, b.bandwidthLeftPct) ||
            !sameBits(a.bisectionLostPct, b.bisectionLostPct) || a.jobSurvives != b.jobSurvives)
            return false;
    }
    return true;
}

} // namespace

class TestEstimateFastPaths : public QObject {
    Q_OBJECT
    Catalog catalog_;
    std::vector<Plan> plans_;  // random specs that build

private slots:
    void initTestCase()
    {
        catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG);
        std::mt19937 rng(20261201);
        for (int attempt = 0; attempt < 400 && plans_.size() < 200; ++attempt) {
            try {
                plans_.push_back(makePlan(randomSpec(rng), catalog_));
            } catch (const UserError&) {
            }
        }
        QVERIFY2(plans_.size() >= 150, qPrintable(QString::number(plans_.size())));
        int threeTier = 0;
        for (const Plan& p : plans_) threeTier += p.fabric.shape.tiers == 3;
        QVERIFY2(threeTier >= 20, qPrintable(QString::number(threeTier)));
    }

    // Class ranges by binary search against a count of every link.
    void classRangesCountEveryLink()
    {
        for (const Plan& p : plans_) {
            const ClassRanges r = classRanges(p.fabric);
            std::size_t begin = 0;
            for (int c = 0; c < kLinkClassCount; ++c) {
                QCOMPARE(r[std::size_t(c)].begin, begin);
                QCOMPARE((long long)r[std::size_t(c)].size(), p.fabric.linkCount(LinkClass(c)));
                begin = r[std::size_t(c)].end;
            }
            QCOMPARE(begin, p.fabric.links.size());
        }
    }

    // Every group, count and pick of an adjacency against the links found one by one, on the builder's
    // order (used in place) and on shuffled links (copied, groups put in key order).
    void adjacencyMatchesReference()
    {
        std::mt19937 rng(7);
        for (std::size_t k = 0; k < plans_.size(); k += 4) {
            for (const Plan& p : {plans_[k], shuffledSwitchLinks(plans_[k], rng)}) {
                const Fabric& f = p.fabric;
                const ClassRanges r = classRanges(f);
                const auto farEnd = [](const Link& l) { return std::uint32_t(l.b); };
                const auto nearPod = [&f](const Link& l) { return f.devices[l.a].pod; };
                compareWithReference<GroupBy::LowerEnd>(f, r[int(LinkClass::LeafSpine)], farEnd, rng);
                compareWithReference<GroupBy::LowerEnd>(f, r[int(LinkClass::SpineCore)], farEnd, rng);
                compareWithReference<GroupBy::UpperEnd>(f, r[int(LinkClass::SpineCore)], nearPod, rng);
            }
            // The builder's uplinks are used in place (the shuffled ones above were copied).
            const Fabric& f = plans_[k].fabric;
            const auto farEnd = [](const Link& l) { return std::uint32_t(l.b); };
            QVERIFY(adjacency<GroupBy::LowerEnd>(f, classRanges(f)[int(LinkClass::LeafSpine)], {}, Wanted::Most, farEnd).inPlace());
            QVERIFY(adjacency<GroupBy::LowerEnd>(f, classRanges(f)[int(LinkClass::SpineCore)], {}, Wanted::Most, farEnd).inPlace());
        }
    }

    // ECMP collisions, failure domains and propagation delays come out the same, to the bit, whether the
    // adjacencies are grouped in place or by counting sort.
    void figuresDoNotDependOnLinkOrder()
    {
        std::mt19937 rng(11);
        for (const Plan& p : plans_) {
            const Plan q = shuffledSwitchLinks(p, rng);
            for (int qps : {1, 4}) {
                const int nodes = int(p.fabric.nodeCount);
                const EcmpResult a = ringEcmpCollisions(p.fabric, nodes, qps), b = ringEcmpCollisions(q.fabric, nodes, qps);
                QCOMPARE(a.crossLeafFlows, b.crossLeafFlows);
                QCOMPARE(a.maxLoad, b.maxLoad);
                QCOMPARE(a.idealMaxLoad, b.idealMaxLoad);
            }
            QVERIFY(sameDomains(resilience::failureDomains(p.spec, p.fabric, p.media, &p.bom.perSolution),
                                resilience::failureDomains(q.spec, q.fabric, q.media, &p.bom.perSolution)));
            const LatencyInputs x = latencyInputs(p.spec, p.fabric, p.layout, p.media, p.hardware);
            const LatencyInputs y = latencyInputs(q.spec, q.fabric, q.layout, q.media, q.hardware);
            for (int c = 0; c < kLinkClassCount; ++c) {
                QCOMPARE(x.propagation[c].present, y.propagation[c].present);
                QVERIFY(sameBits(x.propagation[c].minNs, y.propagation[c].minNs));
                QVERIFY(sameBits(x.propagation[c].maxNs, y.propagation[c].maxNs));
            }
        }
    }

    // Propagation delays taken run by run of one media solution equal the plain walk over every link.
    void propagationMatchesEveryLink()
    {
        for (const Plan& p : plans_) {
            const LatencyInputs in = latencyInputs(p.spec, p.fabric, p.layout, p.media, p.hardware);
            for (int c = 0; c < kLinkClassCount; ++c) {
                LinkDelayRange plain;
                for (std::size_t i = 0; i < p.fabric.links.size(); ++i) {
                    if (int(p.fabric.links[i].cls) != c) continue;
                    const MediaClass m = p.media.solutions[p.media.solutionOfLink[i]].media;
                    const double ns = double(p.layout.linkLengthM[i]) *
                                      (m == MediaClass::DAC || m == MediaClass::ACC ? model::kCopperNsPerM : model::kFibreNsPerM);
                    plain = plain.present ? LinkDelayRange{true, std::min(plain.minNs, ns), std::max(plain.maxNs, ns)}
                                          : LinkDelayRange{true, ns, ns};
                }
                QCOMPARE(in.propagation[c].present, plain.present);
                QVERIFY(sameBits(in.propagation[c].minNs, plain.minNs));
                QVERIFY(sameBits(in.propagation[c].maxNs, plain.maxNs));
            }
        }
    }

    // The Poisson sum that stops once the tail rounds away equals the whole sum, to the bit.
    void poissonSumStopsOnlyWhenFinal()
    {
        std::mt19937 rng(3);
        for (int n = 0; n < 400; ++n) {
            const double mean = std::exp(std::uniform_real_distribution<double>(std::log(0.01), std::log(20000.0))(rng));
            const int k = std::uniform_int_distribution<int>(0, int(3 * mean) + 50)(rng);
            double whole = 0.0;
            for (int i = 0; i <= k; ++i) whole += std::exp(double(i) * std::log(mean) - mean - std::lgamma(double(i) + 1.0));
            QVERIFY2(sameBits(poisson::cdf(k, mean), whole > 1.0 ? 1.0 : whole), qPrintable(QStringLiteral("k %1, mean %2").arg(k).arg(mean)));
        }
    }
};

QTEST_APPLESS_MAIN(TestEstimateFastPaths)
#include "test_estimate_fast_paths.moc"
