#include "estimate/tuning_effort.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "estimate/model_constants.h"

namespace fp::estimate {
namespace {

struct BaseFigures {
    double weeks, months;
};

BaseFigures baseOf(FabricKind kind, bool generatedLossless)
{
    switch (kind) {
    case FabricKind::InfiniBand: return {model::kIbTuningWeeks, model::kIbMonthsToStable};
    case FabricKind::RoCE:
        return {generatedLossless ? model::kRoceTuningWeeksGenerated : model::kRoceTuningWeeks, model::kRoceMonthsToStable};
    case FabricKind::SpectrumX: return {model::kSpectrumXTuningWeeks, model::kSpectrumXMonthsToStable};
    case FabricKind::UEC: return {model::kUecTuningWeeks, model::kUecMonthsToStable};
    }
    return {model::kRoceTuningWeeks, model::kRoceMonthsToStable};
}

} // namespace

TuningEffort tuningEffortOf(FabricKind kind, bool generatedLossless, const Fabric& fabric)
{
    const long long switches = fabric.switchCount();
    const int tiers = fabric.shape.tiers;
    const int planes = std::max(1, fabric.shape.planes);
    // Configuration is templated per switch role, so effort grows with the roles (tiers), the copies to
    // validate (planes) and the validation runs, whose number grows with the log of the fabric's size
    // (README, "Tuning effort"). Below the reference fabric the published band applies as is.
    const double sizeSteps = std::log2(std::max(1.0, double(switches) / model::kTuningReferenceSwitches));
    const double sizeFactor = 1.0 + model::kTuningPerSizeDoubling * sizeSteps;
    const double tierFactor = 1.0 + model::kTuningPerExtraTier * std::max(0, tiers - 2);
    const double planeFactor = 1.0 + model::kTuningPerExtraPlane * double(planes - 1);
    TuningEffort t;
    t.scale = sizeFactor * tierFactor * planeFactor;
    const BaseFigures base = baseOf(kind, generatedLossless);
    t.weeks = base.weeks * t.scale;
    // Calendar time grows as the square root of the effort: bigger fabrics get bigger teams working in
    // parallel, but each validation round still waits for the previous one.
    t.months = base.months * std::sqrt(t.scale);
    char line[256];
    std::snprintf(line, sizeof line,
                  "Tuning effort x%.2f of the %.1f engineer-weeks of a reference fabric (2 tiers, 1 plane, up to "
                  "%.0f switches): %lld switch%s, %d tier%s, %d plane%s (estimate; core/estimate/README.md).",
                  t.scale, base.weeks, model::kTuningReferenceSwitches, switches, switches == 1 ? "" : "es", tiers,
                  tiers == 1 ? "" : "s", planes, planes == 1 ? "" : "s");
    t.basis = line;
    return t;
}

} // namespace fp::estimate
