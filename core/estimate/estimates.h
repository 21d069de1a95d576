#pragma once
// Estimates turn a planned fabric into money, watts and speed. Every formula, parameter and source is
// documented in core/estimate/README.md; figures that are models rather than data say so (`notes`).
#include <string>
#include <vector>

#include "bom/bom.h"
#include "catalog/catalog.h"
#include "catalog/hardware.h"
#include "estimate/collectives.h"
#include "layout/layout.h"
#include "media/media.h"
#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp {

struct Capex {
    double switchesUsd = 0, nicsUsd = 0, transceiversUsd = 0, cablesUsd = 0, fibreUsd = 0,
           patchPanelsUsd = 0, sparesUsd = 0;
    double totalUsd = 0;
    double perGpuUsd = 0;
    bool estimated = true;  // any price in it is an estimate
};

struct Opex {
    double tuningWeeks = 0;        // engineer-weeks to bring up and tune the fabric
    double monthsToStable = 0;     // calendar months to a stable production cluster
    double tuningUsd = 0;          // tuningWeeks * 40 h * labour rate * skill factor
    double powerKw = 0;            // network power, typical: switches + optics + NICs (energy is paid on it)
    double powerMaxKw = 0;         // the same with switches at their maximum: the facility's power budget
    double energyUsdPerYear = 0;   // powerKw * PUE * 8766 h * $/kWh
};

struct PathLatency {
    std::string pathClass;         // "same leaf", "via spine", "via core"
    int switchHops = 0;
    double minNs = 0, maxNs = 0;   // unloaded one-way small message
    double loadedLowNs = 0, loadedHighNs = 0;  // jitter band under load
};

// One collective's modelled time and bus bandwidth over message sizes. `key` is its stable JSON key
// under performance.* ("allreduce" = ring all-reduce, "allreduce_tree", "alltoall"); new collectives
// (hierarchical, per platform) add curves with new keys rather than renaming these.
struct CollectiveCurve {
    std::string key;
    std::string label;                     // for charts: "All-reduce (ring)"
    std::vector<CollectivePoint> points;
};

// Stable keys of the curves estimate::run always produces.
inline constexpr const char* kCurveAllreduceRing = "allreduce";
inline constexpr const char* kCurveAllreduceTree = "allreduce_tree";
inline constexpr const char* kCurveAlltoall = "alltoall";

struct Performance {
    std::vector<PathLatency> latency;
    double latencyMinNs = 0, latencyMaxNs = 0;
    double injectionGbpsPerGpu = 0;
    double bisectionTbps = 0;
    double efficiency = 1.0;          // achieved / line rate for large collectives
    double ecmpCollisionFactor = 1.0; // share of bandwidth left after hash collisions (1 = none)
    std::vector<CollectiveCurve> curves;  // in display order, each under its stable JSON key
    // The curve with this key, or nullptr.
    const CollectiveCurve* curve(const std::string& key) const
    {
        for (const CollectiveCurve& c : curves)
            if (c.key == key) return &c;
        return nullptr;
    }
    double allreduceBusbwGBps = 0;    // large-message all-reduce busbw, algorithm NCCL would pick
    estimate::CollectiveReport collectives;  // every collective, algorithm and size, nccl-tests style
};

struct Estimates {
    Capex capex;
    Opex opex;
    Performance performance;
    double tcoUsd = 0;                // capex + (tuning) + energy * horizon
    std::vector<std::string> notes;   // which figures are estimates, and why
};

struct EstimateOptions {
    bool roceMisconfigured = false;   // "RoCE tuned vs misconfigured" risk switch
    int collectiveGpus = 0;           // 0 = the whole cluster
    PlatformModel platform;           // the design's platform (makePlan fills it); empty id = none
    bool inNetworkReduction = false;  // IB SHARP / NCCL CollNet enabled (InfiniBand only)
    int qpsPerConnection = 0;         // NCCL queue pairs per connection; 0 = NCCL's default (1)
};

namespace estimate {
// Capital cost by BOM category: a function of the BOM alone (the comparison ranks candidates by it
// before their other estimates are computed).
Capex capexOf(const Bom&, int gpus);

struct EcmpResult;  // estimate/throughput.h

// `ecmp`: ringEcmpOf(spec, fabric, options) (estimate/throughput.h) computed beforehand, or null to
// compute it here; neither is read where the fabric balances flows itself (balancesFlows).
Estimates run(const ClusterSpec&, const Fabric&, const Layout&, const MediaAssignment&, const Bom&,
              const Catalog&, const Hardware&, const EstimateOptions& = {}, const EcmpResult* ecmp = nullptr);
} // namespace estimate
namespace lossless { struct Analysis; }
namespace estimate {
// RoCE whose lossless settings FabricPlan generated and checked (every tier's buffer known and fitting)
// takes less tuning than one tuned by hand (model_constants.h, README "Tuning effort"): lowers the tuning
// figures of `e` (made by run) and its TCO to match. A separate step because the plan works the lossless
// profile out beside the estimates (plan.cpp), once for the checks and this.
void creditCheckedLossless(Estimates& e, const ClusterSpec&, const lossless::Analysis&);
} // namespace estimate

struct Advice {
    FabricKind recommended = FabricKind::InfiniBand;
    std::vector<std::string> reasons;
    // False when no option could be built without design-rule errors: `recommended` is then only the
    // rule's pick among unbuildable plans, and the first reason says so.
    bool recommendedBuildable = true;
};

} // namespace fp
