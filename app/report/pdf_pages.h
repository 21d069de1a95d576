#pragma once
// The pages of the PDF report, one function each; pdf_report.cpp runs them in order.
#include "catalog/catalog.h"
#include "io/report_table.h"
#include "plan/cluster_plan.h"
#include "plan/plan.h"
#include "report/pdf_document.h"

namespace fp::report {

void writeSummaryPage(PdfDocument&, const Plan&);
void writeTopologyPage(PdfDocument&, const Plan&);
void writeBomPage(PdfDocument&, const Plan&);
void writeComparisonPage(PdfDocument&, const Comparison*);
void writeChecksPage(PdfDocument&, const Plan&);
void writeResiliencePage(PdfDocument&, const Plan&);  // pdf_resilience_page.cpp
void writeTuningPage(PdfDocument&, const Plan&);      // pdf_tuning_page.cpp
// Several networks: the totals table (each network, then their sum) and a section per network.
void writeNetworksPage(PdfDocument&, const ClusterPlan&);  // pdf_networks_page.cpp
// A table worked out by the caller (the Explorer's front), on a page of its own: pdf_table_page.cpp.
void writeTablePage(PdfDocument&, const io::ReportTable&);

// The sentence the report prints when any price in the plan is an estimate (empty when none is).
QString estimatedPricesNote(const Plan&);

} // namespace fp::report
