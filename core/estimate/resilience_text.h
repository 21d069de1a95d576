#pragma once
// One-line and short-table wording of the resilience figures, shared by the CLI summary, the workbook
// and the PDF report so that they say the same thing.
#include <string>
#include <vector>

#include "estimate/resilience.h"

namespace fp {

// "3.06 failures/month (2.15 optics); 0.063 network interruptions/day (0.041-0.092) for a job on all 1,024 GPUs
// (one every 15.9 days); worst single failure: leaf cuts off 32 GPUs"
// "0.41 failures/month (0.30 optics)": the expected failures of every part class and of the optics among them.
std::string partFailuresSummary(const Resilience&);
// A network without jobs (Resilience::describesJobs false): "0.41 failures/month (0.30 optics); no compute job
// runs on this network, so failure domains and job interruptions are the compute fabric's".
std::string resilienceSummary(const Resilience&);
// "spares by 99 % service level: 24 parts (percentage rule: 130); reorder time 30 d assumed"
std::string sparesSummary(const Resilience&);
// The parts of several networks together, a cluster's: "4.65 failures/month (3.32 optics); spares by 99 %
// service level: 36 parts as each network sizes them, 31 pooled by part number (percentage rule: 151)". The
// sums of partFailuresSummary's and sparesSummary's figures, and resilience::pooledSpares.
std::string clusterPartsSummary(const std::vector<const Resilience*>&);
// The failure domain that cuts off the most GPUs (nullptr when none does).
const FailureDomain* worstDomain(const Resilience&);
// A failure domain's "bandwidth left" cell: "87.5 %" for the GPUs it slows (the worst of them), "0 % (cut off)"
// when it slows none but cuts some off, so a row that disconnects every GPU it touches says why it is 0.
std::string bandwidthLeftText(const FailureDomain&);
// A failure domain's "failures per year" cell: two decimals with thousands apart ("10.18", "81,446.40"), or
// where the row has no rate of its own (failure_ranges.h rowRate) what counts it: "in NIC port row" (the
// server link's rate covers its optics and cable), "no part rate" (a plane). The window, the PDF and the
// workbook print it alike.
std::string failuresPerYearText(const FailureDomain&);

} // namespace fp
