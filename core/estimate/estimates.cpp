#include "estimate/estimates.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "estimate/collectives.h"
#include "estimate/latency.h"
#include "estimate/link_ranges.h"
#include "estimate/model_constants.h"
#include "estimate/nccl_constants.h"
#include "estimate/opex.h"
#include "estimate/throughput.h"
#include "estimate/tuning_effort.h"
#include "lossless/lossless.h"

namespace fp::estimate {

Opex opexOf(const ClusterSpec& spec, const Fabric& fabric, const Bom& bom, const NicModel& nic)
{
    Opex o;
    const TuningEffort effort = tuningEffortOf(spec.fabric, false, fabric);
    o.tuningWeeks = effort.weeks;
    o.monthsToStable = effort.months;
    const Economics& eco = spec.economics;
    o.tuningUsd = o.tuningWeeks * model::kHoursPerWorkWeek * eco.labourUsdPerHour * eco.skillFactor;
    // NICs draw power whether or not the network budget pays for them.
    const double nicW = double(fabric.nodeCount) * double(fabric.nicsPerNode) * nic.powerW;
    const double networkW = bom.subtotalPowerW(BomCategory::Switches) + bom.subtotalPowerW(BomCategory::Transceivers) +
                            bom.subtotalPowerW(BomCategory::Cables) + bom.subtotalPowerW(BomCategory::Fibre) + nicW;
    o.powerKw = networkW / 1000.0;
    // Energy is paid on the typical draw; the facility must supply the full load: switches at their
    // maximum (data/catalog/README.md, "Switch power"), every other part at its one figure.
    const double switchesExtraW = bom.subtotalPowerMaxW(BomCategory::Switches) - bom.subtotalPowerW(BomCategory::Switches);
    o.powerMaxKw = (networkW + switchesExtraW) / 1000.0;
    o.energyUsdPerYear = o.powerKw * eco.pue * model::kHoursPerYear * eco.powerUsdPerKwh;
    return o;
}

namespace {

// Nodes under the leaf of the first host link (rail-optimized: one SU), and the widest path class a
// collective over `nodes` nodes needs: 0 same leaf, 1 via spine, 2 via core.
std::size_t pathIndexFor(const Fabric& fabric, int nodes, std::size_t pathCount)
{
    std::set<DeviceId> nodesOnLeaf;
    const LinkRange hosts = classRanges(fabric)[std::size_t(LinkClass::HostLeaf)];
    if (hosts.size() > 0) {
        const DeviceId firstLeaf = fabric.links[hosts.begin].b;
        for (std::size_t i = hosts.begin; i < hosts.end; ++i)
            if (fabric.links[i].b == firstLeaf) nodesOnLeaf.insert(fabric.links[i].a);
    }
    std::size_t index = 0;
    if (nodes > int(nodesOnLeaf.size())) index = 1;
    const int pods = std::max(1, fabric.shape.pods);
    if (fabric.shape.tiers >= 3 && pods > 1 && nodes > int(fabric.nodeCount) / pods) index = 2;
    return std::min(index, pathCount - 1);
}

// The collective model's view of the system: the platform's NVLink domain (none without a platform:
// every GPU is its own endpoint) and the fabric's per-GPU NIC bandwidth, efficiency and collisions.
CollectiveSystem collectiveSystem(const ClusterSpec& spec, const EstimateOptions& options, const Performance& perf,
                                  double bisectionGbps, int gpus, double widestPathNs)
{
    CollectiveSystem s;
    s.ranks = gpus;
    const PlatformModel& p = options.platform;
    if (p.hasScaleUpDomain()) {
        s.domainGpus = p.gpusPerScaleUp;
        s.scaleUpGBps = p.scaleUpGBpsPerGpu;
        s.nvlink = p.nvlinkGeneration > 0;
        s.nvlinkSharp = p.nvlinkSharp;
        s.blackwell = p.gpuArch == "blackwell";
    }
    s.scaleOutGBpsPerGpu = perf.injectionGbpsPerGpu / 8.0;
    s.nicEfficiency = perf.efficiency;
    s.ecmpFactor = perf.ecmpCollisionFactor;
    // All-to-all sends half of everything across the bisection: each GPU gets at most its share of it.
    const double demandGbps = double(spec.gpus) * perf.injectionGbpsPerGpu / 2.0;
    s.bisectionShare = demandGbps > 0 ? std::min(1.0, bisectionGbps / demandGbps) : 1.0;
    s.networkLatencyUs = widestPathNs / 1000.0;
    // Quantum InfiniBand switches reduce in the network (SHARP); Ethernet fabrics here do not.
    s.inNetworkReductionAvailable = spec.fabric == FabricKind::InfiniBand;
    s.inNetworkReduction = s.inNetworkReductionAvailable && options.inNetworkReduction;
    return s;
}

// The nodes whose collectives are modelled: the first `collectiveGpus` GPUs' (all by default).
int collectiveGpus(const ClusterSpec& spec, const EstimateOptions& options)
{
    return options.collectiveGpus > 0 ? std::min(options.collectiveGpus, spec.gpus) : spec.gpus;
}

double tcoOf(const Estimates& e, const ClusterSpec& spec)
{
    return e.capex.totalUsd + e.opex.tuningUsd + e.opex.energyUsdPerYear * spec.economics.horizonYears;
}

} // namespace

Capex capexOf(const Bom& bom, int gpus)
{
    Capex c;
    c.switchesUsd = bom.subtotalUsd(BomCategory::Switches);
    c.nicsUsd = bom.subtotalUsd(BomCategory::Nics);
    c.transceiversUsd = bom.subtotalUsd(BomCategory::Transceivers);
    c.cablesUsd = bom.subtotalUsd(BomCategory::Cables);
    c.fibreUsd = bom.subtotalUsd(BomCategory::Fibre);
    c.patchPanelsUsd = bom.subtotalUsd(BomCategory::PatchPanels);
    c.sparesUsd = bom.subtotalUsd(BomCategory::Spares);
    c.totalUsd = c.switchesUsd + c.nicsUsd + c.transceiversUsd + c.cablesUsd + c.fibreUsd + c.patchPanelsUsd +
                 c.sparesUsd;
    c.perGpuUsd = gpus > 0 ? c.totalUsd / double(gpus) : 0.0;
    c.estimated = std::any_of(bom.lines.begin(), bom.lines.end(),
                              [](const BomLine& l) { return l.priceEstimated && l.qty > 0; });
    return c;
}

EcmpQuery ringEcmpQueryOf(const ClusterSpec& spec, const EstimateOptions& options)
{
    const int gpusPerNode = std::max(1, spec.gpusPerNode);
    const int nodes = (collectiveGpus(spec, options) + gpusPerNode - 1) / gpusPerNode;
    const int qps = options.qpsPerConnection > 0 ? options.qpsPerConnection : nccl::kDefaultQpsPerConnection;
    return {nodes, qps};
}

EcmpResult ringEcmpOf(const ClusterSpec& spec, const Fabric& fabric, const EstimateOptions& options)
{
    const EcmpQuery q = ringEcmpQueryOf(spec, options);
    return ringEcmpCollisions(fabric, q.nodes, q.qps);
}

Estimates run(const ClusterSpec& spec, const Fabric& fabric, const Layout& layout, const MediaAssignment& media,
              const Bom& bom, const Catalog&, const Hardware& hw, const EstimateOptions& options,
              const EcmpResult* precomputedEcmp)
{
    const NicModel& nic = hw.nic;
    Estimates e;
    e.capex = capexOf(bom, spec.gpus);
    e.opex = opexOf(spec, fabric, bom, nic);
    e.tcoUsd = tcoOf(e, spec);
    e.notes.push_back(tuningEffortOf(spec.fabric, false, fabric).basis);

    Performance& perf = e.performance;
    const LatencyInputs latencyIn = latencyInputs(spec, fabric, layout, media, hw);
    perf.latency = pathLatencies(latencyIn);
    perf.latencyMinNs = perf.latency.front().minNs;
    perf.latencyMaxNs = perf.latency.back().maxNs;

    const int linkGbps = fabric.shape.linkGbps;
    perf.injectionGbpsPerGpu = injectionGbpsPerGpu(fabric, spec.gpusPerNode);
    const double bisection = bisectionGbps(fabric);
    perf.bisectionTbps = bisection / 1000.0;
    const bool misconfigured = options.roceMisconfigured && spec.fabric == FabricKind::RoCE;
    perf.efficiency = collectiveEfficiency(spec.fabric, linkGbps, misconfigured);

    const int gpus = collectiveGpus(spec, options);
    const int gpusPerNode = std::max(1, spec.gpusPerNode);
    const int nodes = (gpus + gpusPerNode - 1) / gpusPerNode;
    // A fabric that balances flows itself has no hash collisions to count: the ring's ECMP walk (a pass
    // over every link) only for one that does not.
    const bool balanced = balancesFlows(spec.fabric, hw);
    const EcmpResult ecmp = balanced ? EcmpResult{} : precomputedEcmp ? *precomputedEcmp : ringEcmpOf(spec, fabric, options);
    perf.ecmpCollisionFactor = balanced ? 1.0 : ecmp.factor;

    const PathLatency& widest = perf.latency[pathIndexFor(fabric, nodes, perf.latency.size())];
    const CollectiveSystem system = collectiveSystem(spec, options, perf, bisection, gpus, widest.maxNs);
    perf.collectives = modelCollectives(system);
    // The named curves older readers know (stable JSON keys), and the headline figure: what NCCL would run.
    const auto curveOf = [&](const char* key, const char* label, Collective c, CollectiveAlgorithm a) {
        CollectiveCurve out{key, label, {}};
        if (const CollectiveCurves* cc = perf.collectives.find(c))
            for (const AlgorithmCurve& curve : cc->algorithms)
                if (curve.algorithm == a) out.points = curve.points;
        return out;
    };
    perf.curves = {curveOf(kCurveAllreduceRing, "All-reduce (ring)", Collective::AllReduce, CollectiveAlgorithm::Ring),
                   curveOf(kCurveAllreduceTree, "All-reduce (tree)", Collective::AllReduce, CollectiveAlgorithm::Tree),
                   curveOf(kCurveAlltoall, "All-to-all", Collective::AllToAll, CollectiveAlgorithm::Pairwise)};
    if (const CollectiveCurves* ar = perf.collectives.find(Collective::AllReduce))
        perf.allreduceBusbwGBps = ar->largeBusbwGBps();

    // What is a model rather than data.
    if (e.capex.estimated) e.notes.push_back("Prices are estimates: no public list prices exist for these parts.");
    e.notes.push_back("Tuning effort and months to stable are published practitioner ranges or our estimates "
                      "(core/estimate/README.md).");
    bool switchLatencyEstimated = false;
    for (const SwitchModel& sw : hw.switches)
        switchLatencyEstimated = switchLatencyEstimated || sw.latencyNs <= 0 || sw.latencyEstimated;
    if (switchLatencyEstimated || nic.latencyNs <= 0 || nic.latencyEstimated)
        e.notes.push_back("Latency uses estimated switch/NIC figures; FEC latency (~100 ns per link) is unverified.");
    e.notes.push_back("Collective efficiency is a model: " + std::to_string(int(std::lround(perf.efficiency * 100))) +
                      " % of line rate for large messages.");
    if (!balanced && ecmp.crossLeafFlows > 0)
        e.notes.push_back("ECMP hashing of a ring all-reduce: " + std::to_string(ecmp.crossLeafFlows) +
                          " cross-leaf flows, worst link carries " + std::to_string(ecmp.maxLoad) + " (ideal " +
                          std::to_string(ecmp.idealMaxLoad) +
                          (fabric.shape.fabricSpeed() > fabric.shape.linkGbps
                               ? "; a fabric link runs " + std::to_string(fabric.shape.fabricSpeed() / fabric.shape.linkGbps) +
                                     "x a host link, so up to that many flows per queue pair share it at full speed"
                               : std::string()) +
                          ").");
    if (options.platform.hasScaleUpDomain())
        e.notes.push_back("Collectives: " + std::string(system.nvlink ? "NVLink domains" : "PCIe nodes") + " of " +
                          std::to_string(system.domainSize()) + " GPUs (" + options.platform.id +
                          ") joined by the fabric; the algorithm is the one NCCL's tuner would "
                          "pick per size (core/estimate/README.md, calibrated on published nccl-tests runs).");
    else
        e.notes.push_back("Collectives assume no NVLink: " + noNvlinkReason(system, options.platform.id) +
                          ", so every GPU is its own endpoint of the fabric and NVLink inside a node is not counted. "
                          "Name the server's platform (Platform in the design, --platform on the command line) "
                          "for NVLink-aware figures.");
    if (misconfigured) e.notes.push_back("What-if: RoCE misconfigured (PFC/ECN/DCQCN wrong) at ~50 % of IB.");
    return e;
}

void creditCheckedLossless(Estimates& e, const ClusterSpec& spec, const lossless::Analysis& lossless)
{
    if (spec.fabric != FabricKind::RoCE) return;
    const bool checked = !lossless.hasErrors() && !lossless.tiers.empty() &&
                         std::all_of(lossless.tiers.begin(), lossless.tiers.end(),
                                     [](const lossless::TierLossless& t) { return t.bufferBytes > 0; });
    if (!checked) return;
    // The fabric's scale (tuning_effort.cpp) applies to both bands alike, so the ratio carries it over.
    const double byHand = e.opex.tuningWeeks;
    e.opex.tuningWeeks = byHand * model::kRoceTuningWeeksGenerated / model::kRoceTuningWeeks;
    e.opex.tuningUsd = e.opex.tuningWeeks * model::kHoursPerWorkWeek * spec.economics.labourUsdPerHour *
                       spec.economics.skillFactor;
    e.tcoUsd = tcoOf(e, spec);
    char weeks[32];
    std::snprintf(weeks, sizeof weeks, "%.1f", byHand);
    e.notes.push_back("RoCE tuning effort assumes the lossless settings FabricPlan generated and checked are "
                      "applied (sonic-lossless, nvue-lossless, nic-lossless exports); tuned by hand it is " +
                      std::string(weeks) + " engineer-weeks.");
}

} // namespace fp::estimate
