#pragma once
// The rows `fabricplan-cli sweep` writes: one per design, its varied values and headline figures, as
// CSV or as JSON lines. Plain functions of a Plan (or of the error that stopped it).
#include <string>
#include <utility>
#include <vector>

#include "plan/plan.h"

namespace fp::cli {

// The values one design of a sweep overrides, as KEY (without dashes) and VALUE, in the order given.
using Variant = std::vector<std::pair<std::string, std::string>>;

struct SweepRow {
    std::size_t index = 0;      // 0-based position in the sweep
    Variant variant;
    bool planned = false;       // false: `failure` says why it could not be planned
    std::string failure;
    // Headline figures (planned only).
    std::string fabric, switchModel, nicModel;
    int gpus = 0, tiers = 0, linkGbps = 0, errors = 0, warnings = 0;
    long long switches = 0, links = 0;
    double capexUsd = 0, capexPerGpuUsd = 0, powerKw = 0, tcoUsd = 0, latencyMaxNs = 0, allreduceBusbwGBps = 0;
};

SweepRow sweepRow(std::size_t index, const Variant&, const Plan&);
SweepRow failedSweepRow(std::size_t index, const Variant&, const std::string& why);

// CSV with a header naming `keys` (the union of every variant's keys) before the figures.
std::string sweepCsvHeader(const std::vector<std::string>& keys);
std::string sweepCsvLine(const SweepRow&, const std::vector<std::string>& keys);
std::string sweepJsonLine(const SweepRow&);

} // namespace fp::cli
