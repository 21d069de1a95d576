#pragma once
// The running costs of a planned fabric, apart from the other estimates: the comparison and the fabric
// defaults rank candidates by capex + energy (plan/ranking.h) before estimate::run, and must read the
// very energy figure the plan's TCO is built from.
#include "bom/bom.h"
#include "catalog/catalog.h"
#include "estimate/estimates.h"
#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp::estimate {

// Tuning (by fabric kind) and network power and energy: switches, optics, cables and fibre from the BOM,
// and every NIC (fabric nodes x NICs per node at the NIC's power, priced or not). estimate::run's opex.
// powerKw and the energy take switches at their typical power; powerMaxKw at their maximum.
Opex opexOf(const ClusterSpec&, const Fabric&, const Bom&, const NicModel&);

} // namespace fp::estimate
