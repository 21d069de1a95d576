#include "plan/overrides.h"

#include <algorithm>

namespace fp::plan {
namespace {

std::string planesText(int planes, bool rail)
{
    return std::to_string(planes) + (rail ? " rail plane" : " plane") + (planes == 1 ? "" : "s");
}

} // namespace

std::vector<Finding> overrideFindings(const ClusterSpec& design, const ClusterSpec& inUse, int designGbps,
                                      const std::string& why)
{
    std::vector<Finding> out;
    // Planes on auto (0) leave the choice to the plan: its note says what it chose, no warning.
    if (design.planes != 0 && (design.planes != inUse.planes || design.railPlanes != inUse.railPlanes)) {
        Finding f;
        f.severity = Severity::Warning;
        f.rule = "design.override-planes";
        f.where = "fabric planes";
        f.message = "the design says " + planesText(design.planes, design.railPlanes) + "; the plan uses " +
                    planesText(inUse.planes, inUse.railPlanes) + ": " + why;
        f.fix = "set planes to " + std::to_string(inUse.planes) + (inUse.railPlanes ? " with rail planes" : "") +
                " in the design to plan it so on purpose (this warning then goes), or choose switches with more "
                "ports at the link speed";
        out.push_back(std::move(f));
    }
    if (designGbps > 0 && inUse.linkGbps != designGbps) {
        Finding f;
        f.severity = Severity::Warning;
        f.rule = "design.override-link-speed";
        f.where = "link speed";
        const std::string said = design.linkGbps > 0 ? "the design says " + std::to_string(designGbps) + " Gb/s links"
                                                     : "the design runs links at the NIC's " + std::to_string(designGbps) + " Gb/s";
        f.message = said + "; the plan runs " +
                    std::to_string(inUse.linkGbps) + " Gb/s links in " + planesText(inUse.planes, inUse.railPlanes) +
                    " (the same bandwidth per GPU): " + why;
        f.fix = "set the link speed to " + std::to_string(inUse.linkGbps) + " Gb/s and planes to " +
                std::to_string(inUse.planes) + " in the design, or choose switches with more ports at " +
                std::to_string(designGbps) + " Gb/s";
        out.push_back(std::move(f));
    }
    return out;
}

void addBySeverity(std::vector<Finding>& findings, const std::vector<Finding>& added)
{
    for (const Finding& f : added) {
        const auto at = std::find_if(findings.begin(), findings.end(),
                                     [&](const Finding& g) { return int(g.severity) > int(f.severity); });
        findings.insert(at, f);
    }
}

} // namespace fp::plan
