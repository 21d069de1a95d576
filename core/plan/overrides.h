#pragma once
// No silent override (issue 41): where the plan runs another value than the design says, a warning
// finding names both values and why, so the CLI summary, the plan JSON and the window's Checks tab
// all say it (rule ids in core/checks/README.md). The floor's own override (rack power lowering nodes
// per rack) is a design rule of the checks (checks.cpp floor.rack-power-nodes).
#include <string>
#include <vector>

#include "common/finding.h"
#include "spec/cluster_spec.h"

namespace fp::plan {

// `design`: the spec as typed; `inUse`: as resolved after planesThatConnect changed its planes
// (plan/resolve.h), whose note says why; `designGbps`: the link speed the design runs (its own, or the
// NIC's when it names none). design.override-planes always; design.override-link-speed when the plan
// runs links at another speed than designGbps.
std::vector<Finding> overrideFindings(const ClusterSpec& design, const ClusterSpec& inUse, int designGbps,
                                      const std::string& why);

// Inserts `added` into `findings` (errors first, then warnings, then info) after the findings of the same
// severity, keeping both orders.
void addBySeverity(std::vector<Finding>& findings, const std::vector<Finding>& added);

} // namespace fp::plan
