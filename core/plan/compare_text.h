#pragma once
// What the comparison did with each switch candidate of a fabric (plan.h: CompareCandidate), in words
// for people: the CLI's "Switches weighed" lines, the GUI's Compare tab, the workbook's Summary sheet
// and the PDF report say the same thing, so an architect who wonders why a fabric runs on one switch
// and not another reads the same answer in each.
#include <string>

#include "plan/plan.h"

namespace fp::plan {

// The outcome's word in the comparison JSON and workbook: "chosen", "planned", "more_expensive",
// "cannot_build", "no_part_fits".
const char* outcomeName(CompareCandidate::Outcome);

// The candidate's parts, e.g. "MQM9790-NS2F with MCX75310AAS-NEAT at 400G".
std::string candidateParts(const CompareCandidate&);

// What happened to it and why, its outcome first, e.g. "not planned: at least $9.10 M with its NICs and
// energy, beaten at $8.26 M capex + energy (2 % above the lowest)" or "planned, capex $6.99 M, $8.05 M
// with energy, within 2 % of the lowest, but the chosen plan has fewer tiers (2 against 3)". `chosen`:
// the fabric's chosen candidate (chosenCandidate), or nullptr.
std::string candidateVerdict(const CompareCandidate&, const CompareCandidate* chosen);

// The chosen candidate of `a`, or nullptr when none was chosen.
const CompareCandidate* chosenCandidate(const FabricAlternative& a);

} // namespace fp::plan
