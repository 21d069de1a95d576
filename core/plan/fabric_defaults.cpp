#include "plan/fabric_defaults.h"

#include <algorithm>
#include <optional>

#include "catalog/part_lookup.h"
#include "catalog/platforms.h"
#include "checks/tier_compatibility.h"
#include "common/error.h"
#include "common/format.h"
#include "plan/before_planning.h"
#include "plan/compare_bound.h"
#include "plan/compare_no_part.h"
#include "plan/plan.h"
#include "plan/plan_stages.h"
#include "plan/ranking.h"
#include "plan/resolve.h"
#include "topology/builder.h"

namespace fp::plan {
namespace {

constexpr int kMaxCandidates = 16;  // switch x NIC pairs tried before settling

// Design-rule errors of a plan but the built-in NIC's (platform.builtin-nic): that one is the same on
// every switch of the fabric, so the switches are ranked by the others.
int errorsBeyondBuiltInNic(const Plan& p)
{
    return p.errorCount() - int(std::count_if(p.findings.begin(), p.findings.end(), [](const Finding& f) {
               return f.severity == Severity::Error && f.rule == "platform.builtin-nic";
           }));
}

// What the candidate's plan is ranked by (plan/ranking.h; its errors are errorsBeyondBuiltInNic), or
// nullopt when it cannot be built at all (`why` then says why). Unless `exact`, a plan whose host links no
// part can serve (hostLinksFailMedia: it has an error whatever its floor) is not made, and 1 error stands
// for "some". Above kFullPlanGpus the figures are the probe's (same tiers, kProbeGpus GPUs).
std::optional<RankFigures> figuresOf(const ClusterSpec& candidate, const Catalog& catalog, std::string& why, bool exact)
{
    // Errors, capex and energy are read: no other estimates (findingsOnly) and no invariant check (the
    // probe is never shown; the plan made on the parts picked runs it), as the comparison ranks its candidates.
    PlanOptions findingsOnly;
    findingsOnly.findingsOnly = true;
    findingsOnly.invariantsLater = true;
    // makePlan in its stages (plan_stages.h), with the proof between them.
    const auto errorsOfPlan = [&](const ClusterSpec& spec) {
        const Resolved r = resolveStage(spec, catalog, findingsOnly);
        RankFigures f;
        f.errors = 1;
        if (!exact && hostLinksFailMedia(r, catalog)) return f;
        const Plan p = planOnFloor(r, buildFloor(r, findingsOnly), catalog, findingsOnly);
        f = rankFiguresOf(p);
        f.errors = errorsBeyondBuiltInNic(p);
        return f;
    };
    try {
        if (candidate.gpus <= kFullPlanGpus) return errorsOfPlan(candidate);
        // Full size: does the topology connect it (tiers, planes)? Resolving and sizing only.
        const ClusterSpec c = canonicalParts(candidate, catalog);
        const NicModel& nic = resolveNic(c, catalog);
        int gbps = resolveLinkGbps(c, nic);
        const Hardware hw = resolveHardware(c, catalog, nic, gbps, c.planes);
        if (!checks::tierCompatibility(c, hw, catalog).empty()) return std::nullopt;
        ClusterSpec probe = c;
        const PlaneChoice planes = planesThatConnect(c, nic, hw, gbps);
        if (planes.changed) {
            probe.planes = planes.planes;
            probe.railPlanes = planes.railPlanes;
            probe.linkGbps = gbps = planes.linkGbps;
        }
        topology::TierPorts ports;
        for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core})
            ports.tier[std::size_t(switchTierIndex(t))] = {hw.switchOf(t).portsAt(gbps), 1, 0};
        const long long endpoints = static_cast<long long>(c.nodes()) * c.nicsPerNode * (c.dualTor ? 2 : 1) /
                                    (probe.railPlanes ? probe.planes : 1);
        const long long two = topology::maxEndpoints(2, ports, c.leafOversubscription, c.spineOversubscription);
        const long long three = topology::maxEndpoints(3, ports, c.leafOversubscription, c.spineOversubscription);
        if (endpoints > three && c.tiers == 0) return std::nullopt;
        // Media and checks on a probe of the same depth: kProbeGpus GPUs with the full size's tiers.
        probe.gpus = kProbeGpus / c.gpusPerNode * c.gpusPerNode;
        if (const PlatformModel* platform = catalog.findPlatform(c.platform)) {  // whole racks, whole nodes
            const int unit = wholeGpuUnit(*platform);
            probe.gpus = std::max(unit, kProbeGpus / unit * unit);
        }
        if (c.tiers == 0) probe.tiers = endpoints > two ? 3 : 2;
        return errorsOfPlan(probe);
    } catch (const UserError& e) {
        why = e.oneLine();
        return std::nullopt;
    }
}

// Dual-ToR with a NIC other than the one asked for: say that the asked one cannot dual-home.
std::string dualTorNicNote(const ClusterSpec& asked, const ClusterSpec& picked, const Catalog& catalog)
{
    if (!asked.dualTor || picked.nicModel == asked.nicModel) return {};
    const NicModel* had = matchNic(catalog.nics, asked.nicModel).part;
    const NicModel* now = matchNic(catalog.nics, picked.nicModel).part;
    if (!had || !now || had->partNumber == now->partNumber) return {};
    const int gbps = asked.linkGbps > 0 ? asked.linkGbps : had->portGbps;
    if (nicDualHomes(asked, *had, gbps)) return {};
    return " Dual-ToR needs two links per NIC (one to each leaf of a pair): " + had->partNumber + " has " +
           std::to_string(nicLinksAt(*had, gbps)) + " at " + std::to_string(gbps) + "G, so the fabric uses " +
           now->partNumber + " (" + std::to_string(std::max(1, now->ports)) + " x " + std::to_string(now->portGbps) +
           "G).";
}


// Why the ranking picked clean[k], in a few words: the lowest ownership, or fewer tiers or switches
// within the tolerance of it (plan/ranking.h).
std::string pickReason(const std::vector<RankFigures>& clean, std::size_t k)
{
    const RankFigures& pick = clean[k];
    const RankFigures* cheapest = &pick;
    for (const RankFigures& f : clean)
        if (f.ownershipUsd < cheapest->ownershipUsd) cheapest = &f;
    const std::string figure = formatUsdShort(pick.ownershipUsd) + " capex + energy over the horizon";
    if (cheapest == &pick) return "the lowest cost to own (" + figure + ")";
    const std::string within = " within " + std::to_string(int(kFewerTiersTolerance * 100 + 0.5)) +
                               " % of the lowest (" + formatUsdShort(cheapest->ownershipUsd) + ")";
    if (pick.tiers < cheapest->tiers)
        return counted(pick.tiers, "tier") + " instead of " + std::to_string(cheapest->tiers) + " at " + figure + "," +
               within;
    return counted(pick.switches, "switch", "switches") + " instead of " + withThousands(cheapest->switches) + " at " +
           figure + "," + within;
}

// partsForFabric on a GPU count that fits the platform (wholeGpus).
FabricParts partsForWholeUnits(const ClusterSpec& spec, FabricKind fabric, const Catalog& catalog, bool keepOwn,
                               bool rank)
{
    // A platform with its NICs built in takes no other NIC (retargetCandidates keeps it): where that NIC
    // does not speak the fabric, nothing builds it; where it lacks the fabric's NIC-side features, the
    // note below says what the plan is instead.
    const NicModel* builtIn = builtInNic(spec, catalog);
    const std::string builtInNote = builtInNicNote(spec, fabric, catalog);
    if (builtIn && !speaksFabric(builtIn->protocol, fabric))
        throw UserError(builtInNote, "/compute/platform", "choose a platform that takes NIC cards, or another fabric");
    const std::string notes = builtInNote.empty() ? std::string() : " " + builtInNote;
    std::vector<ClusterSpec> candidates = retargetCandidates(spec, fabric, catalog);
    if (spec.genericRadix == 0 && !candidates.empty() && !builtIn) {
        // The other NICs of this fabric after the best-ranked one, each with the same switch ranking.
        const std::string first = candidates.front().nicModel;
        for (const NicModel& n : catalog.nics) {
            if (n.partNumber == first || !speaksFabric(n.protocol, fabric)) continue;
            ClusterSpec other = spec;
            other.nicModel = n.partNumber;
            other.linkGbps = 0;
            for (ClusterSpec& c : retargetCandidates(other, fabric, catalog))
                if (c.nicModel == n.partNumber) candidates.push_back(std::move(c));
        }
    }
    // The note names parts as the catalog does: a typed prefix ("SN560") by the part it resolved to.
    const auto partsOf = [&](const ClusterSpec& c) {
        const ClusterSpec named = canonicalParts(c, catalog);
        std::string parts = c.genericRadix > 0 ? "a generic " + std::to_string(c.genericRadix) + "-port switch"
                                                : "switch " + named.switchModel;
        for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core})  // the user's own tier switches stay
            if (switchNameOf(named, t) != named.switchModel)
                parts += ", " + std::string(toString(t)) + " " + switchNameOf(named, t);
        return parts + " and NIC " + named.nicModel;
    };
    // The candidates NIC by NIC, in their ranked order: the first NIC's switches are weighed against
    // each other by the ranking rule (plan/ranking.h: capex + energy over the horizon, fewer tiers and
    // switches within the tolerance); the next NIC only when none of them plans cleanly.
    // The design's own switch, first where it runs the fabric (retargetCandidates), is kept when it
    // plans cleanly: the defaults fill what the design leaves open, they do not overrule it.
    const SwitchModel* own = keepOwn && spec.genericRadix == 0 ? matchSwitch(catalog.switches, spec.switchModel).part : nullptr;
    const bool ownSwitchFirst = own && !candidates.empty() && candidates.front().switchModel == own->partNumber;
    std::optional<ClusterSpec> fallback;  // the first candidate that builds, should none plan cleanly
    std::string firstFailure;  // why the first candidate could not be built (for the error below)
    int tried = 0;
    const bool probed = spec.gpus > kFullPlanGpus;  // figures of a probe: no full-size bound applies
    for (std::size_t from = 0; from < candidates.size() && tried < kMaxCandidates;) {
        std::size_t to = from;
        while (to < candidates.size() && candidates[to].nicModel == candidates[from].nicModel) ++to;
        std::vector<RankFigures> clean;
        std::vector<std::size_t> cleanAt;
        double lowest = -1;  // the lowest ownership of the NIC's clean plans so far
        for (std::size_t i = from; i < to && tried < kMaxCandidates; ++i) {
            const ClusterSpec& c = candidates[i];
            // Above the tolerance ceiling of a clean plan already found even at its lower bounds: the
            // ranking can never pick it (plan/ranking.h), so it is not planned.
            if (lowest >= 0 && !probed && c.genericRadix == 0 &&
                switchCostLowerBoundUsd(c, catalog) + nicCostUsd(c, catalog) + energyLowerBoundUsd(c, catalog) >
                    toleranceCeilingUsd(lowest))
                continue;
            ++tried;
            std::string why;
            const std::optional<RankFigures> figures = figuresOf(c, catalog, why, false);
            if (!figures) {
                if (firstFailure.empty()) firstFailure = c.switchModel + " with NIC " + c.nicModel + ": " + why;
                continue;
            }
            if (figures->errors == 0) {
                if ((ownSwitchFirst && i == 0) || !rank)
                    return {c, builtInNote.empty(),
                            std::string(displayName(fabric)) + ": " + partsOf(c) +
                                (rank ? ", the design's own, plan without " : ", the first ranked parts that plan without ") +
                                (builtInNote.empty() ? "" : "other ") +
                                "design-rule errors." + dualTorNicNote(spec, c, catalog) + notes};
                clean.push_back(*figures);
                cleanAt.push_back(i);
                if (lowest < 0 || figures->ownershipUsd < lowest) lowest = figures->ownershipUsd;
            } else if (!fallback) {
                fallback = c;
            }
        }
        if (!clean.empty()) {
            const std::size_t k = pickIndex(clean);
            const ClusterSpec& c = candidates[cleanAt[k]];
            return {c, builtInNote.empty(),
                    std::string(displayName(fabric)) + ": " + partsOf(c) + ", " + pickReason(clean, k) +
                        " among the fabric's parts that plan without " + (builtInNote.empty() ? "" : "other ") +
                        "design-rule errors." + dualTorNicNote(spec, c, catalog) + notes};
        }
        from = to;
    }
    if (fallback) {
        std::string why;
        const std::optional<RankFigures> figures = figuresOf(*fallback, catalog, why, true);
        const int errors = figures ? figures->errors : 1;
        return FabricParts{*fallback, false,
                           std::string(displayName(fabric)) + ": " + partsOf(*fallback) +
                               " build the cluster but their plan has " + counted(errors, "design-rule error") +
                               "; no catalog part of this fabric plans cleanly." +
                               dualTorNicNote(spec, *fallback, catalog) + notes};
    }
    if (spec.dualTor) {
        // The likely reason: the NIC has too few links to dual-home; say so, with the fix.
        const ClusterSpec asked = canonicalParts(spec, catalog);
        const NicModel& nic = resolveNic(asked, catalog);
        const int gbps = resolveLinkGbps(asked, nic);
        requireDualHoming(asked, nic, gbps);
        // The NIC dual-homes: then no switch of the fabric carries it; say what the first try hit.
        throw UserError("no " + std::string(displayName(fabric)) + " switch in the catalog builds " +
                            std::to_string(spec.gpus) + " dual-ToR GPUs with NIC " + nic.partNumber + " (" +
                            std::to_string(nicLinksAt(nic, gbps)) + " links of " + std::to_string(gbps) +
                            "G per NIC)" + (firstFailure.empty() ? std::string() : "; " + firstFailure),
                        "/fabric/dual_tor",
                        "use a two-port NIC the fabric's switches run (900-9X81Q-00CN-ST0, 2 x 400G), another "
                        "link speed, or turn dual-ToR off");
    }
    // The design's own NIC refuses the speed asked for (800GbE on a ConnectX-8 C8180, whose Ethernet is
    // 2 x 400G): that error and its fix say more than "no switch can build" (resolveLinkGbps throws it).
    if (const NicModel* nic = catalog.findNic(canonicalParts(spec, catalog).nicModel);
        nic && speaksFabric(nic->protocol, fabric)) {
        ClusterSpec asked = spec;
        asked.fabric = fabric;
        (void)resolveLinkGbps(asked, *nic);
    }
    // Else the first candidate's reason says what stood in the way.
    throw UserError("no " + std::string(displayName(fabric)) + " switch and NIC in the catalog can build " +
                        std::to_string(spec.gpus) + " GPUs" + (firstFailure.empty() ? std::string() : "; " + firstFailure),
                    "/fabric/technology", "add a larger switch to the catalog, or use a generic radix (--radix N)");
}

// The design's GPUs in whole units of its platform (catalog/platforms.h wholeGpuUnit: racks of 72 on an
// NVL72, nodes of 8 on a DGX), the nearest above (below at the limit). The parts do not depend on a
// partial rack, which the plan itself refuses (plan/before_planning.h).
int wholeGpus(const ClusterSpec& spec, const Catalog& catalog)
{
    const PlatformModel* platform = catalog.findPlatform(spec.platform);
    const int unit = platform ? wholeGpuUnit(*platform) : 1;
    if (unit <= 1 || spec.gpus <= 0 || spec.gpus % unit == 0) return spec.gpus;
    const long long above = (static_cast<long long>(spec.gpus) / unit + 1) * unit;
    return above <= kMaxGpus ? int(above) : std::max(unit, spec.gpus / unit * unit);
}

} // namespace

std::optional<NicForSwitch> nicForNamedSwitch(const ClusterSpec& spec, const Catalog& catalog)
{
    if (spec.linkGbps > 0 || spec.genericRadix > 0 || builtInNic(spec, catalog)) return std::nullopt;
    const SwitchModel* sw = matchSwitch(catalog.switches, spec.switchModel).part;
    const NicModel* nic = matchNic(catalog.nics, spec.nicModel).part;
    if (!sw || !nic || !speaksFabric(sw->protocol, spec.fabric)) return std::nullopt;
    int native = 0;  // the switch's fastest port: what its optics and cables are made for
    for (const Breakout& b : sw->breakouts) native = std::max(native, b.portGbps);
    if (native <= 0 || nic->portGbpsOn(spec.fabric) >= native) return std::nullopt;
    ClusterSpec atNative = spec;
    atNative.linkGbps = native;
    const std::vector<ClusterSpec> ranked = retargetCandidates(atNative, spec.fabric, catalog);
    const NicModel* pick = ranked.empty() ? nullptr : catalog.findNic(ranked.front().nicModel);
    if (!pick || pick->partNumber == nic->partNumber || pick->portGbpsOn(spec.fabric) < native) return std::nullopt;
    NicForSwitch out{spec, {}};
    out.spec.nicModel = pick->partNumber;
    if (pick->portGbpsOn(spec.fabric) != native) out.spec.linkGbps = native;
    out.why = "switch " + sw->partNumber + " runs " + std::to_string(native) + "G ports; NIC " + nic->partNumber +
              " reaches " + std::to_string(nic->portGbpsOn(spec.fabric)) + "G, so the plan uses NIC " +
              pick->partNumber + " at " + std::to_string(native) + "G";
    return out;
}

FabricParts partsForFabric(const ClusterSpec& spec, FabricKind fabric, const Catalog& catalog, bool keepOwn, bool rank)
{
    // The parts are ranked on whole racks or nodes; the design keeps its own GPU count (and the plan says
    // what is wrong with it). Any other contradiction with the platform no part can fix: say it here.
    ClusterSpec whole = spec;
    whole.gpus = wholeGpus(spec, catalog);
    if (validateSpec(whole).empty()) requirePlatformFits(whole, catalog);
    FabricParts parts = partsForWholeUnits(whole, fabric, catalog, keepOwn, rank);
    parts.spec.gpus = spec.gpus;
    return parts;
}

} // namespace fp::plan
