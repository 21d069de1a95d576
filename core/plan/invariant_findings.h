#pragma once
// The invariant checks written plainly (rules in plan/invariants.h): each walks the plan its own way and
// reports every broken invariant with its message, in a fixed order. checks::invariants runs the ports,
// cage and cable-plan ones only when the proofs in plan/invariant_proofs.h cannot show that they would
// report nothing; the tests compare the two ways on broken plans.
#include <cstdint>
#include <string>
#include <vector>

#include "bom/cable_groups.h"
#include "common/finding.h"

namespace fp {
struct Plan;
namespace checks::findings {
// The part a link puts into the cage at one end: its module there, or (assemblies) its cable.
const std::string& partAt(const LinkSolution&, bool upper);

// cageOfEnd: the cage of each link end as checks::freshEndCages computes it (cageOfEnd(2i + side)).
// False, with an error, when a link end falls past the last cage the index numbers (a port beyond its
// device's cages, or a fabric changed after the cages were numbered): the per-cage checks below index
// by cage and must then be left out.
bool endsWithinCages(const Fabric&, const CageIndex&, const EndCages& cageOfEnd,
                     std::vector<Finding>& out);
void portsUsedOnce(const Fabric&, std::vector<Finding>& out);
void oneKindPerCage(const Plan&, const CageIndex&, const EndCages& cageOfEnd,
                    std::vector<Finding>& out);
void cagesWithinHardware(const Plan&, const CageIndex&, std::vector<Finding>& out);
void bomIsTheCablePlan(const Plan&, const CageIndex&, const bom::CableGroups&,
                       const EndCages& cageOfEnd, std::vector<Finding>& out);
void dualTorPairs(const Fabric&, std::vector<Finding>& out);
void straightCablesJoinTwoCages(const Plan&, const bom::CableGroups&, const EndCages& cageOfEnd,
                                std::vector<Finding>& out);
} // namespace checks::findings
} // namespace fp
