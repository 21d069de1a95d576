#pragma once
// Lower bounds of what a candidate costs to own, known before it is planned: the comparison skips a
// candidate whose bounds (switches, NICs, their energy over the horizon) already exceed the tolerance
// ceiling of its fabric's error-free plans (plan/ranking.h).
#include "catalog/catalog.h"
#include "spec/cluster_spec.h"

namespace fp::plan {

// Every NIC port takes a leaf port; from two tiers on each leaf uplink takes a spine port (at least
// leaf UP/DOWN per NIC port), from three tiers each spine uplink a core port. Switches = ports / radix,
// per plane, at the fewest tiers the radix allows, times the switch's catalog price under the spec's
// price policy. 0 when the switch is generic, unknown, unpriced or has no port at the link speed.
// Never more than the plan's switch capex (tests/core/test_compare.cpp holds it to that).
double switchCostLowerBoundUsd(const ClusterSpec& candidate, const Catalog&);

// What the network energy of the candidate's plan costs over the horizon at least (plan/ranking.h
// energyUsdOver): switchCostLowerBoundUsd's switches at their power (none where it has no bound) and every
// NIC at its power, as estimate::opexOf counts them; optics, cables and fibre add to it. Never more than the
// plan's energy over the horizon (tests/core/test_tco_ranking.cpp holds it to that).
double energyLowerBoundUsd(const ClusterSpec& candidate, const Catalog&);

// What its NICs cost, as bom::collect counts them (nodes x NICs per node at the NIC's price; 0 when the
// capex leaves NICs out or the NIC is unknown or unpriced). Candidates of one round may differ in NIC.
double nicCostUsd(const ClusterSpec& candidate, const Catalog&);

} // namespace fp::plan
