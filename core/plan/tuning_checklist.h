#pragma once
// The tuning checklist of a plan (issue 43): what an engineer sets and checks to bring the fabric's flow
// control up, step by step, each with the plan's own figure and where the setting comes from (the
// configuration exports, or a document when FabricPlan exports nothing for it). One list per fabric
// kind: RoCE and Spectrum-X run PFC + ECN + DCQCN, UEC ECN only, InfiniBand none (credit-based) and says
// why. The workbook's "Tuning checklist" sheet and the PDF's page both print this list, so they agree.
#include <string>
#include <vector>

#include "plan/plan.h"

namespace fp {

struct TuningStep {
    std::string stage;    // "Switches", "NICs", "Validate", "Effort"
    std::string action;   // what to set or check
    std::string figure;   // the plan's figures behind it ("64 ports on each of 32 SN5600 leaves")
    std::string where;    // the export that writes it ("sonic-lossless, nvue-lossless") or the source
};

struct TuningChecklist {
    FabricKind fabric = FabricKind::RoCE;
    std::string flowControl;       // lossless::flowControlText: what this fabric kind needs, and why
    std::vector<TuningStep> steps; // in the order they are done
};

TuningChecklist tuningChecklistOf(const Plan&);

} // namespace fp
