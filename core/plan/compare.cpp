// comparePlans: the same cluster planned per fabric technology. Every candidate of every fabric is a
// task for the worker pool (plan/parallel.h); per fabric the plan plan/ranking.h picks among those
// without design-rule errors wins (capex + energy over the horizon, fewer tiers and switches within
// kFewerTiersTolerance of the lowest). A candidate is skipped only when it cannot be the pick, so the
// winner is the same whatever order the tasks finish in: when a lower bound of what it costs to own is
// above the tolerance ceiling of the error-free plans found so far (the ceiling only falls as plans come
// in; its switches and NICs and their energy, plan/compare_bound.h, or, for a switch that plans like a
// cheaper one of the same round, plan/compare_siblings.h, that one's plan re-priced: exact), or when its host links no
// catalog part can serve (plan/compare_no_part.h), so it has errors whatever its floor; such a candidate's
// floor task goes after every other, so that the error-free plan is usually there first. Candidates of
// any round that differ only in NIC, fabric kind and switches of one shape (RoCE and UEC on the 51.2T
// switches) are planned on one floor: topology, layout and cage groups built once (plan/plan_stages.h),
// with what their plans share beyond it (FloorMemo: link keys, cage tally, ports in use). Candidates are
// ranked without the invariant check, which finds planner bugs, not design choices: the plans kept run it
// before they are finished, and should one break an invariant the comparison runs again checking every
// candidate (comparePlans). A round's best keeps no copy of its floor while its round's candidates are planned;
// once they are, it takes the floor (or a copy, when another round's best was planned on it too) and is
// finished by a free worker while other rounds are still planned. That overlap costs memory: at
// 1,000,000 GPUs the peak is about 530 MB, against 400 MB when every best waited for the last round, and
// every byte held at once is a byte the kernel must zero first.
// comparePlansExhaustively (compare.h) plans every candidate on its own, for the tests that hold the
// pruned comparison to it.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <tuple>

#include "common/error.h"
#include "common/format.h"
#include "layout/layout.h"
#include "layout/rack_power.h"
#include "estimate/advisor.h"
#include "plan/before_planning.h"
#include "plan/compare.h"
#include "plan/compare_bound.h"
#include "plan/compare_no_part.h"
#include "plan/compare_siblings.h"
#include "plan/fabric_defaults.h"
#include "plan/parallel.h"
#include "plan/plan.h"
#include "plan/plan_stages.h"
#include "plan/ranking.h"
#include "plan/resolve.h"

namespace fp {
namespace {

using Outcome = CompareCandidate::Outcome;

// One fabric's candidates at one link speed, and the best plan among those planned so far.
struct Round {
    FabricKind fabric = FabricKind::InfiniBand;
    int linkGbps = 0;
    std::vector<ClusterSpec> specs;
    std::vector<CompareCandidate> records;  // parallel to specs
    std::string builtInNicNote;             // the platform's built-in NIC lacks the fabric's NIC features
    // Parallel to specs: lower bounds of the candidate's capex less its NICs (its switches alone, and,
    // once a sibling is planned, that plan re-priced: exact), what its NICs cost (exact), and lower
    // bounds of its energy over the horizon (its fewest switches and its NICs; a sibling's: exact).
    std::vector<double> switchBoundUsd;
    std::vector<std::optional<double>> siblingBoundUsd;
    std::vector<double> nicsUsd;
    std::vector<double> energyBoundUsd;
    std::vector<std::optional<double>> siblingEnergyUsd;
    // Parallel to specs: the ranking figures of each candidate planned (plan/ranking.h), and the lowest
    // ownership of an error-free one so far (-1: none yet).
    std::vector<std::optional<plan::RankFigures>> figures;
    double lowestCleanUsd = -1;
    // Parallel to specs, unless exhaustive: each candidate's resolve stage, or the UserError it threw
    // (rethrown when the candidate's turn comes, as makePlan would throw it then).
    std::vector<std::optional<plan::Resolved>> resolved;
    std::vector<std::exception_ptr> unresolvable;
    // Parallel to specs, unless exhaustive: its plan has a media.no-part error whatever its floor
    // (plan::hostLinksFailMedia).
    std::vector<char> failsMedia;
    // Candidates planned as one task: the cheapest switch first, then its siblings (plansAlike) in price
    // order, so each sibling has its exact bound before it would be planned.
    std::vector<std::vector<std::size_t>> groups;
    std::mutex mutex;
    std::optional<Plan> best;
    std::size_t bestIndex = 0;
    // The floor `best` was planned on, when shared: its fabric and layout stay there (one copy for every
    // best planned on it, none copied while candidates are still planned) until attachFloor.
    std::shared_ptr<plan::Floor> bestFloor;
    // Floor tasks with candidates of this round still to run (planRounds); once none is left the best
    // may be finished at once, beside the other rounds' tasks (`finished`; `brokeInvariant`: finishing it
    // found a broken invariant).
    std::atomic<int> tasksLeft{0};
    bool finished = false;
    bool brokeInvariant = false;

    // The bounds (capex less NICs, energy) that show candidate i cannot be the pick, or nullopt while
    // none does (or no plan is error-free): its ownership is at least their sum plus its NICs, above the
    // tolerance ceiling of the lowest error-free plan. Its switch bounds first, else its exact ones: a
    // sibling's switch bound is never below its group's first, so whenever the switch bound does not
    // decide, the first was planned in every schedule and the exact bound is known, whatever order the
    // tasks ran in.
    std::optional<std::pair<double, double>> beatenBy(std::size_t i) const
    {
        if (lowestCleanUsd < 0) return std::nullopt;
        const double ceiling = plan::toleranceCeilingUsd(lowestCleanUsd);
        if (switchBoundUsd[i] + nicsUsd[i] + energyBoundUsd[i] > ceiling)
            return std::pair{switchBoundUsd[i], energyBoundUsd[i]};
        if (siblingBoundUsd[i] && *siblingBoundUsd[i] + nicsUsd[i] + *siblingEnergyUsd[i] > ceiling)
            return std::pair{*siblingBoundUsd[i], *siblingEnergyUsd[i]};
        return std::nullopt;
    }

    // Whether candidate i cannot win: it fails media whatever its floor, and an error-free plan, which
    // beats any plan with errors, is found.
    bool cannotWin(std::size_t i) const { return lowestCleanUsd >= 0 && i < failsMedia.size() && failsMedia[i]; }

    // The pick among the candidates planned so far (plan/ranking.h), or specs.size() when none is.
    std::size_t pick() const
    {
        std::vector<plan::RankFigures> planned;
        std::vector<std::size_t> at;
        for (std::size_t i = 0; i < figures.size(); ++i)
            if (figures[i]) {
                planned.push_back(*figures[i]);
                at.push_back(i);
            }
        const std::size_t k = plan::pickIndex(planned);
        return k < at.size() ? at[k] : specs.size();
    }
};

int nicGbps(const ClusterSpec& spec, const Catalog& catalog)
{
    if (spec.linkGbps > 0) return spec.linkGbps;
    const NicModel* nic = catalog.findNic(spec.nicModel);
    return nic ? plan::linkGbpsOf(spec, *nic) : 0;  // the Ethernet mode's on Ethernet (ConnectX-8: 400G)
}

// The candidate's switches as Hardware::switchesText names them: one name when every tier uses the
// same, else "leaf A, spine B, core C" ("generic" for a generic radix).
std::string switchesOf(const ClusterSpec& spec)
{
    auto nameOf = [&](Tier t) {
        const std::string& name = plan::switchNameOf(spec, t);
        return name == spec.switchModel && spec.genericRadix > 0 ? std::string("generic") : name;
    };
    const std::string leaf = nameOf(Tier::Leaf), spine = nameOf(Tier::Spine), core = nameOf(Tier::Core);
    if (leaf == spine && spine == core) return leaf;
    return "leaf " + leaf + ", spine " + spine + ", core " + core;
}

// The catalog switch a candidate uses on every tier, or nullptr (per-tier switches, generic radix).
const SwitchModel* singleSwitch(const ClusterSpec& candidate, const Catalog& catalog)
{
    const ClusterSpec c = plan::canonicalParts(candidate, catalog);
    if (c.genericRadix > 0 || plan::hasTierSwitches(c)) return nullptr;
    return catalog.findSwitch(c.switchModel);
}

double priceOf(const SwitchModel& sw, const ClusterSpec& spec, const Catalog& catalog)
{
    const PriceQuote* q = catalog.priceFor(sw, spec.economics);
    return q ? q->priceUsd : 0.0;
}

// Groups the round's candidates into tasks: each group's first candidate is planned, the others are
// siblings of it (same spec but for the switch, and plansAlike) ordered by price and energy, then part
// number. Exhaustive: every candidate alone.
void groupSiblings(Round& r, const Catalog& catalog, bool exhaustive)
{
    std::vector<const SwitchModel*> sw(r.specs.size());
    for (std::size_t i = 0; i < r.specs.size(); ++i) sw[i] = exhaustive ? nullptr : singleSwitch(r.specs[i], catalog);
    // By what a switch adds to the lower bound of what its candidate costs to own: its price and its
    // energy over the horizon (siblings have the same fewest switches), so that a sibling's bound is never
    // below its group's first's (Round::beatenBy).
    auto cheaper = [&](std::size_t a, std::size_t b) {
        const auto keyOf = [&](std::size_t i) {
            return priceOf(*sw[i], r.specs[i], catalog) + plan::energyUsdOver(std::max(0.0, sw[i]->powerW), r.specs[i].economics);
        };
        const double pa = keyOf(a), pb = keyOf(b);
        return pa != pb ? pa < pb : sw[a]->partNumber < sw[b]->partNumber;
    };
    std::vector<bool> grouped(r.specs.size(), false);
    for (std::size_t i = 0; i < r.specs.size(); ++i) {
        if (grouped[i]) continue;
        std::vector<std::size_t> group{i};
        grouped[i] = true;
        if (sw[i])
            for (std::size_t j = i + 1; j < r.specs.size(); ++j) {
                if (grouped[j] || !sw[j]) continue;
                ClusterSpec same = r.specs[j];
                same.switchModel = r.specs[i].switchModel;
                if (same == r.specs[i] && plan::plansAlike(*sw[i], *sw[j], catalog)) {
                    group.push_back(j);
                    grouped[j] = true;
                }
            }
        if (group.size() > 1) std::sort(group.begin(), group.end(), cheaper);
        r.groups.push_back(std::move(group));
    }
}

std::unique_ptr<Round> makeRound(const ClusterSpec& spec, FabricKind fabric, const Catalog& catalog,
                                 const PlanOptions& options, bool exhaustive)
{
    auto r = std::make_unique<Round>();
    r->fabric = fabric;
    r->specs = plan::retargetCandidates(spec, fabric, catalog);
    r->linkGbps = nicGbps(r->specs.front(), catalog);
    r->builtInNicNote = plan::builtInNicNote(spec, fabric, catalog);
    // What `plan --fabric` would pick is always a candidate, so the comparison never calls a fabric
    // unbuildable that plans cleanly on its default parts (at 1,000,000 GPUs InfiniBand's ranked NIC
    // splits Q3400 cages four ways, and only the fabric defaults' other NIC plans without errors).
    try {
        // The first clean candidate is enough: one of the ranked NIC is among the round's candidates
        // already, which the round ranks itself (plan/ranking.h); only another NIC's is added.
        const plan::FabricParts defaults = plan::partsForFabric(spec, fabric, catalog, false, false);
        const auto same = [&](const ClusterSpec& s) {
            return s.nicModel == defaults.spec.nicModel && s.linkGbps == defaults.spec.linkGbps &&
                   switchesOf(s) == switchesOf(defaults.spec);
        };
        if (defaults.clean && std::none_of(r->specs.begin(), r->specs.end(), same)) r->specs.push_back(defaults.spec);
    } catch (const UserError&) {
        // no default parts: the ranked candidates say why
    }
    for (const ClusterSpec& s : r->specs) {
        CompareCandidate c;
        c.switchModel = switchesOf(plan::canonicalParts(s, catalog));
        c.nicModel = s.nicModel;
        c.linkGbps = nicGbps(s, catalog);
        c.lowerBoundUsd = plan::switchCostLowerBoundUsd(s, catalog);
        r->switchBoundUsd.push_back(c.lowerBoundUsd);
        c.nicsUsd = plan::nicCostUsd(s, catalog);
        r->nicsUsd.push_back(c.nicsUsd);
        c.energyBoundUsd = plan::energyLowerBoundUsd(s, catalog);
        r->energyBoundUsd.push_back(c.energyBoundUsd);
        r->records.push_back(std::move(c));
    }
    r->siblingBoundUsd.assign(r->specs.size(), std::nullopt);
    r->siblingEnergyUsd.assign(r->specs.size(), std::nullopt);
    r->figures.assign(r->specs.size(), std::nullopt);
    groupSiblings(*r, catalog, exhaustive);
    if (!exhaustive) {
        r->resolved.resize(r->specs.size());
        r->unresolvable.resize(r->specs.size());
        for (std::size_t i = 0; i < r->specs.size(); ++i) try {
                r->resolved[i] = plan::resolveStage(r->specs[i], catalog, options);
            } catch (const UserError&) {
                r->unresolvable[i] = std::current_exception();
            }
        r->failsMedia.assign(r->specs.size(), 0);
        for (std::size_t i = 0; i < r->specs.size(); ++i)
            if (r->resolved[i]) r->failsMedia[i] = plan::hostLinksFailMedia(*r->resolved[i], catalog);
    }
    return r;
}

// Plans candidate i of round r with `make` (makePlan with PlanOptions::findingsOnly, or the same on a
// shared floor) unless its bound exceeds the budget (never when exhaustive); once planned, gives each of
// `siblings` its exact bound from this plan re-priced. With `floorOf` (the plan was made on it), hands the
// plan's fabric and layout back to the floor for the next candidate; a kept best refers to the floor.
template <typename MakePlan>
void planCandidate(Round& r, std::size_t i, const std::vector<std::size_t>& siblings, const Catalog& catalog,
                   bool exhaustive, MakePlan&& make, const std::shared_ptr<plan::Floor>* floorOf = nullptr)
{
    CompareCandidate& rec = r.records[i];
    if (!exhaustive) {
        std::lock_guard lock(r.mutex);
        if (r.beatenBy(i)) {
            rec.outcome = Outcome::MoreExpensive;
            return;
        }
        if (r.cannotWin(i)) {
            rec.outcome = Outcome::NoPartFits;
            return;
        }
    }
    try {
        Plan p = make();
        const std::shared_ptr<plan::Floor> floor = floorOf ? *floorOf : nullptr;  // made by make() when first
        // The siblings' exact figures, and this one's, before the fabric goes back to the floor.
        std::vector<plan::SiblingFigures> exact;
        for (std::size_t j : siblings) exact.push_back(plan::figuresWithSwitch(p, *singleSwitch(r.specs[j], catalog), catalog));
        const plan::RankFigures figures = plan::rankFiguresOf(p);
        if (floor) {
            floor->fabric = std::move(p.fabric);
            floor->layout = std::move(p.layout);
        }
        std::lock_guard lock(r.mutex);
        for (std::size_t k = 0; k < siblings.size(); ++k) {
            r.siblingBoundUsd[siblings[k]] = exact[k].capex.totalUsd - exact[k].capex.nicsUsd;
            r.siblingEnergyUsd[siblings[k]] = exact[k].energyUsd;
        }
        rec.outcome = Outcome::Planned;
        rec.errors = p.errorCount();
        rec.capexUsd = p.estimates.capex.totalUsd;
        rec.ownershipUsd = figures.ownershipUsd;
        rec.tiers = figures.tiers;
        rec.switches = figures.switches;
        if (rec.errors) rec.reason = p.findings.front().rule + " on " + p.findings.front().where;  // errors first
        r.figures[i] = figures;
        if (figures.errors == 0 && (r.lowestCleanUsd < 0 || figures.ownershipUsd < r.lowestCleanUsd))
            r.lowestCleanUsd = figures.ownershipUsd;
        // Kept while it is the pick; a plan passed over here may become the pick again once a cheaper plan
        // lowers the tolerance ceiling below the one that passed it over: settleBest plans it again.
        if (r.pick() == i) {
            r.best = std::move(p);
            r.bestIndex = i;
            r.bestFloor = floor;
        }
    } catch (const UserError& e) {
        std::lock_guard lock(r.mutex);  // this switch cannot build the spec (too small, wrong speed)
        rec.outcome = Outcome::CannotBuild;
        rec.reason = e.what();
    }
}

// Makes the round's best the pick among all its planned candidates (plan/ranking.h): the plan kept is
// the pick's unless the pick was passed over when it was planned (Round::pick changes as the tolerance
// ceiling falls), and then it is planned again, on a floor of its own.
void settleBest(Round& r, const Catalog& catalog, const PlanOptions& options)
{
    const std::size_t pick = r.pick();
    if (pick >= r.specs.size() || (r.best && pick == r.bestIndex)) return;
    PlanOptions probe = options;
    probe.findingsOnly = true;
    r.best = makePlan(r.specs[pick], catalog, probe);
    r.bestIndex = pick;
    r.bestFloor.reset();
}

// Gives the round's best the fabric and layout of the floor it was planned on (moved out of the floor
// when no other best refers to it), with the racks' power of its own switches.
void attachFloor(Round& r)
{
    if (!r.bestFloor) return;
    Plan& p = *r.best;
    if (r.bestFloor.use_count() == 1) {
        p.fabric = std::move(r.bestFloor->fabric);
        p.layout = std::move(r.bestFloor->layout);
    } else {
        p.fabric = r.bestFloor->fabric;
        p.layout = r.bestFloor->layout;
    }
    r.bestFloor.reset();
    layout::setRackPower(p.layout, p.spec, p.fabric, p.hardware);
}

// A candidate is ranked by its errors and capex, both known once its BOM is: the estimates and
// resilience are computed for the winners only (finishPlan in comparePlans).
PlanOptions findingsOnly(const PlanOptions& options)
{
    PlanOptions probe = options;
    probe.findingsOnly = true;
    return probe;
}

// One task of the worker pool: sibling groups (Round::groups) of one or more rounds whose first
// candidates build the same floor (plan::sameFloor: they differ only in NIC, fabric kind and switches of
// one shape), cheapest first. The floor is built once, when the first of them is not beaten, and every
// candidate of the groups that builds it too is planned on it: the groups' first candidates, then their
// siblings.
struct FloorTask {
    std::vector<std::pair<Round*, const std::vector<std::size_t>*>> groups;
    std::size_t rank = 0;  // the groups' best rank within their rounds (cheapest switch first)
};

void runFloorTask(const FloorTask& task, const Catalog& catalog, const PlanOptions& options, bool exhaustive)
{
    const PlanOptions probe = findingsOnly(options);
    // In planning order: each group's first candidate, then the siblings.
    std::vector<std::tuple<Round*, std::size_t, std::vector<std::size_t>>> order;
    for (const auto& [round, group] : task.groups)
        order.emplace_back(round, group->front(), std::vector<std::size_t>(group->begin() + 1, group->end()));
    for (const auto& [round, group] : task.groups)
        for (std::size_t g = 1; g < group->size(); ++g) order.emplace_back(round, (*group)[g], std::vector<std::size_t>{});
    if (exhaustive) {
        for (const auto& [round, i, siblings] : order)
            planCandidate(*round, i, siblings, catalog, exhaustive,
                          [&, of = round, at = i] { return makePlan(of->specs[at], catalog, probe); });
        return;
    }
    const plan::Resolved* builder = nullptr;  // the candidate the floor is built for
    for (const auto& [round, i, siblings] : order)
        if (!builder && round->resolved[i]) builder = &*round->resolved[i];
    const auto onFloor = [&](const Round& r, std::size_t i) {
        return builder && r.resolved[i] && plan::sameFloor(*builder, *r.resolved[i]);
    };
    std::size_t lastOnFloor = 0;  // the last candidate planned on the floor takes its cage groups
    for (std::size_t k = 0; k < order.size(); ++k)
        if (onFloor(*std::get<0>(order[k]), std::get<1>(order[k]))) lastOnFloor = k;

    std::shared_ptr<plan::Floor> floor;
    plan::FloorMemo memo;  // what the candidates on the floor share beyond it (plan_stages.h)
    std::exception_ptr unbuildable;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const auto& [round, i, siblings] = order[k];
        Round& r = *round;
        const std::size_t at = i;
        if (!onFloor(r, at)) {
            planCandidate(r, at, siblings, catalog, exhaustive, [&] {
                if (r.unresolvable[at]) std::rethrow_exception(r.unresolvable[at]);
                return makePlan(r.specs[at], catalog, probe);
            });
            continue;
        }
        const auto make = [&] {
            if (!floor && !unbuildable) try {
                    floor = std::make_shared<plan::Floor>(plan::buildFloor(*builder, probe));
                } catch (const UserError&) {
                    unbuildable = std::current_exception();
                }
            if (unbuildable) std::rethrow_exception(unbuildable);
            // Lent: planCandidate hands the fabric and layout back. The cage groups are read where they
            // are (media copies only the cages of each end: at 1,000,000 GPUs a copy of the whole
            // grouping per candidate was 21 MB more to touch), and used up by the last candidate.
            const bool last = k == lastOnFloor;
            plan::Floor lent{std::move(floor->fabric), std::move(floor->layout),
                             last ? std::move(floor->grouping) : media::CageGrouping{}, floor->timings};
            try {
                return plan::planOnFloor(*r.resolved[at], std::move(lent), catalog, probe,
                                         last ? nullptr : &floor->grouping, &memo);
            } catch (...) {
                // Built again, the same, for the bests that refer to it and the candidates after this one.
                *floor = plan::buildFloor(*builder, probe);
                memo = {};
                throw;
            }
        };
        planCandidate(r, at, siblings, catalog, exhaustive, make, &floor);
    }
    if (floor) floor->grouping = {};  // only a best's fabric and layout may still refer to it
}
// The rounds' sibling groups as floor tasks, the cheapest switches of every round first: their plans
// make the tightest budgets, and each fabric has an error-free plan to bound its other candidates with
// as early as possible. Groups that build one floor share a task, which builds it once: with the floor's
// memo a candidate on it costs a few milliseconds against the floor's tens (1,000,000 GPUs: 3-4 ms
// against 140), so splitting a floor between workers, each building it, cost more than it balanced.
// Exhaustive: one task per group.
std::vector<FloorTask> floorTasks(const std::vector<Round*>& rounds, bool exhaustive)
{
    struct Entry {
        Round* round;
        const std::vector<std::size_t>* group;
        std::size_t rank;
        const plan::Resolved* resolved;  // the group's first candidate, resolved (nullptr: it throws)
        bool failsMedia;                 // the group's first candidate fails media whatever its floor
    };
    std::vector<Entry> entries;
    for (Round* r : rounds) {
        std::vector<std::size_t> order(r->groups.size());
        for (std::size_t g = 0; g < order.size(); ++g) order[g] = g;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return r->switchBoundUsd[r->groups[a].front()] < r->switchBoundUsd[r->groups[b].front()];
        });
        for (std::size_t rank = 0; rank < order.size(); ++rank) {
            const std::vector<std::size_t>& group = r->groups[order[rank]];
            const plan::Resolved* resolved = nullptr;
            if (!exhaustive && r->resolved[group.front()]) resolved = &*r->resolved[group.front()];
            const bool fails = !exhaustive && r->failsMedia[group.front()];
            entries.push_back({r, &group, rank, resolved, fails});
        }
    }
    // Candidates that fail media last: by then their fabric's error-free plan, if it has one, is usually
    // found, and they are skipped without a floor.
    std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
        return a.failsMedia != b.failsMedia ? b.failsMedia : a.rank < b.rank;
    });
    // One task per floor: entries whose first candidates sameFloor pairs, in rank order.
    std::vector<FloorTask> tasks;
    std::vector<const plan::Resolved*> builders;  // per task, its first entry's
    for (const Entry& e : entries) {
        const auto shares = [&](const plan::Resolved* other) {
            return e.resolved && other && plan::sameFloor(*e.resolved, *other);
        };
        const auto found = std::find_if(builders.begin(), builders.end(), shares);
        if (found != builders.end()) {
            tasks[std::size_t(found - builders.begin())].groups.emplace_back(e.round, e.group);
            continue;
        }
        FloorTask t;
        t.rank = e.rank;
        t.groups.emplace_back(e.round, e.group);
        tasks.push_back(std::move(t));
        builders.push_back(e.resolved);
    }
    return tasks;  // in rank order: entries were
}

// Plans every candidate of every round on the worker pool.
// `roundDone` is called once for each round, its best attached to its floor, as a task of the same pool
// once the round's last floor task has run: the comparison finishes there a best that no later round can
// replace while other workers still plan, and a worker done with its floors takes the next finished
// round, whichever worker planned it (at 1,000,000 GPUs three Ethernet rounds end with one floor task,
// while InfiniBand's floors are still planned on the other worker).
void planRounds(const std::vector<Round*>& rounds, const Catalog& catalog, const PlanOptions& options, bool exhaustive,
                const std::function<void(Round&)>& roundDone = {})
{
    const std::vector<FloorTask> tasks = floorTasks(rounds, exhaustive);
    std::vector<std::vector<Round*>> roundsOf(tasks.size());  // per task, its rounds, each once
    for (std::size_t t = 0; t < tasks.size(); ++t)
        for (const auto& [round, group] : tasks[t].groups)
            if (std::find(roundsOf[t].begin(), roundsOf[t].end(), round) == roundsOf[t].end()) {
                roundsOf[t].push_back(round);
                ++round->tasksLeft;
            }
    std::mutex attaching;  // rounds whose bests share a floor: one takes it, the others copy it
    // Rounds whose floor tasks have all run, in the order they did, for the roundDone tasks. The pool
    // hands out task numbers in order, so a roundDone task starts only once every floor task has: it
    // waits for a round that one of them, running on another worker, is about to complete, unless one
    // failed (then the pool stops and rethrows).
    std::mutex readyMutex;
    std::condition_variable readyChanged;
    std::vector<Round*> ready;
    std::size_t taken = 0;
    bool aborted = false;
    // One roundDone task per round that has floor tasks (a round without any has no best, and would
    // never be ready).
    const std::size_t doneTasks = roundDone ? std::size_t(std::count_if(rounds.begin(), rounds.end(),
                                                                        [](const Round* r) { return r->tasksLeft > 0; }))
                                            : 0;
    plan::runInParallel(tasks.size() + doneTasks, [&](std::size_t t) {
        if (t >= tasks.size()) {
            Round* r = nullptr;
            {
                std::unique_lock lock(readyMutex);
                readyChanged.wait(lock, [&] { return taken < ready.size() || aborted; });
                if (aborted) return;
                r = ready[taken++];
            }
            roundDone(*r);
            return;
        }
        try {
            runFloorTask(tasks[t], catalog, options, exhaustive);  // its floor is released on return
            for (Round* r : roundsOf[t])
                if (--r->tasksLeft == 0) {
                    settleBest(*r, catalog, options);
                    {
                        std::lock_guard lock(attaching);
                        attachFloor(*r);
                    }
                    std::lock_guard lock(readyMutex);
                    ready.push_back(r);
                    readyChanged.notify_one();
                }
        } catch (...) {
            std::lock_guard lock(readyMutex);
            aborted = true;
            readyChanged.notify_all();
            throw;
        }
    });

    // Outcomes from the final best, not from the order plans finished in: the same input always reads
    // the same. A candidate the final best beats would be skipped by any schedule (Round::beatenBy).
    for (Round* r : rounds) {
        for (std::size_t i = 0; i < r->records.size(); ++i) {
            CompareCandidate& rec = r->records[i];
            if (rec.outcome == Outcome::CannotBuild) continue;
            if (r->best && i == r->bestIndex) {
                rec.outcome = Outcome::Chosen;
                continue;
            }
            // What a candidate had to be at or under to be weighed against the pick.
            const double ceiling = r->lowestCleanUsd >= 0 ? plan::toleranceCeilingUsd(r->lowestCleanUsd) : 0.0;
            rec.beatenAtUsd = rec.outcome == Outcome::Planned && rec.errors == 0 ? ceiling : 0.0;
            if (exhaustive) continue;
            if (const auto bound = r->beatenBy(i)) {
                rec.outcome = Outcome::MoreExpensive;
                rec.beatenAtUsd = ceiling;
                rec.lowerBoundUsd = bound->first;
                rec.energyBoundUsd = bound->second;
                rec.errors = 0;
                rec.capexUsd = 0;
                rec.ownershipUsd = 0;
                rec.tiers = 0;
                rec.switches = 0;
                rec.reason.clear();
            } else if (r->cannotWin(i)) {
                rec.outcome = Outcome::NoPartFits;
                rec.errors = 0;
                rec.capexUsd = 0;
                rec.ownershipUsd = 0;
                rec.tiers = 0;
                rec.switches = 0;
                rec.beatenAtUsd = 0;
                rec.reason.clear();
            }
        }
    }
}

std::string splitNote(FabricKind kind, const ClusterSpec& spec, int nativeGbps, int gbps, bool nativeBuilt)
{
    const std::string tail = ": compared at " + std::to_string(gbps) + "G per link, with less bandwidth per GPU.";
    if (!nativeBuilt)
        return "No " + std::string(displayName(kind)) + " switch in the catalog connects " + withThousands(spec.gpus) +
               " GPUs in three tiers at " + std::to_string(nativeGbps) + "G" + tail;
    return "No " + std::string(displayName(kind)) + " plan of " + withThousands(spec.gpus) + " GPUs at " +
           std::to_string(nativeGbps) + "G is free of design-rule errors" + tail;
}

} // namespace

namespace {

// Whether a round at half the link speed may yet replace this best of round r (compare's split rounds):
// there is none, or it has errors that another speed might clear (not a built-in NIC's, which every plan
// of the round keeps: builtInNicNote), and half the speed is still 100G or more. Otherwise the best is
// the fabric's plan, and may be finished as soon as its round is planned.
bool halfSpeedMayReplace(const std::optional<Plan>& best, const Round& r)
{
    return !best || (best->errorCount() > 0 && r.builtInNicNote.empty() && r.linkGbps / 2 >= 100);
}

// Finishes a plan the comparison keeps (finishPlan); true when its pending invariant check
// (PlanOptions::invariantsLater) found a broken invariant: the only findings finishPlan adds.
bool finishKept(Plan& p, const Catalog& catalog, const PlanOptions& options)
{
    const bool pending = p.invariantsPending;
    const std::size_t findings = p.findings.size();
    finishPlan(p, catalog, options);
    return pending && p.findings.size() != findings;
}

// `checkEachCandidate`: every candidate runs the invariant check as it is planned. Otherwise only the
// plans kept are checked (PlanOptions::invariantsLater), and nullopt when one of them breaks an
// invariant: the caller then compares again, checking each candidate, so that a planner bug cannot
// make a broken plan win over a sound one. Exhaustive comparisons check each candidate.
std::optional<Comparison> compare(const ClusterSpec& spec, const Catalog& catalog, const PlanOptions& options,
                                  bool exhaustive, bool checkEachCandidate)
{
    const std::vector<FabricKind> kinds{FabricKind::InfiniBand, FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC};
    PlanOptions candidateOptions = options;
    candidateOptions.invariantsLater = !exhaustive && !checkEachCandidate;
    // The rounds' candidates in parallel: the fabric defaults each probe plans of their own. The pool
    // hands rounds out in order, so Spectrum-X, whose few switches and NICs take the fewest probes, goes
    // last, after the Ethernet rounds that probe the most: on two workers at 1,000,000 GPUs (IB 15, RoCE
    // 17-23, UEC 11, Spectrum-X 4-6 ms) the longest pair then ends together, 26 ms instead of 31.
    std::vector<std::unique_ptr<Round>> native(kinds.size());
    const std::size_t makingOrder[] = {0, 1, 3, 2};  // indices into kinds
    plan::runInParallel(kinds.size(), [&](std::size_t n) {
        const std::size_t k = makingOrder[n];
        native[k] = makeRound(spec, kinds[k], catalog, options, exhaustive);
    });
    std::vector<Round*> all;
    for (const auto& r : native) all.push_back(r.get());
    // A round's best that no split round below can replace is finished as soon as its round is planned.
    const auto finishEarly = [&](Round& r) {
        if (halfSpeedMayReplace(r.best, r)) return;
        r.brokeInvariant = finishKept(*r.best, catalog, options);
        r.finished = true;
    };
    planRounds(all, catalog, candidateOptions, exhaustive, finishEarly);
    for (const auto& r : native)
        if (r->brokeInvariant) return std::nullopt;

    Comparison c;
    std::vector<std::string> splitNotes;
    std::vector<std::optional<Plan>> chosen(kinds.size());
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        chosen[k] = std::move(native[k]->best);
        c.alternatives.push_back({kinds[k], false, native[k]->records});
    }
    // Where no switch of a fabric builds the cluster at the NIC's speed (e.g. none reaches 1,000,000 GPUs
    // in three tiers at 800G), try its ports split to half the speed, then half again; where the plans at
    // the NIC's speed all have errors, try half the speed once (a split plan wins only without errors).
    // Not where the platform's built-in NIC lacks the fabric's features (builtInNicNote): every plan of
    // that round keeps its platform.builtin-nic error at any speed, so a split plan could never win.
    for (int divisor = 2;; divisor *= 2) {
        // Past half the speed only a fabric with no plan at all is split again.
        const auto needsSplit = [&](std::size_t k) {
            if (native[k]->linkGbps / divisor < 100) return false;
            return divisor == 2 ? halfSpeedMayReplace(chosen[k], *native[k]) : !chosen[k];
        };
        std::vector<std::unique_ptr<Round>> split(kinds.size());
        std::vector<std::size_t> splitting;
        for (std::size_t k = 0; k < kinds.size(); ++k)
            if (needsSplit(k)) splitting.push_back(k);
        if (splitting.empty()) break;
        plan::runInParallel(splitting.size(), [&](std::size_t n) {
            const std::size_t k = splitting[n];
            ClusterSpec s = spec;
            s.linkGbps = native[k]->linkGbps / divisor;
            split[k] = makeRound(s, kinds[k], catalog, options, exhaustive);
        });
        std::vector<Round*> rounds;
        for (std::size_t k : splitting) rounds.push_back(split[k].get());
        planRounds(rounds, catalog, candidateOptions, exhaustive);
        for (std::size_t k = 0; k < kinds.size(); ++k) {
            if (!split[k]) continue;
            auto& records = c.alternatives[k].candidates;
            records.insert(records.end(), split[k]->records.begin(), split[k]->records.end());
            std::optional<Plan>& got = split[k]->best;
            // A split plan replaces none at all, or one with errors when it has none itself.
            if (!got || (chosen[k] && got->errorCount() > 0)) continue;
            splitNotes.push_back(splitNote(kinds[k], spec, native[k]->linkGbps, split[k]->linkGbps, chosen[k].has_value()));
            got->fabric.notes.push_back(splitNotes.back());
            chosen[k] = std::move(got);
        }
    }
    // Finished already: a native best finishEarly took (halfSpeedMayReplace kept the split rounds from
    // replacing it), or a plan made in full here. Char, not bool: the workers write their own entries.
    std::vector<char> finished(kinds.size(), 0), broke(kinds.size(), 0);
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        finished[k] = native[k]->finished;
        if (!chosen[k]) {
            chosen[k] = makePlan(native[k]->specs.front(), catalog, options);  // throws the reason
            finished[k] = 1;
        }
    }
    plan::runInParallel(kinds.size(), [&](std::size_t k) {
        if (!finished[k]) broke[k] = finishKept(*chosen[k], catalog, options);
    });
    if (std::find(broke.begin(), broke.end(), 1) != broke.end()) return std::nullopt;
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        // Each round marked its own winner; only the one that became the fabric's plan stays Chosen.
        Plan& p = *chosen[k];
        if (const std::string& asked = native[k]->specs.front().nicModel; p.spec.nicModel != asked) {
            // The fabric defaults' candidate won: the ranked NIC planned only with errors. Say so.
            const int gbps = p.fabric.shape.linkGbps;
            splitNotes.push_back(std::string(displayName(kinds[k])) + ": no plan with NIC " + asked +
                                 " is free of design-rule errors; compared on the fabric's default NIC " +
                                 p.spec.nicModel +
                                 (gbps < native[k]->linkGbps ? ", compared at " + std::to_string(gbps) +
                                                                   "G per link, with less bandwidth per GPU."
                                                             : "."));
            p.fabric.notes.push_back(splitNotes.back());
        }
        if (!native[k]->builtInNicNote.empty()) {
            splitNotes.push_back(native[k]->builtInNicNote);
            p.fabric.notes.push_back(splitNotes.back());
        }
        const std::string part = switchesOf(p.spec);
        for (auto& rec : c.alternatives[k].candidates)
            if (rec.outcome == Outcome::Chosen && (rec.linkGbps != p.fabric.shape.linkGbps || rec.switchModel != part))
                rec.outcome = Outcome::Planned;
        c.alternatives[k].buildable = chosen[k]->errorCount() == 0;
        c.plans.push_back(std::move(*chosen[k]));
    }
    std::vector<FabricOption> options_;
    for (const Plan& p : c.plans) options_.push_back({p.spec.fabric, p.estimates, p.errorCount()});
    c.advice = adviseBuildable(options_, spec);
    c.advice.reasons.insert(c.advice.reasons.end(), splitNotes.begin(), splitNotes.end());
    return c;
}

} // namespace

Comparison comparePlans(const ClusterSpec& spec, const Catalog& catalog, const PlanOptions& options)
{
    plan::requirePlatformFits(spec, catalog);  // else every candidate is refused for it, and the verdicts say less
    if (std::optional<Comparison> c = compare(spec, catalog, options, false, false)) return std::move(*c);
    return *compare(spec, catalog, options, false, true);
}

namespace plan {

Comparison comparePlansExhaustively(const ClusterSpec& spec, const Catalog& catalog, const PlanOptions& options)
{
    requirePlatformFits(spec, catalog);
    return *compare(spec, catalog, options, true, true);
}

} // namespace plan

} // namespace fp
