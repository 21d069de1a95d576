// The fast cage and BOM counting paths (topology/cage_index.h, media/cage_grouping.h, bom/bom_counts.h,
// bom/cable_groups.h) against plain per-link reference computations, on a few hundred random plans:
// fabrics, tiers, planes, rail planes, dual-ToR, platforms with twin-port host cages, switches split to
// lower speeds, splitter pins; then on the same plans with their media scrambled (cages mixing
// solutions, links without one) and with cages of sizes no shift divides by.
#include <QtTest>

#include <functional>
#include <map>
#include <numeric>
#include <random>
#include <tuple>

#include "bom/bom_counts.h"
#include "bom/cable_groups.h"
#include "catalog/catalog_db.h"
#include "common/error.h"
#include "media/cage_grouping.h"
#include "plan/plan.h"

#include "random_plans.h"

using namespace fp;

namespace {

ClusterSpec randomSpec(std::mt19937& rng, const Catalog& catalog)
{
    const auto below = [&](int n) { return int(std::uniform_int_distribution<int>(0, n - 1)(rng)); };
    const auto percent = [&](int p) { return below(100) < p; };
    struct Kit {
        FabricKind fabric;
        const char* sw;
        const char* nic;
        int gbps;  // 0: the NIC's
    };
    static const Kit kits[] = {
        {FabricKind::InfiniBand, "MQM9700-NS2F", "MCX75310AAS-NEAT", 0},
        {FabricKind::InfiniBand, "Q3400-RA", "900-9X81E-00EX-DT0", 400},
        {FabricKind::RoCE, "SN5600", "900-9D3D4-00EN-HA0", 400},
        {FabricKind::RoCE, "SN5600", "900-9D3D4-00EN-HA0", 200},  // four ports per cage
        {FabricKind::SpectrumX, "SN5600", "900-9X81E-00EX-DT0", 400},
        {FabricKind::RoCE, "QFX5240-64OD", "BCM957608-P1400GDF00", 400},
        {FabricKind::RoCE, "SN4600C", "MCX715105AS-WEAT", 100},  // one port per cage: the grouping's shortcut
    };
    const Kit& kit = kits[below(int(std::size(kits)))];
    ClusterSpec s;
    s.fabric = kit.fabric;
    s.switchModel = kit.sw;
    s.nicModel = kit.nic;
    s.linkGbps = kit.gbps;
    s.gpusPerNode = 8;
    s.nicsPerNode = percent(75) ? 8 : 4;
    s.gpus = 8 * (2 + below(percent(80) ? 128 : 600));
    s.tiers = percent(50) ? 0 : 2 + below(2);
    s.railOptimized = percent(70);
    s.planes = percent(70) ? 1 : 2;
    s.railPlanes = s.planes > 1 && percent(50);
    s.dualTor = percent(20);
    if (s.dualTor && percent(60)) s.linkGbps = 200;
    if (std::string(kit.nic) == "MCX75310AAS-NEAT" && percent(50)) s.platform = percent(70) ? "DGX-H100" : "HGX-H100";
    if (percent(20)) {  // a splitter or twin-port cable on the host links
        std::vector<std::string> multiLeg;
        for (const CableModel& c : catalog.cables)
            if (c.legsB > 1) multiLeg.push_back(c.partNumber);
        if (!multiLeg.empty()) s.media.pins.push_back({"host_leaf", multiLeg[std::size_t(below(int(multiLeg.size())))]});
    }
    s.media.preferCopperInRack = percent(60);
    return s;
}

// The groups by cage as first written: union-find through each cage's first link of the same class.
struct ReferenceGroups {
    std::vector<std::uint32_t> lowest;  // per link: the lowest link index of its group
    std::map<std::uint32_t, std::array<int, 3>> ofGroup;  // by lowest link: carriedA, carriedB, aligned
};

ReferenceGroups referenceGroups(const Fabric& f, const CageIndex& cages)
{
    const std::size_t n = f.links.size();
    std::vector<std::uint32_t> cageA(n), cageB(n), parent(n);
    for (std::size_t i = 0; i < n; ++i) {
        cageA[i] = cages.cageOf(f, f.links[i].a, f.links[i].aPort);
        cageB[i] = cages.cageOf(f, f.links[i].b, f.links[i].bPort);
    }
    std::iota(parent.begin(), parent.end(), 0u);
    std::function<std::uint32_t(std::uint32_t)> find = [&](std::uint32_t x) {
        return parent[x] == x ? x : parent[x] = find(parent[x]);
    };
    std::map<std::uint32_t, std::uint32_t> firstOf;
    std::map<std::uint32_t, int> linksIn;
    for (std::size_t i = 0; i < n; ++i)
        for (const std::uint32_t c : {cageA[i], cageB[i]}) {
            ++linksIn[c];
            const auto [it, added] = firstOf.try_emplace(c, std::uint32_t(i));
            if (!added && f.links[it->second].cls == f.links[i].cls) parent[find(std::uint32_t(i))] = find(it->second);
        }
    ReferenceGroups out;
    out.lowest.resize(n);
    std::map<std::uint32_t, std::uint32_t> lowestOfRoot;
    for (std::size_t i = 0; i < n; ++i) lowestOfRoot.try_emplace(find(std::uint32_t(i)), std::uint32_t(i));
    std::map<std::uint32_t, std::uint32_t> farOf;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t g = out.lowest[i] = lowestOfRoot[find(std::uint32_t(i))];
        auto& [carriedA, carriedB, aligned] = out.ofGroup.try_emplace(g, std::array<int, 3>{0, 0, 1}).first->second;
        carriedA = std::max(carriedA, std::min(linksIn[cageA[i]], 255));
        carriedB = std::max(carriedB, std::min(linksIn[cageB[i]], 255));
        for (const auto& [near, far] : {std::pair{cageA[i], cageB[i]}, std::pair{cageB[i], cageA[i]}})
            if (!farOf.try_emplace(near, far).second && farOf[near] != far) aligned = 0;
    }
    return out;
}

// The cable plan's grouping, plainly: per upper cage, its multi-leg links by (solution, port, link),
// cut linksPerCable at a time; returns each cable's legs in order, cages in cage order.
std::vector<std::vector<std::uint32_t>> referenceCables(const Fabric& f, const MediaAssignment& m,
                                                        const std::vector<std::uint32_t>& cageOfEnd)
{
    std::map<std::uint32_t, std::vector<std::uint32_t>> ofCage;
    for (std::size_t i = 0; i < std::min(f.links.size(), m.solutionOfLink.size()); ++i)
        if (m.solutionOfLink[i] < m.solutions.size() && bom::isMultiLeg(m.solutions[m.solutionOfLink[i]]))
            ofCage[cageOfEnd[2 * i + 1]].push_back(std::uint32_t(i));
    std::vector<std::vector<std::uint32_t>> cables;
    for (auto& [cage, links] : ofCage) {
        std::sort(links.begin(), links.end(), [&](std::uint32_t x, std::uint32_t y) {
            return std::tuple(m.solutionOfLink[x], f.links[x].bPort, x) < std::tuple(m.solutionOfLink[y], f.links[y].bPort, y);
        });
        for (std::size_t k = 0; k < links.size();) {
            const std::uint32_t s = m.solutionOfLink[links[k]];
            std::vector<std::uint32_t> cable;
            while (k < links.size() && m.solutionOfLink[links[k]] == s &&
                   cable.size() < std::size_t(m.solutions[s].linksPerCable))
                cable.push_back(links[k++]);
            cables.push_back(cable);
        }
    }
    return cables;
}

bool sameCounts(const std::vector<bom::SolutionCounts>& x, const std::vector<bom::SolutionCounts>& y)
{
    return std::equal(x.begin(), x.end(), y.begin(), y.end(), [](const bom::SolutionCounts& a, const bom::SolutionCounts& b) {
        return a.links == b.links && a.modulesA == b.modulesA && a.modulesB == b.modulesB && a.cables == b.cables;
    });
}

// What differs between the fast counts and cable groups of `m` and the plain ones, or "".
std::string bomDifference(const Fabric& f, const MediaAssignment& m)
{
    if (!sameCounts(bom::countPerSolution(f, m), bom::countEachCage(f, m))) return "counts per solution";
    CageIndex own;
    const CageIndex& cages = bom::cagesOf(f, m, own);
    const std::vector<std::uint32_t> ends = cageOfEachEnd(f, cages);
    const bom::CableGroups g = bom::groupCables(f, m, EndCages(f, cages));
    const std::vector<std::vector<std::uint32_t>> want = referenceCables(f, m, ends);
    if (g.multiLegCables() != want.size() || g.legStart.size() != want.size() + 1) return "cable count";
    for (std::size_t k = 0; k < want.size(); ++k) {
        const auto legs = g.legsOf(k);
        if (!std::equal(legs.begin(), legs.end(), want[k].begin(), want[k].end())) return "legs of a cable";
        if (g.leaders[k] != *std::min_element(want[k].begin(), want[k].end())) return "leader of a cable";
        for (const std::uint32_t leg : legs)
            if (g.cableOfLink[leg] != k) return "cable of a link";
    }
    std::size_t inCables = 0;
    for (const std::uint32_t c : g.cableOfLink) inCables += c != bom::CableGroups::kNone;
    if (!g.cableOfLink.empty() && (g.cableOfLink.size() != f.links.size() || inCables != g.legs.size()))
        return "links outside any cable";
    return {};
}

// What differs between the fast cage numbering and grouping of `p` and the plain ones, or "".
std::string cageDifference(const Plan& p)
{
    const Fabric& f = p.fabric;
    const CageIndex cages = indexCages(f, p.hardware.nic.ports, p.hardware.nicPortsPerHostCage());
    std::vector<std::uint32_t> used(f.devices.size(), 0);
    for (const Link& l : f.links) {
        used[l.a] = std::max(used[l.a], cages.localCage(f, l.a, l.aPort) + 1);
        used[l.b] = std::max(used[l.b], cages.localCage(f, l.b, l.bPort) + 1);
    }
    for (std::size_t d = 0; d < f.devices.size(); ++d)
        if (cages.cagesUsed(DeviceId(d)) != used[d]) return "cages of " + f.deviceName(DeviceId(d));
    const std::vector<std::uint32_t> ends = cageOfEachEnd(f, cages);
    for (std::size_t i = 0; i < f.links.size(); ++i)
        if (ends[2 * i] != cages.cageOf(f, f.links[i].a, f.links[i].aPort) ||
            ends[2 * i + 1] != cages.cageOf(f, f.links[i].b, f.links[i].bPort))
            return "end cages of link " + std::to_string(i);
    const media::CageGrouping g = media::groupByCage(f, p.hardware);
    if (g.cageOfEnd != ends) return "grouping's end cages";
    const EndCages onDemand(f, g.cages);  // as the invariant check and the cable plan read them
    for (std::size_t e = 0; e < ends.size(); ++e)
        if (onDemand(e) != ends[e]) return "end cages read on demand";
    const ReferenceGroups want = referenceGroups(f, cages);
    std::map<std::uint32_t, std::uint32_t> lowestOfRoot;
    for (std::size_t i = 0; i < f.links.size(); ++i) {
        const std::uint32_t root = g.rootOfLink[i];
        if (g.rootOfLink[root] != root) return "root of link " + std::to_string(i) + " is not a root";
        lowestOfRoot.try_emplace(root, std::uint32_t(i));
        if (lowestOfRoot[root] != want.lowest[i]) return "group of link " + std::to_string(i);
        const std::array<int, 3> got{g.carriedA[root], g.carriedB[root], g.aligned[root]};
        if (got != want.ofGroup.at(want.lowest[i])) return "carried or aligned of link " + std::to_string(i);
    }
    return {};
}

} // namespace

class TestCageCounts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    // Fails when a fast path (per-device cage shifts, highest-port cage numbering, the zero-initialised
    // union-find, cages tallied by state, run-wise multi-leg lookup, cable bucketing) gives anything the
    // plain computations do not.
    void fastPathsMatchPlainCounts()
    {
        std::mt19937 rng(20261202);
        int withMultiLeg = 0, twinHostCages = 0, onePortCages = 0;
        std::vector<std::string> failures;
        const test::RandomPlans r = test::planRandomSpecs(
            catalog_, 360, 2400, [&] { return randomSpec(rng, catalog_); }, [&](const ClusterSpec&, Plan& p, int attempts) {
                twinHostCages += p.media.cages.nicsPerHostCage > 1;
                onePortCages += p.media.cages.onePortPerCage();
                withMultiLeg += std::any_of(p.media.solutions.begin(), p.media.solutions.end(),
                                            [](const LinkSolution& s) { return bom::isMultiLeg(s); });
                const std::string where = "attempt " + std::to_string(attempts) + ": ";
                if (const std::string d = cageDifference(p); !d.empty()) failures.push_back(where + d);
                if (const std::string d = bomDifference(p.fabric, p.media); !d.empty()) failures.push_back(where + d);
                // Scrambled media: some links move to another solution (cages then mix solutions, splitters
                // take odd legs) or to none; and the same without media's cages (counted from the fabric).
                MediaAssignment scrambled = p.media;
                const auto below = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
                for (std::size_t k = 0; k < 1 + scrambled.solutionOfLink.size() / 20; ++k)
                    scrambled.solutionOfLink[below(scrambled.solutionOfLink.size())] =
                        std::uint32_t(below(scrambled.solutions.size() + 1));
                if (const std::string d = bomDifference(p.fabric, scrambled); !d.empty()) failures.push_back(where + "scrambled, " + d);
                scrambled.cages = {};
                if (const std::string d = bomDifference(p.fabric, scrambled); !d.empty()) failures.push_back(where + "own cages, " + d);
                return true;
            });
        const int planned = r.planned, attempts = r.attempts;
        qInfo("%d random plans in %d attempts, %d with multi-leg cables, %d with twin-port host cages, %d with one port "
              "per cage", planned, attempts, withMultiLeg, twinHostCages, onePortCages);
        QVERIFY(planned >= 360);
        QVERIFY(withMultiLeg >= 30);
        QVERIFY(twinHostCages >= 10);
        QVERIFY(onePortCages >= 10);  // cageDifference checks the grouping's shortcut on these
        std::string all;
        for (std::size_t k = 0; k < std::min<std::size_t>(failures.size(), 20); ++k) all += "\n  " + failures[k];
        QVERIFY2(failures.empty(), all.c_str());
    }

    // Cages of sizes no shift divides by (three ports per cage, three NICs per host cage) take the
    // general path; it must agree with CageIndex::cageOf too.
    void oddCageSizesMatchCageOf()
    {
        ClusterSpec spec;
        spec.gpus = 512;
        const Plan p = makePlan(spec, catalog_);
        // Switch cages alone, host cages alone, both.
        for (const auto& [switchCage, hostCage] : {std::pair{3, 1}, std::pair{0, 3}, std::pair{5, 5}}) {
            CageIndex cages = p.media.cages;
            for (std::uint8_t& ppc : cages.portsPerCageOfDevice)
                if (ppc && switchCage) ppc = std::uint8_t(switchCage);
            cages.nicsPerHostCage = hostCage;
            const std::vector<std::uint32_t> ends = cageOfEachEnd(p.fabric, cages);
            QCOMPARE(ends.size(), 2 * p.fabric.links.size());
            for (std::size_t i = 0; i < p.fabric.links.size(); ++i) {
                const Link& l = p.fabric.links[i];
                QCOMPARE(ends[2 * i], cages.cageOf(p.fabric, l.a, l.aPort));
                QCOMPARE(ends[2 * i + 1], cages.cageOf(p.fabric, l.b, l.bPort));
            }
        }
    }

private:
    Catalog catalog_;
};

QTEST_GUILESS_MAIN(TestCageCounts)
#include "test_cage_counts.moc"
