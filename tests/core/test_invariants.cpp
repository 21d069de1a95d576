// The hardware invariants (plan/invariants.h) on every bundled example and on 500+ random specs across
// fabrics, tiers, planes, oversubscription, placements, policies and splitter pins; plus the figures the
// issue measured, against closed-form counts: a 1,024-GPU DGX H100 plan orders no more modules than its
// switches and NICs have cages, and its cable plan names every one of its links exactly once.
#include <QtTest>

#include <filesystem>
#include <random>
#include <set>

#include "bom/bom.h"
#include "catalog/catalog_db.h"
#include "common/error.h"
#include "plan/plan.h"
#include "spec/spec_json.h"

using namespace fp;

namespace {

struct Parts {
    FabricKind fabric;
    const char* switchModel;
    const char* nic;
    int linkGbps;
};

// Switch and NIC pairs that speak the same fabric at a common speed (catalog rows).
const Parts kParts[] = {
    {FabricKind::InfiniBand, "MQM9700-NS2F", "MCX75310AAS-NEAT", 0},
    {FabricKind::InfiniBand, "Q3400-RA", "900-9X81E-00EX-DT0", 0},
    {FabricKind::InfiniBand, "Q3400-RA", "900-9X81E-00EX-DT0", 400},
    {FabricKind::SpectrumX, "SN5600", "900-9D3D4-00EN-HA0", 400},
    {FabricKind::SpectrumX, "SN5600", "900-9X81E-00EX-DT0", 400},
    {FabricKind::RoCE, "DCS-7060X6-64PE", "MCX75310AAS-NEAT", 400},
    {FabricKind::RoCE, "QFX5240-64OD", "BCM957608-P1400GDF00", 400},
    {FabricKind::UEC, "AIS800-64D", "POLLARA-400", 400},
};

std::vector<std::string> invariantFindings(const Plan& p)
{
    std::vector<std::string> out;
    for (const Finding& f : p.findings)
        if (f.rule.rfind("invariant.", 0) == 0) out.push_back(f.rule + ": " + f.message);
    return out;
}

ClusterSpec randomSpec(std::mt19937& rng, const Catalog& catalog)
{
    auto pick = [&](int n) { return int(std::uniform_int_distribution<int>(0, n - 1)(rng)); };
    auto chance = [&](int pct) { return pick(100) < pct; };
    ClusterSpec s;
    const Parts& parts = kParts[pick(int(std::size(kParts)))];
    s.fabric = parts.fabric;
    s.switchModel = parts.switchModel;
    s.nicModel = parts.nic;
    s.linkGbps = parts.linkGbps;
    s.gpusPerNode = chance(80) ? 8 : 4;
    s.nicsPerNode = s.gpusPerNode == 8 ? (chance(80) ? 8 : 4) : (chance(50) ? 4 : 2);
    s.gpus = s.gpusPerNode * (1 + pick(chance(85) ? 256 : 1024));
    const int tiers[] = {0, 0, 0, 1, 2, 3};
    s.tiers = tiers[pick(6)];
    s.railOptimized = chance(70);
    s.suNodes = chance(50) ? 32 : 16;
    s.planes = chance(75) ? 1 : 2;
    if (s.planes == 2 && parts.linkGbps == 0) s.linkGbps = chance(50) ? 200 : 0;
    const Ratio ratios[] = {{1, 1}, {1, 1}, {2, 1}, {3, 1}};
    s.leafOversubscription = ratios[pick(4)];
    s.spineOversubscription = ratios[pick(3)];
    if (chance(10)) s.genericRadix = 16 * (1 + pick(8));
    s.floor.leafPlacement = LeafPlacement(pick(3));
    s.floor.spinePlacement = SpinePlacement(pick(2));
    s.floor.nodesPerRack = 1 + pick(8);
    s.floor.racksPerRow = 4 + pick(16);
    s.media.allowThirdPartyOptics = chance(40);
    s.media.preferCopperInRack = chance(70);
    s.media.objective = chance(70) ? MediaObjective::LowestCost : MediaObjective::LowestPower;
    if (chance(15)) {  // pin a splitter or twin-port cable on the host links
        std::vector<const CableModel*> multi;
        for (const CableModel& c : catalog.cables)
            if (c.legsB > 1) multi.push_back(&c);
        if (!multi.empty()) s.media.pins.push_back({"host_leaf", multi[std::size_t(pick(int(multi.size())))]->partNumber});
    }
    s.economics.sparesOpticsPct = chance(50) ? 2.0 : 0.0;
    if (chance(30)) {  // per-tier switches: any of the fabric's switches at the link speed on each tier
        const NicModel* nic = catalog.findNic(s.nicModel);
        const int gbps = s.linkGbps > 0 ? s.linkGbps : (nic ? nic->portGbps : 400);
        auto runs = [&](const SwitchModel& w, bool chassisOk) {
            if (w.modularChassis() && !chassisOk) return false;  // a chassis is a spine or core
            const bool ib = w.protocol == Protocol::InfiniBand;
            const bool eth = w.protocol == Protocol::Ethernet;
            return w.portsAt(gbps) > 0 && !(ib && s.fabric != FabricKind::InfiniBand) &&
                   !(eth && s.fabric == FabricKind::InfiniBand);
        };
        for (std::string* tier : {&s.leafSwitchModel, &s.spineSwitchModel, &s.coreSwitchModel}) {
            std::vector<const SwitchModel*> fit;
            for (const SwitchModel& w : catalog.switches)
                if (runs(w, tier != &s.leafSwitchModel)) fit.push_back(&w);
            if (!fit.empty() && chance(70)) *tier = fit[std::size_t(pick(int(fit.size())))]->partNumber;
        }
    }
    return s;
}

} // namespace

class TestInvariants : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    void bundledExamplesHoldEveryInvariant()
    {
        for (const auto& e : std::filesystem::directory_iterator(FABRICPLAN_EXAMPLES_DIR)) {
            if (e.path().extension() != ".fabricplan") continue;
            const Plan p = makePlan(loadSpecFile(e.path().string()).spec, catalog_);
            const auto broken = invariantFindings(p);
            QVERIFY2(broken.empty(), qPrintable(QString::fromStdString(e.path().filename().string() + ": " +
                                                                        (broken.empty() ? "" : broken.front()))));
        }
    }

    // The measurement: 1,552 twin-port modules for 1,536 switch cages. 48 QM9700 x 32 OSFP cages =
    // 1,536 switch cages; 128 nodes x 8 single-port NICs = 1,024 NIC cages. Each cage holds at most one part.
    void dgx1024OrdersAtMostOneModulePerCage()
    {
        const Plan p = makePlan(loadSpecFile(std::string(FABRICPLAN_EXAMPLES_DIR) + "/dgx-h100-superpod-1024.fabricplan").spec,
                                catalog_);
        QCOMPARE(p.fabric.switchCount(), 48LL);
        long long switchModules = 0, nicModules = 0;
        for (const BomLine& l : p.bom.lines) {
            if (l.category != BomCategory::Transceivers) continue;
            const TransceiverModel* t = catalog_.findTransceiver(l.part);
            QVERIFY(t);
            (t->finned ? switchModules : nicModules) += l.qty;
        }
        QVERIFY2(switchModules <= 48 * 32, qPrintable(QString::number(switchModules)));
        QVERIFY2(nicModules <= 1024, qPrintable(QString::number(nicModules)));

        // Every one of the 2,048 links is a leg of exactly one cable; labels/CSV/NetBox rows come from these.
        QCOMPARE(p.fabric.links.size(), std::size_t(2048));
        std::vector<int> seen(p.fabric.links.size(), 0);
        std::set<std::string> names;
        bom::forEachCable(p.fabric, p.layout, p.media, [&](const CableRow& row) {
            for (const CableLeg& leg : row.legs) {
                ++seen[leg.link];
                names.insert(leg.aDevice + " " + leg.aPort);
            }
            return true;
        });
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
        QVERIFY(names.count("node-0031 nic1"));  // the leg the issue found missing
        QVERIFY(invariantFindings(p).empty());
    }

    void fiveHundredRandomSpecs()
    {
        std::mt19937 rng(20261201);
        int planned = 0, attempts = 0, perTier = 0;
        std::vector<std::string> failures;
        while (planned < 500 && attempts < 3000) {
            ++attempts;
            const ClusterSpec spec = randomSpec(rng, catalog_);
            Plan p;
            try {
                p = makePlan(spec, catalog_);
            } catch (const UserError&) {
                continue;  // not buildable (too big for the switch, invalid mix): not a plan to check
            }
            ++planned;
            perTier += p.hardware.switches.size() > 1 ? 1 : 0;
            for (const std::string& f : invariantFindings(p))
                if (failures.size() < 20)
                    failures.push_back("attempt " + std::to_string(attempts) + " (" + toString(spec.fabric) + " " +
                                       p.hardware.switchesText() + " " + std::to_string(spec.gpus) + " GPUs, tiers " +
                                       std::to_string(spec.tiers) + ", planes " + std::to_string(spec.planes) +
                                       (spec.media.pins.empty() ? "" : ", pin " + spec.media.pins[0].part) + "): " + f);
        }
        qInfo("%d random plans checked in %d attempts (%d with per-tier switches)", planned, attempts, perTier);
        QVERIFY2(planned >= 500, qPrintable(QString::number(planned)));
        QVERIFY2(perTier >= 50, qPrintable(QString::number(perTier)));  // the per-tier path is exercised
        std::string all;
        for (const std::string& f : failures) all += "\n  " + f;
        QVERIFY2(failures.empty(), all.c_str());
    }

private:
    Catalog catalog_;
};

QTEST_GUILESS_MAIN(TestInvariants)
#include "test_invariants.moc"
