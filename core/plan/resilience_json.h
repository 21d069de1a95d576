#pragma once
// The plan JSON's "resilience" object (data/schema/fabricplan-plan.schema.json, $defs/resilience).
#include <nlohmann/json.hpp>

#include "estimate/failure_ranges.h"
#include "estimate/resilience.h"

namespace fp {
// `ranges`: failureRangeReport of the same plan (job-stopping rates low / central / high, throughput kept).
nlohmann::json resilienceToJson(const Resilience&, const FailureRangeReport& ranges);
// What any network has ($defs/part_failures: networks[].part_failures): expected failures per part class and
// spares, the keys resilienceToJson writes for them too.
nlohmann::json partFailuresToJson(const Resilience&);
} // namespace fp
