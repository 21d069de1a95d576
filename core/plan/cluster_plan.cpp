#include "plan/cluster_plan.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <future>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

#include "bom/bom.h"
#include "common/error.h"
#include "common/format.h"
#include "estimate/resilience.h"
#include "estimate/throughput.h"
#include "layout/shared_floor.h"
#include "plan/before_planning.h"
#include "plan/parallel.h"
#include "plan/plan_stages.h"
#include "spec/validate.h"

namespace fp {
namespace {

constexpr int kMaxPortsPerEndpoint = 64;
constexpr double kMaxServerPowerW = 100000;  // a server or appliance draws far less than 100 kW

// "/networks/1/endpoints (storage)": the field's path, then the network's name.
std::string fieldOf(std::size_t index, const NetworkSpec& n, const std::string& field)
{
    return "/networks/" + std::to_string(index) + field + (n.name.empty() ? std::string() : " (" + n.name + ")");
}

long long qtyOf(const Bom& bom, BomCategory c)
{
    long long n = 0;
    for (const BomLine& l : bom.lines)
        if (l.category == c) n += l.qty;
    return n;
}

// The network's own mistakes, before any of it is planned: each names its field and how to fix it.
void requireValidNetwork(std::size_t index, const NetworkSpec& n, const std::set<std::string>& namesBefore, double rackBudgetKw)
{
    const auto fail = [&](const std::string& field, const std::string& what, const std::string& fix) {
        throw UserError(what, fieldOf(index, n, field), fix);
    };
    if (n.name.empty()) fail("/name", "a network needs a name", "name it after its role, e.g. \"storage\"");
    if (n.name.size() > std::size_t(kMaxNameLength)) fail("/name", "the name is too long", "shorten it");
    if (n.name == "compute" || namesBefore.count(n.name))
        fail("/name", "another network is named \"" + n.name + "\"", "give every network its own name");
    if (n.role == NetworkRole::Compute)
        fail("/role", "the compute fabric is the design's own (/compute, /fabric), not one of its networks",
             "use storage, inband, oob or storage_inband");
    if (n.switchModel.empty()) fail("/switch", "no switch model", "name a catalog switch (fabricplan-cli catalog list switches)");
    if (n.portModel.empty())
        fail("/port", "no endpoint port model", "name the catalog NIC that stands for one endpoint port, e.g. MCX715105AS-WEAT");
    if (n.tiers < 0 || n.tiers > 2) fail("/tiers", "must be 0 (auto), 1 (one switch) or 2 (leaf-spine), not " + std::to_string(n.tiers), "");
    if (const RatioProblem p = ratioProblem(n.leafOversubscription)) fail("/leaf_oversubscription", p.what, p.fix);
    if (n.endpoints.empty())
        fail("/endpoints", "the network has no endpoints", "list what connects to it, e.g. {\"name\": \"storage servers\", \"count\": 8, \"ports_each\": 2}");
    for (std::size_t k = 0; k < n.endpoints.size(); ++k) {
        const EndpointGroup& g = n.endpoints[k];
        const std::string ep = "/endpoints/" + std::to_string(k);
        if (g.portsEach < 1 || g.portsEach > kMaxPortsPerEndpoint)
            fail(ep + "/ports_each", "must be between 1 and " + std::to_string(kMaxPortsPerEndpoint) + ", not " + std::to_string(g.portsEach), "");
        if (g.count < 0 || g.count > kMaxGpus) fail(ep + "/count", "must be between 0 and " + std::to_string(kMaxGpus), "");
        if (g.per != EndpointCount::Fixed && g.count != 0)
            fail(ep + "/count", "a count that follows the nodes or switches takes no number", "remove \"count\" or set \"per\": \"fixed\"");
        if (!(g.powerWEach >= 0 && g.powerWEach <= kMaxServerPowerW))
            fail(ep + "/power_w", "must be between 0 and " + std::to_string(int(kMaxServerPowerW)) + " W", "give each server's power draw in watts");
        if (g.powerWEach > rackBudgetKw * 1000.0)
            fail(ep + "/power_w", "one server draws " + formatOneDecimal(g.powerWEach / 1000.0) + " kW, more than the " +
                                      formatOneDecimal(rackBudgetKw) + " kW rack power budget",
                 "check the figure (watts, each server), or raise the rack power budget (floor.rack_power_budget_kw)");
        if (n.role == NetworkRole::OutOfBand && g.powerWEach != 0)
            fail(ep + "/power_w", "an out-of-band network's endpoints are the management ports of devices counted elsewhere",
                 "give the servers' power in the group of the network that holds them (storage servers: the storage network)");
        if (g.per != EndpointCount::Fixed && g.powerWEach != 0)
            fail(ep + "/power_w", "the nodes' and switches' power is counted already (the compute fabric's, each network's)",
                 "remove \"power_w\", or give it to a fixed group of servers");
    }
}

// A stage's error on the fabric a network stands for, told in the network's own fields.
[[noreturn]] void rethrowForNetwork(std::size_t index, const NetworkSpec& n, const UserError& e)
{
    static const std::pair<std::string_view, std::string_view> kFieldOf[] = {
        {"/compute/nic", "/port"},          {"/compute/gpus", "/endpoints"}, {"/compute/link_gbps", "/link_gbps"},
        {"/fabric/fabric_gbps", "/fabric_gbps"},
        {"/fabric/switch", "/switch"},      {"/fabric/tiers", "/tiers"},     {"/fabric/leaf_oversubscription", "/leaf_oversubscription"},
        {"/fabric/switches/leaf", "/switches/leaf"}, {"/fabric/switches/spine", "/switches/spine"},
    };
    std::string field;
    for (const auto& [from, to] : kFieldOf)
        if (e.where == from) field = to;
    // The builder speaks of a compute fabric's NIC ports per plane; a network's endpoints are the ports of
    // servers, BMCs and PDUs, one plane ("300 NIC ports per plane exceed" read oddly for an OOB network).
    std::string message = e.what();
    constexpr std::string_view kNicPorts = "NIC ports per plane";
    if (const std::size_t at = message.find(kNicPorts); at != std::string::npos)
        message.replace(at, kNicPorts.size(), "endpoint ports");
    throw UserError(message, fieldOf(index, n, field), e.fix);
}

NetworkFigures& operator+=(NetworkFigures& a, const NetworkFigures& b)
{
    a.switches += b.switches;
    a.transceivers += b.transceivers;
    a.cables += b.cables;
    a.capexUsd += b.capexUsd;
    a.powerW += b.powerW;
    a.powerMaxW += b.powerMaxW;
    a.errors += b.errors;
    a.warnings += b.warnings;
    return a;
}

} // namespace

NetworkFigures figuresOf(const Plan& p)
{
    NetworkFigures f;
    f.switches = p.fabric.switchCount();
    f.transceivers = qtyOf(p.bom, BomCategory::Transceivers);
    f.cables = static_cast<long long>(bom::cableCount(p.fabric, p.media));  // DAC, AOC and fibre runs alike
    f.capexUsd = p.estimates.capex.totalUsd;
    // As the compute summary's "network power" (estimate::opexOf): switches, optics, cables and fibre, and
    // every NIC port, priced or not (it draws power either way). Worked out here from the BOM because
    // the other networks are planned findings-only (below).
    f.powerW = p.bom.subtotalPowerW(BomCategory::Switches) + p.bom.subtotalPowerW(BomCategory::Transceivers) +
               p.bom.subtotalPowerW(BomCategory::Cables) + p.bom.subtotalPowerW(BomCategory::Fibre) +
               double(p.fabric.nodeCount) * double(p.fabric.nicsPerNode) * p.hardware.nic.powerW;
    f.powerMaxW = f.powerW + p.bom.subtotalPowerMaxW(BomCategory::Switches) - p.bom.subtotalPowerW(BomCategory::Switches);
    f.errors = p.errorCount();
    f.warnings = p.warningCount();
    return f;
}

long long endpointPortsOf(const NetworkSpec& n, int computeNodes, long long switchesBefore)
{
    long long ports = 0;
    for (const EndpointGroup& g : n.endpoints) {
        const long long count = g.per == EndpointCount::PerComputeNode ? computeNodes
                                : g.per == EndpointCount::PerSwitch    ? switchesBefore
                                                                       : g.count;
        ports += count * g.portsEach;
    }
    return ports;
}

ClusterSpec endpointFabricSpec(const ClusterSpec& cluster, std::size_t index, long long endpointPorts)
{
    const NetworkSpec& n = cluster.networks.at(index);
    ClusterSpec s;
    s.name = n.name;
    // Every endpoint port is a node of one port: the builder spreads them over the leaves in order
    // (railOptimized = false), so a group's ports land together, as cabled rack by rack.
    s.gpus = int(std::min<long long>(endpointPorts, kMaxGpus + 1LL));  // above the limit: validation says so
    s.gpusPerNode = 1;
    s.nicsPerNode = 1;
    s.nicModel = n.portModel;
    s.linkGbps = n.linkGbps;
    s.fabricGbps = n.fabricGbps;
    s.fabric = n.fabric;
    s.switchModel = n.switchModel;
    s.leafSwitchModel = n.leafSwitchModel;
    s.spineSwitchModel = n.spineSwitchModel;
    s.coreSwitchModel = n.spineSwitchModel;  // a network too big for two tiers takes its spines' switch as core
    s.tiers = n.tiers;
    s.railOptimized = false;
    s.leafOversubscription = n.leafOversubscription;
    // The compute fabric's floor: the network is placed on it (layout/shared_floor.h), its ports where
    // their nodes and switches stand.
    s.floor = cluster.floor;
    s.media = cluster.media;
    s.media.pins.clear();  // the compute fabric's pins name its own link classes' parts
    s.economics = cluster.economics;
    s.economics.includeNics = n.portsPriced;
    s.workload = cluster.workload;
    return s;
}

namespace {

bool countsSwitches(const NetworkSpec& n)
{
    return std::any_of(n.endpoints.begin(), n.endpoints.end(),
                       [](const EndpointGroup& g) { return g.per == EndpointCount::PerSwitch; });
}

void requireValidNetworks(const ClusterSpec& cluster)
{
    std::set<std::string> names;
    for (std::size_t i = 0; i < cluster.networks.size(); ++i) {
        requireValidNetwork(i, cluster.networks[i], names, cluster.floor.rackPowerBudgetKw);
        names.insert(cluster.networks[i].name);
    }
}

// A network resolved, not yet on the floor: its topology is built once its ports stand there (a leaf
// per place, layout/shared_floor.h).
struct StagedNetwork {
    std::size_t index = 0;
    long long ports = 0;
    PlanOptions options;
    plan::Resolved resolved;
};

// Network `i` of the cluster with the switches of every network before it (the compute fabric's
// included) already counted: resolved, or a UserError naming its field.
StagedNetwork stageNetwork(const ClusterSpec& cluster, std::size_t i, long long switchesBefore, const Catalog& catalog,
                           const PlanOptions& options)
{
    const NetworkSpec& n = cluster.networks[i];
    const long long ports = endpointPortsOf(n, cluster.nodes(), switchesBefore);
    if (ports < 1)
        throw UserError("the network's endpoints bring no ports", fieldOf(i, n, "/endpoints"),
                        "give an endpoint group a count, or make it follow the nodes (\"per\": \"per_node\")");
    // Findings, BOM and capex (and the invariant check): the collectives, ECMP and resilience
    // estimates speak of the compute fabric's jobs, not of a storage or management network, and at
    // 100,000 GPUs they were most of these networks' planning time. Management networks carry TCP/IP
    // on lossy queues: no PFC analysis (about 1 ms of a 100,000-GPU design's in-band network).
    PlanOptions networkOptions = options;
    networkOptions.findingsOnly = true;
    networkOptions.invariantsLater = false;
    networkOptions.carriesRdma = n.role == NetworkRole::Storage || n.role == NetworkRole::StorageInBand;
    networkOptions.checksBesideBom = true;
    try {
        StagedNetwork staged{i, ports, networkOptions, plan::resolveStage(endpointFabricSpec(cluster, i, ports), catalog, networkOptions)};
        // Its ports draw no rack power of their own: a node's power is the compute fabric's, counted once
        // on the shared floor; the network's racks draw its switches' (layout::setRackPower).
        staged.resolved.spec.floor.nodePowerKw = 0;
        return staged;
    } catch (const UserError& e) {
        rethrowForNetwork(i, n, e);
    }
}

// A network on the shared floor: its ports stood, its topology built, its switches placed; its remaining
// stages (cage groups, media, checks, BOM) read nothing of the shared floor, so they may run while the
// next network is placed.
struct PlacedNetwork {
    std::size_t index = 0;
    long long ports = 0;
    PlanOptions options;
    plan::Resolved resolved;
    plan::Floor floor;
};

// The staged network on the shared floor (after every network before it): its ports stood, its
// topology built with a leaf per place (SharedFloor::leafOrderOf), its switches placed.
PlacedNetwork placeNetwork(const ClusterSpec& cluster, StagedNetwork&& s, layout::SharedFloor& floor)
{
    const NetworkSpec& n = cluster.networks[s.index];
    try {
        auto start = std::chrono::steady_clock::now();
        layout::SharedFloor::Endpoints endpoints = floor.standEndpoints(n, std::uint32_t(s.resolved.spec.nodes()));
        const topology::LeafOrder order = floor.leafOrderOf(endpoints);
        std::chrono::duration<double, std::milli> placed = std::chrono::steady_clock::now() - start;
        plan::Floor built = plan::buildFloor(s.resolved, s.options, &order);
        // The network's layout is its place on the shared floor (buildFloor laid out none); its time
        // counts as the layout's.
        start = std::chrono::steady_clock::now();
        built.layout = floor.place(built.fabric, s.resolved.hardware, std::move(endpoints));
        placed += std::chrono::steady_clock::now() - start;
        for (StageTiming& t : built.timings)
            if (t.stage == "layout") t.ms += placed.count();
        return PlacedNetwork{s.index, s.ports, std::move(s.options), std::move(s.resolved), std::move(built)};
    } catch (const UserError& e) {
        rethrowForNetwork(s.index, n, e);
    }
}

// The placed network's remaining stages: its cage groups (a function of its fabric alone, counted as its
// layout's time), then media, checks and BOM.
NetworkPlan planPlaced(const ClusterSpec& cluster, PlacedNetwork&& p, const Catalog& catalog)
{
    const NetworkSpec& n = cluster.networks[p.index];
    try {
        plan::groupCages(p.floor, p.resolved);
        NetworkPlan planned{n.name, n.role, p.ports, plan::planOnFloor(p.resolved, std::move(p.floor), catalog, p.options)};
        // Its parts fail and need spares like any network's; the failure domains and job interruptions
        // (findings-only skipped them) speak of compute jobs, which it does not carry.
        planned.plan.resilience = resilience::partFailures(planned.plan.bom, catalog);
        return planned;
    } catch (const UserError& e) {
        rethrowForNetwork(p.index, n, e);
    }
}

NetworkPlan planNetwork(const ClusterSpec& cluster, std::size_t i, long long switchesBefore, const Catalog& catalog,
                        const PlanOptions& options, layout::SharedFloor& floor)
{
    return planPlaced(cluster, placeNetwork(cluster, stageNetwork(cluster, i, switchesBefore, catalog, options), floor), catalog);
}

// Plans made ahead of planOtherNetworks, beside the compute fabric: one per network, or the error its
// planning threw (the networks after it are then not planned: empty).
struct Ahead {
    std::vector<std::optional<NetworkPlan>> plans;
    std::vector<NetworkFigures> figures;  // of each plan made here (figuresOf walks its links: off the serial tail)
    NetworkFigures computeFigures;
    std::vector<std::exception_ptr> errors;
    std::optional<layout::SharedFloor> floor;  // the compute fabric's, with the networks planned here on it
};

// The design's other networks planned around `compute` (the CLI and window plan, or a comparison's
// alternative), each handed to `take` as it is made with its figures, in the design's order.
// `switchesBefore` starts at the compute fabric's switches: a per-switch endpoint group counts those of
// every network before it. With `ahead`, a network already planned (or failed) there is taken from it:
// the same plan, and the same first error, as planning it here.
// Returns the shared floor (layout/shared_floor.h) with every network on it; none when none is planned.
template <typename Take>
std::optional<layout::SharedFloor> planOtherNetworks(const Plan& compute, long long switchesBefore, const Catalog& catalog,
                                                     const PlanOptions& options, const Take& take, Ahead* ahead = nullptr)
{
    const ClusterSpec& cluster = compute.spec;
    requireValidNetworks(cluster);
    // compute_only keeps the compute fabric alone: listed networks are kept in the design, not planned.
    const std::size_t planned = cluster.computeOnly ? 0 : cluster.networks.size();
    if (planned == 0) return std::nullopt;
    std::optional<layout::SharedFloor> floor;
    if (ahead && ahead->floor) floor = std::move(ahead->floor);
    else floor.emplace(cluster, compute.fabric, compute.layout);
    for (std::size_t i = 0; i < planned; ++i) {
        if (ahead && ahead->errors[i]) std::rethrow_exception(ahead->errors[i]);
        const bool madeAhead = ahead && ahead->plans[i];
        NetworkPlan p = madeAhead ? std::move(*ahead->plans[i]) : planNetwork(cluster, i, switchesBefore, catalog, options, *floor);
        const NetworkFigures f = madeAhead ? ahead->figures[i] : figuresOf(p.plan);
        switchesBefore += f.switches;
        take(std::move(p), f);
    }
    return floor;
}

} // namespace

std::size_t plannedNetworkCount(const ClusterSpec& cluster) { return cluster.computeOnly ? 1 : 1 + cluster.networks.size(); }

NetworkFigures clusterTotalOf(const Plan& compute, const Catalog& catalog, const PlanOptions& options)
{
    NetworkFigures total = figuresOf(compute);
    planOtherNetworks(compute, total.switches, catalog, options,
                      [&total](NetworkPlan&&, const NetworkFigures& f) { total += f; });
    return total;
}

std::vector<NetworkFigures> clusterTotalsOf(const Comparison& comparison, const Catalog& catalog, const PlanOptions& options)
{
    std::vector<NetworkFigures> totals;
    for (const Plan& p : comparison.plans) {
        if (plannedNetworkCount(p.spec) == 1) return {};
        totals.push_back(clusterTotalOf(p, catalog, options));
    }
    return totals;
}

std::optional<UserError> networkRefusalOf(const ClusterSpec& cluster, const Catalog& catalog)
{
    if (cluster.computeOnly) return std::nullopt;  // not planned (makeClusterPlan)
    try {
        requireValidNetworks(cluster);
        // The endpoint count only sizes the fabric; the resolve stage judges the parts whatever it is.
        for (std::size_t i = 0; i < cluster.networks.size(); ++i) {
            const NetworkSpec& n = cluster.networks[i];
            const long long ports = std::max(1LL, endpointPortsOf(n, cluster.nodes(), 0));
            if (const std::optional<UserError> r = plan::refusalOf(endpointFabricSpec(cluster, i, ports), catalog))
                rethrowForNetwork(i, n, *r);
        }
    } catch (const UserError& e) {
        return e;
    }
    return std::nullopt;
}

namespace {

ClusterPlan assemble(Plan compute, const Catalog& catalog, const PlanOptions& options, Ahead* ahead)
{
    ClusterPlan c;
    // Room for every network first: planOtherNetworks reads the compute plan (its spec) while the
    // others are appended, so the vector must not move it.
    c.networks.reserve(1 + compute.spec.networks.size());
    c.figures.reserve(1 + compute.spec.networks.size());
    const long long hostLinks = estimate::linkCountsByClass(compute.fabric)[std::size_t(LinkClass::HostLeaf)];
    c.figures.push_back(ahead ? ahead->computeFigures : figuresOf(compute));
    c.networks.push_back({"compute", NetworkRole::Compute, hostLinks, std::move(compute)});
    std::optional<layout::SharedFloor> floor =
        planOtherNetworks(c.networks.front().plan, c.figures.front().switches, catalog, options,
                          [&c](NetworkPlan&& n, const NetworkFigures& f) {
                              c.networks.push_back(std::move(n));
                              c.figures.push_back(f);
                          },
                          ahead);
    if (floor) {
        c.sharedFloor = floor->takeFloor();
        // Every network's layout lists the cluster's racks, those networks after it added too, with their
        // power: one floor, whichever network a view or an export shows. (Its checks judged the racks by
        // its own devices, as planOnFloor counted them: a network rack holds one network's switches.)
        for (std::size_t k = 1; k < c.networks.size(); ++k) layout::setFloorOf(c.networks[k].plan.layout, c.sharedFloor);
    }
    for (const NetworkFigures& f : c.figures) c.total += f;
    return c;
}

} // namespace

ClusterPlan makeClusterPlan(Plan compute, const Catalog& catalog, const PlanOptions& options)
{
    return assemble(std::move(compute), catalog, options, nullptr);
}

ClusterPlan makeClusterPlan(const ClusterSpec& spec, const Catalog& catalog, const PlanOptions& options)
{
    // The other networks need nothing of the compute plan but its spec (to resolve them) and its placed
    // floor (where their ports stand, which their leaves follow; for an OOB network's management ports
    // also its switch count): they are planned in order on the other core while the compute fabric's
    // later stages run. The same plans and the same first error as one after the
    // other (plan_stages.h: resolve, floor, the rest is makePlan); an error is raised where that sequence
    // would reach it, the compute fabric's first. Measured: README "Several networks", fabricplan-bench --networks.
    const bool beside = !spec.computeOnly && !spec.networks.empty() && plan::workerCount() > 1;
    if (!beside) return makeClusterPlan(makePlan(spec, catalog, options), catalog, options);
    Ahead ahead;
    ahead.plans.resize(spec.networks.size());
    ahead.errors.resize(spec.networks.size());
    ahead.figures.resize(spec.networks.size());
    std::optional<Plan> compute;
    std::exception_ptr computeError;
    // The compute fabric's floor, once placed: its switch count, and the shared floor the networks are
    // placed on while the compute fabric's remaining stages run.
    std::promise<long long> computeSwitches;
    std::future<long long> computeSwitchesKnown = computeSwitches.get_future();
    // The networks are placed one after the other (each on the floor the ones before it left); each
    // placed network's remaining stages are a job either task takes: the compute fabric's once its plan is
    // made, the networks' once every network is placed. Run in turn after each placement they were the
    // longer path.
    struct Jobs {
        std::vector<std::optional<PlacedNetwork>> placed;
        std::mutex mutex;
        std::condition_variable ready;
        std::size_t placedCount = 0, next = 0;
        bool done = false;  // no more networks will be placed
    } jobs;
    jobs.placed.resize(spec.networks.size());
    // The next placed network's index once there is one; none once every placed network is taken.
    const auto takeJob = [&jobs]() -> std::optional<std::size_t> {
        std::unique_lock lock(jobs.mutex);
        {
            const plan::CoreLent lent;  // idle meanwhile: the other task's stages may take this core
            jobs.ready.wait(lock, [&] { return jobs.next < jobs.placedCount || jobs.done; });
        }
        if (jobs.next >= jobs.placedCount) return std::nullopt;
        return jobs.next++;
    };
    const auto runJob = [&](std::size_t i) {
        try {
            ahead.plans[i] = planPlaced(spec, std::move(*jobs.placed[i]), catalog);
            ahead.figures[i] = figuresOf(ahead.plans[i]->plan);
        } catch (...) {
            ahead.errors[i] = std::current_exception();  // raised in its turn (planOtherNetworks)
        }
        jobs.placed[i].reset();
    };
    const auto finishJobs = [&] {
        while (const std::optional<std::size_t> i = takeJob()) runJob(*i);
    };
    plan::runInParallel(2, [&](std::size_t task) {
        if (task == 0) {
            bool published = false;
            try {
                const plan::CriticalPath longer;  // the compute fabric's stages keep their helpers
                const plan::Resolved r = plan::resolveStage(spec, catalog, options);
                plan::Floor floor = plan::buildFloor(r, options);
                ahead.floor.emplace(r.spec, floor.fabric, floor.layout);
                computeSwitches.set_value(floor.fabric.switchCount());
                published = true;
                compute = plan::planOnFloor(r, std::move(floor), catalog, options);
                ahead.computeFigures = figuresOf(*compute);
            } catch (...) {
                computeError = std::current_exception();
                if (!published) computeSwitches.set_exception(computeError);  // the networks' task stops
            }
            finishJobs();
            return;
        }
        // Whichever way the placements end, the jobs are then complete: the other task stops waiting.
        struct Done {
            Jobs& jobs;
            ~Done()
            {
                const std::lock_guard lock(jobs.mutex);
                jobs.done = true;
                jobs.ready.notify_all();
            }
        };
        {
            const Done done{jobs};
            try {
                requireValidNetworks(spec);  // planOtherNetworks checks them again, in its turn
            } catch (...) {
                return;  // raised there, after the compute fabric's own errors
            }
            long long switchesAhead = 0;  // of the networks placed here so far
            std::optional<long long> computeCount;
            for (std::size_t i = 0; i < spec.networks.size(); ++i) {
                // Waiting for the compute fabric's floor, this core is lent to its stages (plan/parallel.h):
                // counted busy, it would make them run on one core while this one idles.
                const auto computeFloor = [&] {
                    const plan::CoreLent lent;
                    return computeSwitchesKnown.get();
                };
                try {
                    if (countsSwitches(spec.networks[i]) && !computeCount) computeCount = computeFloor();
                    StagedNetwork staged = stageNetwork(spec, i, computeCount.value_or(0) + switchesAhead, catalog, options);
                    if (!computeCount) computeCount = computeFloor();  // the compute fabric's floor is placed
                    PlacedNetwork placed = placeNetwork(spec, std::move(staged), *ahead.floor);
                    switchesAhead += placed.floor.fabric.switchCount();
                    const std::lock_guard lock(jobs.mutex);
                    jobs.placed[i] = std::move(placed);
                    jobs.placedCount = i + 1;
                    jobs.ready.notify_all();
                } catch (...) {
                    // The compute fabric's own error (its floor failed) is raised first, whatever is kept here.
                    ahead.errors[i] = std::current_exception();
                    break;  // the sequence stops at its first error
                }
            }
        }
        finishJobs();
    });
    if (computeError) std::rethrow_exception(computeError);
    return assemble(std::move(*compute), catalog, options, &ahead);
}

} // namespace fp
