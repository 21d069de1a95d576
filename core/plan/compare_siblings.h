#pragma once
// Sibling switches: catalog switches that plan alike, so the comparison plans one and prices the others.
// Two switches are siblings when every field the pipeline reads to build, place, cable and count a fabric
// is the same (ports, cages, breakouts, rack units, ASIC, protocol, latency, ...) and every transceiver
// and cable is qualified on both or on neither. Their plans then have the same fabric, layout, media
// and BOM quantities; only the switch lines' prices and power differ (and the rack power, which moves
// findings, never the BOM). tests/core/test_compare_exhaustive.cpp holds the re-priced capex to the real plan's.
#include "catalog/catalog.h"
#include "estimate/estimates.h"
#include "plan/plan.h"

namespace fp::plan {

bool plansAlike(const SwitchModel& a, const SwitchModel& b, const Catalog&);

// The capex `plan` would have with every one of its switches (one model on every tier) replaced by
// `sibling`: its BOM re-priced, summed as the BOM stage sums it.
Capex capexWithSwitch(const Plan& plan, const SwitchModel& sibling, const Catalog&);

// The capex and the network energy over the horizon (plan/ranking.h) `plan` would have with `sibling`
// on every tier: its BOM re-priced and re-powered (the switch lines at the sibling's power), then summed
// as the BOM and estimate stages sum them. Reads the plan's fabric (node and NIC counts).
struct SiblingFigures {
    Capex capex;
    double energyUsd = 0;
};
SiblingFigures figuresWithSwitch(const Plan& plan, const SwitchModel& sibling, const Catalog&);

} // namespace fp::plan
