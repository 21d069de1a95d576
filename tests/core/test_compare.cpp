// comparePlans (issue 18): per fabric the cheapest plan without design-rule errors, whatever fabric or
// switch the design itself uses; a plan with errors is not buildable and never recommended; the
// switch-cost lower bound that lets the comparison skip candidates never exceeds a real plan's switches.
#include <atomic>
#include <cmath>
#include <set>
#include <QtTest>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "common/format.h"
#include "plan/compare_bound.h"
#include "plan/compare_text.h"
#include "plan/plan.h"
#include "plan/plan_json.h"
#include "plan/resolve.h"

using namespace fp;
using Outcome = CompareCandidate::Outcome;

class TestCompare : public QObject {
    Q_OBJECT
    Catalog catalog_;

    // What the comparison decided, without the design it was made from.
    static nlohmann::json decisions(const Comparison& c)
    {
        nlohmann::json j = comparisonToJson(c);
        return {j["alternatives"], j["advice"]};
    }

    void checkCheapestClean(const Comparison& c)
    {
        QCOMPARE(c.plans.size(), std::size_t(4));
        QCOMPARE(c.alternatives.size(), std::size_t(4));
        for (std::size_t k = 0; k < 4; ++k) {
            const Plan& p = c.plans[k];
            const FabricAlternative& a = c.alternatives[k];
            QCOMPARE(a.fabric, p.spec.fabric);
            QCOMPARE(a.buildable, p.errorCount() == 0);
            int chosen = 0;
            for (const CompareCandidate& x : a.candidates) {
                if (x.outcome == Outcome::Chosen) {
                    ++chosen;
                    QCOMPARE(x.switchModel, p.hardware.switchesText(p.fabric.shape.tiers));
                    QCOMPARE(x.capexUsd, p.estimates.capex.totalUsd);
                }
                // Nothing planned beats the chosen plan (plan/ranking.h): no fewer errors, and if as clean,
                // above the tolerance ceiling, or within it with no fewer tiers and switches.
                if (x.outcome == Outcome::Planned) {
                    QVERIFY(x.errors >= p.errorCount());
                    if (x.errors == 0 && p.errorCount() == 0) {
                        const double own = p.estimates.capex.totalUsd +
                                           p.estimates.opex.energyUsdPerYear * p.spec.economics.horizonYears;
                        QVERIFY(own <= x.beatenAtUsd);
                        QVERIFY(x.ownershipUsd > x.beatenAtUsd || x.tiers > p.fabric.shape.tiers ||
                                (x.tiers == p.fabric.shape.tiers && x.switches >= p.fabric.switchCount()));
                    }
                }
                // A skipped candidate's bound (capex less NICs) exceeds the chosen plan less its NICs
                // when both have the same NICs (test_compare_exhaustive holds the others to their plans).
                if (x.outcome == Outcome::MoreExpensive) {
                    QVERIFY(a.buildable);
                    QVERIFY(x.lowerBoundUsd > 0);
                    // The bound it was skipped on, as the text states it: with its NICs and energy, above
                    // the tolerance ceiling, which the chosen plan is at or under.
                    QVERIFY(x.lowerBoundUsd + x.nicsUsd + x.energyBoundUsd > x.beatenAtUsd);
                    QVERIFY(p.estimates.capex.totalUsd + p.estimates.opex.energyUsdPerYear * p.spec.economics.horizonYears <=
                            x.beatenAtUsd);
                }
                // Its NICs cost what the chosen plan's BOM prices them at, when they are the same NICs.
                if (x.nicModel == p.spec.nicModel && x.linkGbps == p.fabric.shape.linkGbps)
                    QCOMPARE(x.nicsUsd, p.estimates.capex.nicsUsd);
            }
            QCOMPARE(chosen, 1);
        }
        // The recommendation is buildable whenever any option is.
        bool any = false;
        for (const auto& a : c.alternatives) any |= a.buildable;
        QCOMPARE(c.advice.recommendedBuildable, any);
        for (std::size_t k = 0; k < 4; ++k)
            if (c.plans[k].spec.fabric == c.advice.recommended && any) QVERIFY(c.alternatives[k].buildable);
    }

private slots:
    void initTestCase() { catalog_ = loadCatalog(FABRICPLAN_TEST_CATALOG); }

    void keepsTheCheapestErrorFreePlanPerFabric()
    {
        ClusterSpec spec;  // 1,024 GPUs on ConnectX-7 and QM9700
        const Comparison c = comparePlans(spec, catalog_);
        checkCheapestClean(c);
        for (const auto& a : c.alternatives) QVERIFY(a.buildable);
        // Every candidate that could build the cluster was considered: planned, or bounded out.
        for (std::size_t k = 0; k < 4; ++k)
            QCOMPARE(c.alternatives[k].candidates.size(),
                     plan::retargetCandidates(spec, c.alternatives[k].fabric, catalog_).size());
    }

    // A dual-ToR design on the default one-port NIC (issue 22): every fabric takes a NIC with two links
    // per plane, so each is buildable, its hosts dual-homed (a leaf failure cuts no GPU off), and the
    // per-fabric interruption figure is there. Before, every fabric's candidates failed on the NIC.
    void dualTorDesignComparesOnEveryFabric()
    {
        ClusterSpec spec;  // 1,024 GPUs on a 1 x 400G ConnectX-7
        spec.dualTor = true;
        const Comparison c = comparePlans(spec, catalog_);
        checkCheapestClean(c);
        for (std::size_t k = 0; k < c.plans.size(); ++k) {
            QVERIFY2(c.alternatives[k].buildable, toString(c.alternatives[k].fabric));
            const Plan& p = c.plans[k];
            QVERIFY(p.spec.dualTor);
            QVERIFY(p.hardware.nic.ports >= 2 || p.hardware.nic.portGbps >= 2 * p.fabric.shape.linkGbps);
            for (const FailureDomain& d : p.resilience.domains)
                if (d.component == "leaf") QCOMPARE(d.gpusDisconnected, 0LL);
            QVERIFY(p.resilience.jobInterruptionsPerDay > 0);
        }
    }

    // The same cluster designed on another fabric or switch gets the same comparison: per fabric every
    // candidate competes on cost, not on how close it is to the design's own parts.
    void doesNotDependOnTheDesignsFabricOrSwitch()
    {
        ClusterSpec ib;
        ib.gpus = 2048;
        const auto reference = comparePlans(ib, catalog_);
        for (FabricKind kind : {FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC}) {
            ClusterSpec s = ib;
            s.fabric = kind;
            QCOMPARE(decisions(comparePlans(s, catalog_)), decisions(reference));
        }
        ClusterSpec eth = ib;
        eth.fabric = FabricKind::RoCE;
        eth.switchModel = "SN5600";
        const Comparison other = comparePlans(eth, catalog_);
        for (std::size_t k = 0; k < 4; ++k) {
            QCOMPARE(other.plans[k].hardware.switchesText(3), reference.plans[k].hardware.switchesText(3));
            QCOMPARE(other.plans[k].hardware.nic.partNumber, reference.plans[k].hardware.nic.partNumber);
            QCOMPARE(other.plans[k].estimates.capex.totalUsd, reference.plans[k].estimates.capex.totalUsd);
        }
        QCOMPARE(other.advice.recommended, reference.advice.recommended);
    }

    // Issue 18's example: 100,000 GPUs on ConnectX-8 with Q3400. A fabric whose every plan has errors
    // is shown as not buildable, and the advice never picks a plan with errors.
    void neverRecommendsAPlanWithErrors()
    {
        ClusterSpec spec;
        spec.gpus = 100000;
        spec.nicModel = "900-9X81E-00EX-DT0";
        spec.switchModel = "Q3400-RA";
        for (double commPct : {5.0, 15.0, 40.0}) {
            spec.workload.commToComputePct = commPct;
            const Comparison c = comparePlans(spec, catalog_);
            checkCheapestClean(c);
            for (std::size_t k = 0; k < 4; ++k)
                if (c.plans[k].spec.fabric == c.advice.recommended) QCOMPARE(c.plans[k].errorCount(), 0);
        }
    }

    // The bound that skips candidates: for every candidate of every fabric, planned here directly, it is
    // at most the plan's switch capex (one, two and three tiers; oversubscribed; two planes).
    void switchCostBoundNeverExceedsThePlan_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("leafDown");
        QTest::addColumn<int>("leafUp");
        QTest::addColumn<int>("planes");
        QTest::newRow("256 single switch or two tiers") << 256 << 1 << 1 << 1;
        QTest::newRow("4096 two tiers") << 4096 << 1 << 1 << 1;
        QTest::newRow("4096 oversubscribed 3:1") << 4096 << 3 << 1 << 1;
        QTest::newRow("16384 three tiers") << 16384 << 1 << 1 << 1;
        QTest::newRow("8192 two planes") << 8192 << 1 << 1 << 2;
    }
    void switchCostBoundNeverExceedsThePlan()
    {
        QFETCH(int, gpus);
        QFETCH(int, leafDown);
        QFETCH(int, leafUp);
        QFETCH(int, planes);
        ClusterSpec spec;
        spec.gpus = gpus;
        spec.leafOversubscription = {leafDown, leafUp};
        spec.planes = planes;
        if (planes > 1) spec.linkGbps = 200;
        int checked = 0;
        for (FabricKind kind : {FabricKind::InfiniBand, FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC})
            for (const ClusterSpec& candidate : plan::retargetCandidates(spec, kind, catalog_)) {
                const double bound = plan::switchCostLowerBoundUsd(candidate, catalog_);
                try {
                    const Plan p = makePlan(candidate, catalog_);
                    QVERIFY2(bound <= p.estimates.capex.switchesUsd + 1e-6,
                             (candidate.switchModel + ": bound " + std::to_string(bound) + " > switches " +
                              std::to_string(p.estimates.capex.switchesUsd)).c_str());
                    if (p.fabric.shape.tiers > 1) QVERIFY(bound > 0);  // it bounds something
                    ++checked;
                } catch (const UserError&) {
                }
            }
        QVERIFY(checked >= 4);
    }

    // Each fabric's plan in the comparison is the plan its parts make on their own: planned on a floor
    // shared with other candidates and its memo, checked for invariants and finished as soon as its round
    // was planned (plan/compare.cpp), it must not differ from makePlan in any figure. The comparison adds
    // only notes.
    void eachFabricsPlanIsItsOwnPlan_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("platform");
        QTest::newRow("1,024 GPUs") << 1024 << QString();
        QTest::newRow("16,384 GPUs") << 16384 << QString();
        QTest::newRow("100,000 GPUs (extra planes on 64-port switches)") << 100000 << QString();
        QTest::newRow("4,096 GPUs on DGX H100") << 4096 << QStringLiteral("DGX-H100");
    }
    void eachFabricsPlanIsItsOwnPlan()
    {
        QFETCH(int, gpus);
        QFETCH(QString, platform);
        ClusterSpec spec;
        spec.gpus = gpus;
        spec.platform = platform.toStdString();
        const Comparison c = comparePlans(spec, catalog_);
        // A plan's spec holds what it runs (planes raised to connect 100,000 GPUs): planned again from it,
        // the design already says 2 planes, so the "design.override-*" warning, which tells that the
        // design said 1, is the comparison's only. Its count errors/warnings follow it.
        const auto comparable = [](nlohmann::json j) {
            j.erase("timings_ms");
            j["topology"].erase("notes");
            nlohmann::json checks = nlohmann::json::array();
            for (const auto& f : j["checks"])
                if (f["rule"].get<std::string>().rfind("design.override-", 0) != 0) checks.push_back(f);
            j["checks"] = checks;
            j.erase("warnings");
            return j;
        };
        for (const Plan& p : c.plans) {
            const Plan own = makePlan(p.spec, catalog_);
            QVERIFY2(comparable(planToJson(own)) == comparable(planToJson(p)), toString(p.spec.fabric));
            const auto overrides = [](const Plan& x) {
                return std::count_if(x.findings.begin(), x.findings.end(),
                                     [](const Finding& f) { return f.rule.rfind("design.override-", 0) == 0; });
            };
            QCOMPARE(own.findings.size() - overrides(own), p.findings.size() - overrides(p));
        }
    }

    // Cancelled at any point (the GUI's cancel polls between stages: in floor tasks, in the winners'
    // finishing, on either worker), the comparison throws PlanCancelled and does not hang: a worker
    // waiting for a round to finish is released when a floor task throws.
    void cancelsAtAnyPoint()
    {
        ClusterSpec spec;
        spec.gpus = 16384;
        std::atomic<int> polls{0};
        PlanOptions counting;
        counting.cancelled = [&] { return ++polls < 0; };
        QCOMPARE(comparePlans(spec, catalog_, counting).plans.size(), std::size_t(4));
        const int total = polls;
        QVERIFY(total > 20);
        for (int step = 0; step < 20; ++step) {
            const int after = total * step / 20;  // cancel from this poll on
            std::atomic<int> seen{0};
            PlanOptions options;
            options.cancelled = [&] { return seen++ >= after; };
            QVERIFY_EXCEPTION_THROWN(comparePlans(spec, catalog_, options), PlanCancelled);
        }
    }

    // Each candidate's verdict leads with its outcome and gives the figures the decision rested on, as
    // formatUsdShort prints them (the table's rule), in whole dollars where both would print alike.
    void verdictsStateTheFiguresTheDecisionRestedOn()
    {
        ClusterSpec spec;
        spec.gpus = 4096;
        const Comparison c = comparePlans(spec, catalog_);
        std::set<Outcome> seen;
        for (std::size_t k = 0; k < c.alternatives.size(); ++k) {
            const double chosenCapex = c.plans[k].estimates.capex.totalUsd;
            const CompareCandidate* chosen = plan::chosenCandidate(c.alternatives[k]);
            QVERIFY(chosen);
            QCOMPARE(chosen->switchModel, c.plans[k].hardware.switchesText(c.plans[k].fabric.shape.tiers));
            for (const CompareCandidate& x : c.alternatives[k].candidates) {
                seen.insert(x.outcome);
                const std::string v = plan::candidateVerdict(x, chosen);
                const auto has = [&](const std::string& what) { return v.find(what) != std::string::npos; };
                QVERIFY2(plan::candidateParts(x).starts_with(x.switchModel + " with " + x.nicModel), v.c_str());
                switch (x.outcome) {
                case Outcome::Chosen:
                    QVERIFY2(v.starts_with("chosen, capex " + formatUsdShort(chosenCapex)), v.c_str());
                    break;
                case Outcome::Planned:
                    QVERIFY2(v.starts_with("planned, capex "), v.c_str());
                    // With errors, or beaten at the tolerance ceiling, or within it and passed over for
                    // fewer tiers or switches (plan/ranking.h).
                    QVERIFY2(x.errors ? has("design-rule error")
                                      : has("beaten at") || has("the chosen plan has fewer") || has("above the chosen plan's"),
                             v.c_str());
                    break;
                case Outcome::MoreExpensive:
                    QVERIFY2(v.starts_with("not planned: at least "), v.c_str());
                    QVERIFY2(has(formatUsdShort(x.lowerBoundUsd + x.nicsUsd + x.energyBoundUsd)) ||
                                 has("$" + withThousands(std::llround(x.lowerBoundUsd + x.nicsUsd + x.energyBoundUsd))),
                             v.c_str());
                    QVERIFY2(has("beaten at " + formatUsdShort(x.beatenAtUsd)) ||
                                 has("beaten at $" + withThousands(std::llround(x.beatenAtUsd))), v.c_str());
                    break;
                case Outcome::CannotBuild: QVERIFY2(has(x.reason) && !x.reason.empty(), v.c_str()); break;
                case Outcome::NoPartFits: QVERIFY2(has("no catalog part fits"), v.c_str()); break;
                }
            }
        }
        QVERIFY(seen.count(Outcome::Chosen) && seen.count(Outcome::Planned));
        // Two sums that print alike in millions read in whole dollars, so "above" is visibly true.
        CompareCandidate close;
        close.outcome = Outcome::MoreExpensive;
        close.lowerBoundUsd = 5'000'000;
        close.nicsUsd = 1'441'900;
        close.energyBoundUsd = 500'000;
        close.beatenAtUsd = 6'941'616;
        QCOMPARE(plan::candidateVerdict(close, nullptr),
                 std::string("not planned: at least $6,941,900 with its NICs and energy, beaten at $6,941,616 capex + "
                             "energy (2 % above the lowest)"));
        close.lowerBoundUsd = 6'000'000;
        QCOMPARE(plan::candidateVerdict(close, nullptr),
                 std::string("not planned: at least $7.94 M with its NICs and energy, beaten at $6.94 M capex + energy "
                             "(2 % above the lowest)"));
        // Within the tolerance, passed over for a tier less.
        CompareCandidate chosen3072, within;
        chosen3072.outcome = Outcome::Chosen;
        chosen3072.tiers = 2;
        chosen3072.switches = 80;
        within.outcome = Outcome::Planned;
        within.capexUsd = 10'000'000;
        within.ownershipUsd = 12'000'000;
        within.beatenAtUsd = 12'100'000;
        within.tiers = 3;
        within.switches = 256;
        QCOMPARE(plan::candidateVerdict(within, &chosen3072),
                 std::string("planned, capex $10.00 M, $12.00 M with energy, within 2 % of the lowest, but the chosen "
                             "plan has fewer tiers (2 against 3)"));

        // A plan with errors names its first: on DGX H100 every Spectrum-X candidate keeps the built-in
        // ConnectX-7, which is no SuperNIC (platform.builtin-nic, one error).
        ClusterSpec dgx;
        dgx.platform = "DGX-H100";
        const Comparison onDgx = comparePlans(dgx, catalog_);
        bool spectrumX = false;
        for (std::size_t k = 0; k < onDgx.alternatives.size(); ++k) {
            if (onDgx.alternatives[k].fabric != FabricKind::SpectrumX) continue;
            spectrumX = true;
            const CompareCandidate* chosen = plan::chosenCandidate(onDgx.alternatives[k]);
            QVERIFY(chosen);
            const std::string v = plan::candidateVerdict(*chosen, chosen);
            QVERIFY2(v.ends_with(", 1 design-rule error (first: platform.builtin-nic on DGX-H100 NICs)"), v.c_str());
        }
        QVERIFY(spectrumX);
    }

    // Planning in parallel changes nothing: the same comparison on one thread.
    void sameResultOnOneThread()
    {
        ClusterSpec spec;
        spec.gpus = 4096;
        const auto parallel = comparisonToJson(comparePlans(spec, catalog_));
        qputenv("FABRICPLAN_THREADS", "1");
        auto serial = comparisonToJson(comparePlans(spec, catalog_));
        qunsetenv("FABRICPLAN_THREADS");
        auto strip = [](nlohmann::json j) {
            for (auto& p : j["plans"]) p.erase("timings_ms");
            return j;
        };
        QCOMPARE(strip(serial), strip(parallel));
    }
};

QTEST_GUILESS_MAIN(TestCompare)
#include "test_compare.moc"
