#include "sweep_plan.h"

#include <algorithm>
#include <exception>
#include <functional>
#include <new>
#include <optional>
#include <unordered_map>

#include "common/error.h"
#include "design_input.h"
#include "plan/cluster_plan.h"
#include "plan/parallel.h"
#include "plan/plan_stages.h"

namespace fp::cli {
namespace {

// The row of design `index` whose planning threw the exception in flight, worded as planSweepRow words
// it (PlanCancelled goes on).
SweepRow failedRowOfCurrentException(std::size_t index, const std::string& at)
{
    try {
        throw;
    } catch (const PlanCancelled&) {
        throw;
    } catch (const UsageError& e) {
        return failedSweepRow(index, RowFailure::BadInput, at + e.message);
    } catch (const UserError& e) {
        return failedSweepRow(index, RowFailure::CannotPlan, at + e.oneLine());
    } catch (const std::bad_alloc&) {
        return failedSweepRow(index, RowFailure::CannotPlan, at + "out of memory planning this design (is it far larger than intended?)");
    } catch (const std::exception& e) {
        return failedSweepRow(index, RowFailure::Internal, at + "internal error: " + e.what());
    }
}

// The row of compute plan `p`: its figures and its cluster's total, the design's other networks planned
// around it (clusterTotalOf, the total `plan` prints); a bad network throws its UserError, as `plan` stops.
SweepRow rowOfPlan(std::size_t index, const Plan& p, const Catalog& catalog, const PlanOptions& options)
{
    return sweepRow(index, p, clusterTotalOf(p, catalog, options), int(plannedNetworkCount(p.spec)));
}

// A design checked and resolved (stage 1 of makePlan, plan_stages.h), waiting for its floor.
struct Resolving {
    std::optional<plan::Resolved> resolved;
    PlanOptions options;
};

// What sameFloor compares among the fields a sweep varies most, hashed: designs of other values never
// share a floor, so only designs of one hash are compared in full.
std::size_t floorHash(const plan::Resolved& r)
{
    const ClusterSpec& s = r.spec;
    std::size_t h = 0;
    const auto mix = [&h](long long v) { h = (h ^ std::hash<long long>{}(v)) * 0x100000001b3ULL; };
    for (long long v : {(long long)s.gpus, (long long)s.gpusPerNode, (long long)s.nicsPerNode, (long long)s.tiers,
                        (long long)s.suNodes, (long long)s.dualTor, (long long)s.leafPerRack, (long long)s.podNodes,
                        (long long)s.planes, (long long)s.railPlanes, (long long)r.linkGbps, (long long)r.hardware.planes,
                        (long long)r.hardware.nic.ports})
        mix(v);
    for (const Ratio& ratio : {s.leafOversubscription, s.spineOversubscription})
        for (int v : {ratio.down, ratio.up, ratio.decimals}) mix(v);
    return h;
}

// Designs checked in one batch: their resolved specs (a few kB each) are held until their floor is
// planned, so a sweep of a million designs holds a batch, not the million.
constexpr std::size_t kBatch = 2048;
// A floor compared in full with at most this many others of its hash: a sweep that varies a field the
// hash leaves out (floor sizes, media) builds more floors rather than comparing every pair.
constexpr std::size_t kFloorsPerHash = 32;

} // namespace

DesignKeys designFileKeys()
{
    // A command line of one design file and no flags.
    return DesignKeys(Args({"design.fabricplan"}, {}, {}));
}

SweepRow planSweepRow(std::size_t index, const SweepDesign& d, const ClusterSpec& base, const DesignKeys& baseKeys,
                      const Catalog& catalog, const std::string& at, std::string* note,
                      const std::function<bool()>& cancelled)
{
    SweepRow row;
    try {
        if (!d.problem.empty()) {
            row = failedSweepRow(index, RowFailure::BadInput, d.problem);
        } else {
            const DesignKeys rowKeys(baseKeys, sweepDesignKeys(d.keys));
            PlanRequest request = planRequest(base, rowKeys, catalog, note);
            request.options.cancelled = cancelled;
            row = rowOfPlan(index, makePlan(request.spec, catalog, request.options), catalog, request.options);
        }
    } catch (...) {
        row = failedRowOfCurrentException(index, at);
    }
    row.line = d.line;
    return row;
}

void planSweepRows(const std::vector<SweepDesign>& designs, const ClusterSpec& base, const DesignKeys& baseKeys,
                   const Catalog& catalog, std::vector<SweepRow>& rows, const SweepRowsOptions& o)
{
    rows.assign(designs.size(), SweepRow{});
    if (o.notes) o.notes->assign(designs.size(), std::string());
    const auto atOf = [&](std::size_t i) { return o.at ? o.at(i) : std::string(); };
    const auto finish = [&](std::size_t i, SweepRow row) {
        row.line = designs[i].line;
        rows[i] = std::move(row);
        if (o.rowDone) o.rowDone();
    };
    std::vector<Resolving> batch;
    for (std::size_t first = 0; first < designs.size(); first += kBatch) {
        const std::size_t count = std::min(kBatch, designs.size() - first);
        batch.assign(count, Resolving{});
        // Stage 1 for each design: planRequest and resolveStage, as planSweepRow runs them.
        plan::runInParallel(count, [&](std::size_t k) {
            const std::size_t i = first + k;
            const SweepDesign& d = designs[i];
            try {
                if (!d.problem.empty()) return finish(i, failedSweepRow(i, RowFailure::BadInput, d.problem));
                const DesignKeys rowKeys(baseKeys, sweepDesignKeys(d.keys));
                PlanRequest request = planRequest(base, rowKeys, catalog, o.notes ? &(*o.notes)[i] : nullptr);
                request.options.cancelled = o.cancelled;
                batch[k].resolved.emplace(plan::resolveStage(request.spec, catalog, request.options));
                batch[k].options = std::move(request.options);
            } catch (...) {
                finish(i, failedRowOfCurrentException(i, atOf(i)));
            }
        });
        // Floors: each design joins the first floor sameFloor gives it, in design order.
        std::vector<std::vector<std::size_t>> floors;
        std::unordered_map<std::size_t, std::vector<std::size_t>> floorsOfHash;
        for (std::size_t k = 0; k < count; ++k) {
            if (!batch[k].resolved) continue;
            std::vector<std::size_t>& same = floorsOfHash[floorHash(*batch[k].resolved)];
            const auto found = std::find_if(same.begin(), same.end(), [&](std::size_t f) {
                return plan::sameFloor(*batch[floors[f].front()].resolved, *batch[k].resolved);
            });
            if (found != same.end()) {
                floors[*found].push_back(k);
                continue;
            }
            if (same.size() < kFloorsPerHash) same.push_back(floors.size());
            floors.push_back({k});
        }
        // Stages 2 and 3: each floor on one worker, built once for its designs, which are planned on it
        // one after the other with the floor's memo (plan_stages.h: the same plan as makePlan's). A
        // floor that cannot be built fails its design with that design's own error; a plan that fails
        // takes the lent floor with it, so the next design builds it again.
        plan::runInParallel(floors.size(), [&](std::size_t f) {
            std::optional<plan::Floor> floor;
            plan::FloorMemo memo;
            for (std::size_t k : floors[f]) {
                const std::size_t i = first + k;
                const plan::Resolved& r = *batch[k].resolved;
                const PlanOptions& options = batch[k].options;
                try {
                    if (!floor) {
                        floor.emplace(plan::buildFloor(r, options));
                        memo = {};
                    }
                    Plan p = plan::planOnFloor(r, plan::Floor{std::move(floor->fabric), std::move(floor->layout), {}, floor->timings},
                                               catalog, options, &floor->grouping, &memo);
                    SweepRow row = rowOfPlan(i, p, catalog, options);  // on p's floor, before it is handed back
                    floor->fabric = std::move(p.fabric);  // handed back for the next design
                    floor->layout = std::move(p.layout);
                    finish(i, std::move(row));
                } catch (...) {
                    floor.reset();
                    finish(i, failedRowOfCurrentException(i, atOf(i)));
                }
            }
        });
    }
}

ClusterSpec sweepVariantSpec(const Variant& variant, const ClusterSpec& base, const DesignKeys& baseKeys, const Catalog& catalog)
{
    const DesignKeys rowKeys(baseKeys, sweepDesignKeys(variant));
    return planRequest(base, rowKeys, catalog).spec;
}

} // namespace fp::cli
