// The lean fabricplan-cli links no Qt: a command that asks for a drawn output (PDF, PNG, SVG) is handed
// whole to fabricplan-cli-report before it starts (report_helper.h), so these are never reached there.
#include <stdexcept>

#include "report_output.h"

namespace fp::cli {

void writeReportOutput(const std::string& kind, const Plan&, const Catalog&, const Comparison*, const std::string&,
                       const ClusterPlan*)
{
    throw std::logic_error("report output \"" + kind + "\" reached the lean CLI; it should have gone to fabricplan-cli-report");
}

bool isReportOutput(const std::string&) { return false; }

std::vector<const io::Exporter*> reportExporters() { return {}; }

void shutdownReportOutput() {}

} // namespace fp::cli
