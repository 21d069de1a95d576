// The comparison's shortcuts change nothing (issue 23): on hand-picked specs, comparePlans (candidates
// skipped by a cost bound, switches priced from a sibling's plan) gives the same plans, advice and notes
// as planning every candidate (plan::comparePlansExhaustively), and every candidate it skipped really
// loses; a sibling's re-priced capex equals the capex of its own plan, to the last bit; a candidate
// planned on a floor built for another NIC, fabric or switch of the same shape (plan/plan_stages.h) has
// exactly its own plan, per link and per rack.
#include <algorithm>
#include <limits>
#include <optional>
#include <random>
#include <QtTest>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "plan/compare.h"
#include "plan/compare_bound.h"
#include "plan/compare_no_part.h"
#include "plan/compare_siblings.h"
#include "plan/plan.h"
#include "plan/plan_json.h"
#include "plan/plan_stages.h"
#include "plan/resolve.h"

using namespace fp;
using Outcome = CompareCandidate::Outcome;

namespace {

struct Case {
    const char* name;
    ClusterSpec spec;
};

// Sizes from one switch to three tiers; every fabric as the design's own; oversubscription, planes,
// dual-ToR, third-party optics (which makes more switches siblings), OEM-only prices, no rails.
std::vector<Case> cases()
{
    std::vector<Case> out;
    auto add = [&](const char* name, auto&& edit) {
        ClusterSpec s;
        edit(s);
        out.push_back({name, s});
    };
    add("256 GPUs", [](ClusterSpec& s) { s.gpus = 256; });
    add("1,024 GPUs (defaults)", [](ClusterSpec&) {});
    add("2,048 GPUs RoCE on SN5600", [](ClusterSpec& s) {
        s.gpus = 2048;
        s.fabric = FabricKind::RoCE;
        s.switchModel = "SN5600";
    });
    add("4,096 GPUs", [](ClusterSpec& s) { s.gpus = 4096; });
    add("4,096 GPUs third-party optics", [](ClusterSpec& s) {
        s.gpus = 4096;
        s.media.allowThirdPartyOptics = true;
    });
    add("4,096 GPUs leaf 3:1", [](ClusterSpec& s) {
        s.gpus = 4096;
        s.leafOversubscription = {3, 1};
    });
    add("8,192 GPUs two planes at 200G", [](ClusterSpec& s) {
        s.gpus = 8192;
        s.planes = 2;
        s.linkGbps = 200;
    });
    add("8,192 GPUs dual-ToR", [](ClusterSpec& s) {
        s.gpus = 8192;
        s.dualTor = true;
    });
    add("8,192 GPUs OEM-only prices", [](ClusterSpec& s) {
        s.gpus = 8192;
        s.economics.pricePolicy = PricePolicy::OemOnly;
    });
    add("8,192 GPUs not rail-optimized", [](ClusterSpec& s) {
        s.gpus = 8192;
        s.railOptimized = false;
    });
    add("16,384 GPUs UEC", [](ClusterSpec& s) {
        s.gpus = 16384;
        s.fabric = FabricKind::UEC;
    });
    add("16,384 GPUs third-party optics, lowest power", [](ClusterSpec& s) {
        s.gpus = 16384;
        s.media.allowThirdPartyOptics = true;
        s.media.objective = MediaObjective::LowestPower;
    });
    add("24,576 GPUs ConnectX-8 on Q3400", [](ClusterSpec& s) {
        s.gpus = 24576;
        s.nicModel = "900-9X81E-00EX-DT0";
        s.switchModel = "Q3400-RA";
    });
    add("32,768 GPUs", [](ClusterSpec& s) { s.gpus = 32768; });
    add("32,768 GPUs third-party optics", [](ClusterSpec& s) {
        s.gpus = 32768;
        s.media.allowThirdPartyOptics = true;
    });
    add("32,768 GPUs Spectrum-X, no spares", [](ClusterSpec& s) {
        s.gpus = 32768;
        s.fabric = FabricKind::SpectrumX;
        s.economics.spareSwitchPerN = 0;
        s.economics.sparesOpticsPct = 0;
    });
    add("49,152 GPUs spine 2:1", [](ClusterSpec& s) {
        s.gpus = 49152;
        s.spineOversubscription = {2, 1};
    });
    add("65,536 GPUs third-party optics", [](ClusterSpec& s) {
        s.gpus = 65536;
        s.media.allowThirdPartyOptics = true;
    });
    add("100,000 GPUs ConnectX-8 on Q3400", [](ClusterSpec& s) {
        s.gpus = 100000;
        s.nicModel = "900-9X81E-00EX-DT0";
        s.switchModel = "Q3400-RA";
    });
    add("131,072 GPUs third-party optics", [](ClusterSpec& s) {
        s.gpus = 131072;
        s.media.allowThirdPartyOptics = true;
    });
    return out;
}

nlohmann::json withoutTimings(nlohmann::json plans)
{
    for (auto& p : plans) p.erase("timings_ms");
    return plans;
}

// A plan's JSON without its stage timings, which differ run to run.
nlohmann::json planJson(const Plan& p)
{
    nlohmann::json j = planToJson(p);
    j.erase("timings_ms");
    return j;
}

// The per-link and per-device arrays the JSON only sums: links, racks (their power included), each
// device's rack, each link's length, cage and media.
bool sameArrays(const Plan& a, const Plan& b)
{
    const auto sameLinks = std::equal(a.fabric.links.begin(), a.fabric.links.end(), b.fabric.links.begin(),
                                      b.fabric.links.end(), [](const Link& x, const Link& y) {
                                          return x.a == y.a && x.b == y.b && x.aPort == y.aPort &&
                                                 x.bPort == y.bPort && x.cls == y.cls;
                                      });
    const auto sameRacks = std::equal(a.layout.racks.begin(), a.layout.racks.end(), b.layout.racks.begin(),
                                      b.layout.racks.end(), [](const Rack& x, const Rack& y) {
                                          return x.name == y.name && x.powerW == y.powerW && x.devices == y.devices &&
                                                 x.xM == y.xM && x.yM == y.yM;
                                      });
    return sameLinks && sameRacks && a.fabric.devices.size() == b.fabric.devices.size() &&
           a.layout.rackOfDevice == b.layout.rackOfDevice && a.layout.linkLengthM == b.layout.linkLengthM &&
           a.media.cages.firstCage == b.media.cages.firstCage && a.media.solutionOfLink == b.media.solutionOfLink;
}

// Whether two cage groupings are the same, array by array.
bool sameGrouping(const media::CageGrouping& a, const media::CageGrouping& b)
{
    return a.cages.firstCage == b.cages.firstCage && a.cages.portsPerCageOfDevice == b.cages.portsPerCageOfDevice &&
           a.cageOfEnd == b.cageOfEnd && a.rootOfLink == b.rootOfLink && a.carriedA == b.carriedA &&
           a.carriedB == b.carriedB && a.aligned == b.aligned;
}

// Whether the plan has the error plan::hostLinksFailMedia promises: media.no-part on its host-leaf links.
bool hostLinksHaveNoPart(const Plan& p)
{
    return std::any_of(p.findings.begin(), p.findings.end(), [](const Finding& f) {
        return f.severity == Severity::Error && f.rule == "media.no-part" && f.where.rfind("host-leaf links", 0) == 0;
    });
}

} // namespace

class TestCompareExhaustive : public QObject {
    Q_OBJECT
    Catalog catalog_;
    // What the NICs of candidate i of fabric k cost: the NIC's price times the winner's NIC count.
    double nicsOf(const Comparison& c, std::size_t k, std::size_t i) const
    {
        const Plan& won = c.plans[k];
        const NicModel* nic = catalog_.findNic(c.alternatives[k].candidates[i].nicModel);
        if (!nic || won.hardware.nic.partNumber.empty() || won.estimates.capex.nicsUsd == 0) return 0;
        const PriceQuote* mine = catalog_.priceFor(*nic, won.spec.economics);
        const PriceQuote* theirs = catalog_.priceFor(won.hardware.nic, won.spec.economics);
        return mine && theirs ? won.estimates.capex.nicsUsd / theirs->priceUsd * mine->priceUsd : 0;
    }
    int skipped_ = 0, skippedBySibling_ = 0, skippedForNoPart_ = 0;

    // Every candidate of every fabric for `spec` that resolves (plan::resolveStage), fabric by fabric.
    std::vector<plan::Resolved> resolvedCandidates(const ClusterSpec& spec) const
    {
        std::vector<plan::Resolved> resolved;
        for (FabricKind kind : {FabricKind::InfiniBand, FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC})
            for (const ClusterSpec& c : plan::retargetCandidates(spec, kind, catalog_)) try {
                    resolved.push_back(plan::resolveStage(c, catalog_));
                } catch (const UserError&) {
                }
        return resolved;
    }

    // One data row per case of at most `maxGpus` GPUs, by its index in cases().
    static void addCaseRows(int maxGpus)
    {
        QTest::addColumn<int>("index");
        const auto all = cases();
        for (std::size_t i = 0; i < all.size(); ++i)
            if (all[i].spec.gpus <= maxGpus) QTest::newRow(all[i].name) << int(i);
    }

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    void sameAsPlanningEveryCandidate_data() { addCaseRows(std::numeric_limits<int>::max()); }
    void sameAsPlanningEveryCandidate()
    {
        QFETCH(int, index);
        const ClusterSpec spec = cases()[std::size_t(index)].spec;
        const Comparison pruned = comparePlans(spec, catalog_);
        const Comparison full = plan::comparePlansExhaustively(spec, catalog_);
        const nlohmann::json pj = comparisonToJson(pruned), fj = comparisonToJson(full);
        // The winners, their whole plans (notes included) and the advice with its reasons. The pruned
        // comparison checks the invariants of the plans it keeps only; the exhaustive one of every
        // candidate: the kept plans' findings are the same.
        for (const Plan& p : pruned.plans) QVERIFY(!p.invariantsPending);
        QCOMPARE(withoutTimings(pj["plans"]), withoutTimings(fj["plans"]));
        QCOMPARE(pj["advice"], fj["advice"]);

        QCOMPARE(pruned.alternatives.size(), full.alternatives.size());
        for (std::size_t k = 0; k < full.alternatives.size(); ++k) {
            const auto& pa = pruned.alternatives[k];
            const auto& fa = full.alternatives[k];
            QCOMPARE(pa.buildable, fa.buildable);
            QCOMPARE(pa.candidates.size(), fa.candidates.size());
            const Capex& won = full.plans[k].estimates.capex;
            const int wonErrors = full.plans[k].errorCount();
            for (std::size_t i = 0; i < fa.candidates.size(); ++i) {
                const CompareCandidate& p = pa.candidates[i];
                const CompareCandidate& f = fa.candidates[i];
                const QByteArray what = QByteArray(toString(fa.fabric)) + " " + f.switchModel.c_str() + " " +
                                        f.nicModel.c_str() + " " + QByteArray::number(f.linkGbps);
                QVERIFY2(p.switchModel == f.switchModel && p.nicModel == f.nicModel && p.linkGbps == f.linkGbps,
                         what);
                QVERIFY2(f.outcome != Outcome::MoreExpensive, what);  // exhaustive skips nothing
                switch (p.outcome) {
                case Outcome::Chosen:
                case Outcome::CannotBuild:
                    QVERIFY2(f.outcome == p.outcome && f.reason == p.reason, what);
                    break;
                case Outcome::Planned:
                    QVERIFY2(f.outcome == Outcome::Planned, what);
                    QVERIFY2(f.errors == p.errors && f.capexUsd == p.capexUsd, what);
                    break;
                case Outcome::MoreExpensive:
                    // Skipped: planned, it loses to the winner, which is free of errors, and the bound
                    // that skipped it is a true lower bound of its capex less NICs.
                    ++skipped_;
                    if (p.lowerBoundUsd > f.lowerBoundUsd) ++skippedBySibling_;
                    QVERIFY2(f.outcome == Outcome::Planned, what);
                    QCOMPARE(wonErrors, 0);
                    QVERIFY2(f.errors > 0 || f.capexUsd > won.totalUsd, what);
                    QVERIFY2(p.lowerBoundUsd <= f.capexUsd - nicsOf(full, k, i), what);
                    QVERIFY2(p.lowerBoundUsd + nicsOf(full, k, i) > won.totalUsd, what);
                    break;
                case Outcome::NoPartFits:
                    // Skipped: planned, it has errors, and the winner has none.
                    ++skippedForNoPart_;
                    QVERIFY2(f.outcome == Outcome::Planned, what);
                    QCOMPARE(wonErrors, 0);
                    QVERIFY2(f.errors > 0, what);
                    break;
                }
            }
        }
    }

    // The shortcuts were taken at all above (else this test could not fail for them).
    void shortcutsWereTaken()
    {
        QVERIFY(skipped_ > 0);
        QVERIFY(skippedBySibling_ > 0);
        QVERIFY(skippedForNoPart_ > 0);
    }

    // By hand: RoCE on AIS800-64D (QSFP-DD cages run as 2 x 400G) with a one-port 400G ConnectX-7, in a
    // catalog without the two-port QSFP-DD800 DR4 module (the bundled one has it: then both plan), so
    // that the only QSFP-DD module at 400G is the one-port MSA-QDD-400G-DR4. One node's one NIC leaves
    // the leaf's first cage half full, and the one-port module serves it; two nodes fill it, and nothing
    // does. The ConnectX-7 at 400G on Q3400 (four links per OSFP cage): no four-port 400G part at all.
    void noPartProofByHand()
    {
        Catalog withoutTwoPortQsfpDd = catalog_;
        std::erase_if(withoutTwoPortQsfpDd.transceivers,
                      [](const TransceiverModel& t) { return t.partNumber == "MSA-QDD-800G-2DR4"; });
        QCOMPARE(withoutTwoPortQsfpDd.transceivers.size() + 1, catalog_.transceivers.size());
        const auto flaggedAndFails = [&](const Catalog& catalog, int gpus, int gpusPerNode, int nics, FabricKind fabric,
                                         const char* sw) {
            ClusterSpec s;
            s.gpus = gpus;
            s.gpusPerNode = gpusPerNode;
            s.nicsPerNode = nics;
            s.fabric = fabric;
            s.switchModel = sw;
            s.nicModel = "MCX75310AAS-NEAT";
            const plan::Resolved r = plan::resolveStage(s, catalog);
            return std::pair{plan::hostLinksFailMedia(r, catalog), hostLinksHaveNoPart(makePlan(s, catalog))};
        };
        QCOMPARE(flaggedAndFails(withoutTwoPortQsfpDd, 4, 4, 1, FabricKind::RoCE, "AIS800-64D"), std::pair(false, false));
        QCOMPARE(flaggedAndFails(withoutTwoPortQsfpDd, 8, 4, 1, FabricKind::RoCE, "AIS800-64D"), std::pair(true, true));
        QCOMPARE(flaggedAndFails(catalog_, 8, 4, 1, FabricKind::RoCE, "AIS800-64D"), std::pair(false, false));
        QCOMPARE(flaggedAndFails(catalog_, 4096, 8, 8, FabricKind::InfiniBand, "Q3400-RA"), std::pair(true, true));
        QCOMPARE(flaggedAndFails(catalog_, 4096, 8, 8, FabricKind::InfiniBand, "MQM9700-NS2F"), std::pair(false, false));
    }

    // The proof behind no_part_fits holds: over random designs, every candidate of every fabric that
    // plan::hostLinksFailMedia flags, planned in full, has a media.no-part error on its host-leaf links.
    void noPartProofsHold()
    {
        std::mt19937 rng(20261203);
        const auto pick = [&](std::initializer_list<int> v) { return *(v.begin() + rng() % v.size()); };
        PlanOptions findingsOnly;
        findingsOnly.findingsOnly = true;
        int flagged = 0, candidates = 0;
        for (int trial = 0; trial < 150; ++trial) {
            ClusterSpec s;
            s.gpusPerNode = pick({4, 8});
            s.nicsPerNode = std::min(s.gpusPerNode, pick({1, 2, 4, 8}));
            s.gpus = s.gpusPerNode * pick({1, 2, 16, 64, 256, 1024, 4096});  // one node: part-filled leaf cages
            s.nicModel = catalog_.nics[rng() % catalog_.nics.size()].partNumber;
            s.switchModel = catalog_.switches[rng() % catalog_.switches.size()].partNumber;
            s.linkGbps = pick({0, 0, 100, 200, 400, 800});
            s.planes = pick({1, 1, 2});
            s.railOptimized = rng() % 2;
            s.dualTor = rng() % 6 == 0;
            s.leafOversubscription = rng() % 4 == 0 ? Ratio{2, 1} : Ratio{1, 1};
            s.media.allowThirdPartyOptics = rng() % 3 == 0;
            for (FabricKind kind : {FabricKind::InfiniBand, FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC}) {
                std::vector<ClusterSpec> specs;
                try {
                    specs = plan::retargetCandidates(s, kind, catalog_);
                } catch (const UserError&) {
                    continue;
                }
                for (const ClusterSpec& c : specs) {
                    std::optional<plan::Resolved> r;
                    try {
                        r = plan::resolveStage(c, catalog_);
                    } catch (const UserError&) {
                        continue;
                    }
                    ++candidates;
                    if (!plan::hostLinksFailMedia(*r, catalog_)) continue;
                    ++flagged;
                    const QByteArray what = QByteArray("trial ") + QByteArray::number(trial) + " " + toString(kind) +
                                            " " + c.switchModel.c_str() + " " + c.nicModel.c_str();
                    Plan p;
                    try {
                        p = plan::planOnFloor(*r, plan::buildFloor(*r, findingsOnly), catalog_, findingsOnly);
                    } catch (const UserError& e) {
                        QFAIL(what + ": flagged, but cannot be planned: " + e.what());
                    }
                    QVERIFY2(hostLinksHaveNoPart(p), what);
                }
            }
        }
        // Enough of both for the test to mean something (a proof that flags everything, or nothing, fails).
        qInfo("%d of %d candidates flagged", flagged, candidates);
        QVERIFY2(flagged >= 20, QByteArray::number(flagged));
        QVERIFY2(candidates - flagged >= 100, QByteArray::number(candidates - flagged));
    }

    // Siblings plan alike: each switch priced from a sibling's plan has exactly its own plan's capex,
    // with the same BOM quantities line by line.
    void siblingCapexIsExact_data()
    {
        addCaseRows(65536);
    }
    void siblingCapexIsExact()
    {
        QFETCH(int, index);
        const ClusterSpec spec = cases()[std::size_t(index)].spec;
        PlanOptions findingsOnly;
        findingsOnly.findingsOnly = true;
        for (FabricKind kind : {FabricKind::InfiniBand, FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC}) {
            std::vector<std::pair<const SwitchModel*, Plan>> planned;
            for (const ClusterSpec& c : plan::retargetCandidates(spec, kind, catalog_)) {
                const SwitchModel* sw = catalog_.findSwitch(plan::canonicalParts(c, catalog_).switchModel);
                if (!sw || c.genericRadix > 0 || plan::hasTierSwitches(c)) continue;
                try {
                    planned.emplace_back(sw, makePlan(c, catalog_, findingsOnly));
                    // The NIC cost the comparison's bound adds, against the BOM's.
                    QCOMPARE(plan::nicCostUsd(c, catalog_), planned.back().second.estimates.capex.nicsUsd);
                } catch (const UserError&) {
                }
            }
            for (const auto& [a, pa] : planned)
                for (const auto& [b, pb] : planned) {
                    if (a == b || !plan::plansAlike(*a, *b, catalog_) || pa.spec.nicModel != pb.spec.nicModel) continue;
                    ++siblingPairs_;
                    const QByteArray what = QByteArray(a->partNumber.c_str()) + " -> " + b->partNumber.c_str();
                    QVERIFY2(plan::capexWithSwitch(pa, *b, catalog_).totalUsd == pb.estimates.capex.totalUsd, what);
                    QVERIFY2(plan::capexWithSwitch(pa, *b, catalog_).nicsUsd == pb.estimates.capex.nicsUsd, what);
                    QCOMPARE(pa.bom.lines.size(), pb.bom.lines.size());
                    for (std::size_t i = 0; i < pa.bom.lines.size(); ++i)
                        QVERIFY2(pa.bom.lines[i].qty == pb.bom.lines[i].qty, what);
                }
        }
    }
    void siblingPairsWereFound() { QVERIFY(siblingPairs_ >= 4); }

    // Candidates of different fabrics, NICs or switches that sameFloor pairs (the comparison then builds
    // one topology, layout and cage grouping for both) plan on each other's floor exactly as on their
    // own: the whole plan, findings, BOM and estimates included, and every per-link array.
    void sharedFloorIsExact_data()
    {
        addCaseRows(16384);
    }
    void sharedFloorIsExact()
    {
        QFETCH(int, index);
        const ClusterSpec spec = cases()[std::size_t(index)].spec;
        const std::vector<plan::Resolved> resolved = resolvedCandidates(spec);
        for (std::size_t a = 0; a < resolved.size(); ++a)
            for (std::size_t b = 0; b < resolved.size(); ++b) {
                const plan::Resolved &ra = resolved[a], &rb = resolved[b];
                if (ra.spec == rb.spec || !plan::sameFloor(ra, rb)) continue;
                ++sharedFloors_;
                const auto name = [](const plan::Resolved& r) {
                    return QByteArray(toString(r.spec.fabric)) + " " + r.spec.switchModel.c_str() + " " +
                           r.spec.nicModel.c_str();
                };
                const QByteArray what = name(rb) + " on the floor of " + name(ra);
                try {
                    const Plan own = makePlan(rb.spec, catalog_);
                    const Plan shared = plan::planOnFloor(rb, plan::buildFloor(ra), catalog_);
                    const nlohmann::json ownJson = planJson(own);
                    QVERIFY2(ownJson == planJson(shared), what);
                    QVERIFY2(sameArrays(own, shared), what);
                    // On the floor's cage groups read in place, as the comparison plans every candidate
                    // of a floor but its last: the same plan, and the groups left as they were for the
                    // next candidate.
                    plan::Floor floor = plan::buildFloor(ra);
                    const media::CageGrouping before = floor.grouping;
                    const Plan onGroups = plan::planOnFloor(
                        rb, plan::Floor{floor.fabric, floor.layout, {}, floor.timings}, catalog_, {}, &floor.grouping);
                    QVERIFY2(ownJson == planJson(onGroups), what);
                    QVERIFY2(sameArrays(own, onGroups), what);
                    QVERIFY2(sameGrouping(before, floor.grouping), what);
                    if (ra.spec.switchModel != rb.spec.switchModel) ++otherSwitchFloors_;
                    if (ra.hardware.switches.front().powerW != rb.hardware.switches.front().powerW)
                        ++otherPowerFloors_;  // the racks' power then differs: set again on the floor
                } catch (const UserError& e) {
                    // Then both fail alike: the floor (topology) cannot be built for either.
                    QVERIFY_EXCEPTION_THROWN(plan::buildFloor(ra), UserError);
                }
            }
    }
    // Candidates planned one after another on one floor with one FloorMemo, as the comparison plans a
    // floor's candidates: each plan is its own plan exactly, whichever candidate filled the memo in and
    // in either order, including candidates whose cages split otherwise (the link keys worked out again).
    void sharedMemoIsExact_data() { addCaseRows(16384); }
    void sharedMemoIsExact()
    {
        QFETCH(int, index);
        const ClusterSpec spec = cases()[std::size_t(index)].spec;
        const std::vector<plan::Resolved> resolved = resolvedCandidates(spec);
        std::vector<bool> done(resolved.size(), false);
        for (std::size_t a = 0; a < resolved.size(); ++a) {
            if (done[a]) continue;
            std::vector<const plan::Resolved*> members;
            for (std::size_t b = a; b < resolved.size(); ++b)
                if (!done[b] && plan::sameFloor(resolved[a], resolved[b])) {
                    members.push_back(&resolved[b]);
                    done[b] = true;
                }
            if (members.size() < 2) continue;
            plan::Floor floor;
            try {
                floor = plan::buildFloor(resolved[a]);
            } catch (const UserError&) {
                continue;
            }
            // Pass 2: before each plan the memo reads as left by cages that split otherwise, with a tally
            // of other solutions (the catalog's candidates of one floor all split alike): the keys must be
            // worked out again and the stale tally dropped.
            for (int pass = 0; pass < 3; ++pass) {
                if (pass == 1) std::reverse(members.begin(), members.end());
                plan::FloorMemo memo;
                for (const plan::Resolved* r : members) {
                    const QByteArray what = QByteArray(toString(r->spec.fabric)) + " " + r->spec.switchModel.c_str() +
                                            " " + r->spec.nicModel.c_str() + (pass == 1 ? " (reversed)" : pass == 2 ? " (other split)" : "");
                    if (pass == 2 && memo.keys.version > 0) {
                        memo.keys.linksPerCage.back() += 1;
                        memo.tally.links.assign(memo.tally.links.size(), 1);
                        memo.tally.cagesWith.clear();
                    }
                    const std::uint64_t keysBefore = memo.keys.version;
                    const Plan own = makePlan(r->spec, catalog_);
                    const Plan onMemo = plan::planOnFloor(
                        *r, plan::Floor{floor.fabric, floor.layout, {}, floor.timings}, catalog_, {}, &floor.grouping, &memo);
                    QVERIFY2(planJson(own) == planJson(onMemo), what);
                    QVERIFY2(sameArrays(own, onMemo), what);
                    QVERIFY2(memo.tally.counted, what);
                    if (keysBefore == 0) continue;
                    if (pass == 2) {
                        QVERIFY2(memo.keys.version != keysBefore, what);
                        ++memoKeysAgain_;
                    } else {
                        QVERIFY2(memo.keys.version == keysBefore, what);  // shared, not worked out again
                        ++memoReused_;
                    }
                }
            }
        }
    }
    void sharedMemosWereUsed()
    {
        QVERIFY(memoReused_ >= 20);
        QVERIFY(memoKeysAgain_ >= 10);
        qInfo("%d plans read another plan's link keys; %d worked them out again after another split", memoReused_, memoKeysAgain_);
    }

    void sharedFloorsWereFound()
    {
        QVERIFY(sharedFloors_ >= 20);
        // Switches of one shape but other names and power share floors too (51.2T RoCE/UEC switches).
        QVERIFY(otherSwitchFloors_ >= 10);
        QVERIFY(otherPowerFloors_ > 0);
    }

    // Past three tiers, switches of one radix but other names still share a floor: the plane note that
    // explains the extra planes names the radix, not the switch (it named the switch, and at 1,000,000
    // GPUs the comparison built five identical floors). The note read on the shared floor is the same.
    void railPlaneFloorsAreShared()
    {
        ClusterSpec spec;
        spec.gpus = 100000;  // 100,000 NIC ports at 400G: past 64-port switches' 65,536 in three tiers
        spec.fabric = FabricKind::RoCE;
        ClusterSpec a = spec, b = spec;
        a.switchModel = "N9K-C9364D-GX2A";
        b.switchModel = "SN5400";
        const plan::Resolved ra = plan::resolveStage(a, catalog_), rb = plan::resolveStage(b, catalog_);
        QVERIFY2(!rb.planesNote.empty(), "expected extra planes at 100,000 GPUs on 64-port switches");
        QCOMPARE(rb.spec.planes, 2);
        QVERIFY(plan::sameFloor(ra, rb));
        const Plan own = makePlan(b, catalog_);
        const Plan shared = plan::planOnFloor(rb, plan::buildFloor(ra), catalog_);
        QVERIFY(!own.fabric.notes.empty() && own.fabric.notes.front() == rb.planesNote);
        QVERIFY(planJson(own) == planJson(shared));
    }

    // A platform's own NIC names its host ports by the platform's cages (osfp1..), another NIC by NIC
    // (nic1..): candidates that differ so do not share a floor, whose fabric carries the names. They did
    // (the floor of the first candidate named every candidate's host ports), though their figures agree.
    void hostPortNamesAreTheCandidatesOwn()
    {
        ClusterSpec spec;
        spec.gpus = 1024;
        spec.platform = "HGX-H100";
        spec.fabric = FabricKind::RoCE;
        spec.switchModel = "SN5600";
        ClusterSpec own = spec, other = spec;
        own.nicModel = "MCX75310AAS-NEAT";  // the HGX H100's ConnectX-7 OSFP card
        other.nicModel = "MCX715105AS-WEAT";  // a ConnectX-7 QSFP112 card: one 400G port too
        const plan::Resolved ra = plan::resolveStage(own, catalog_), rb = plan::resolveStage(other, catalog_);
        QCOMPARE(ra.hardware.nic.ports, rb.hardware.nic.ports);
        QCOMPARE(QString::fromStdString(plan::hostCagesOf(ra).type), QStringLiteral("osfp"));
        QVERIFY(plan::hostCagesOf(rb).type.empty());
        QVERIFY(!plan::sameFloor(ra, rb));
        QVERIFY(!plan::sameFloor(rb, ra));
        const Plan planned = makePlan(other, catalog_);
        QVERIFY(planned.fabric.hostCages.type.empty());
        QCOMPARE(QString::fromStdString(planned.fabric.portName(0, 0)), QStringLiteral("nic1"));
    }

private:
    int siblingPairs_ = 0;
    int sharedFloors_ = 0;
    int otherSwitchFloors_ = 0;
    int otherPowerFloors_ = 0;
    int memoReused_ = 0, memoKeysAgain_ = 0;
};

QTEST_GUILESS_MAIN(TestCompareExhaustive)
#include "test_compare_exhaustive.moc"
