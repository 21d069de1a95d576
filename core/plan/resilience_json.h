#pragma once
// The plan JSON's "resilience" object (data/schema/fabricplan-plan.schema.json, $defs/resilience).
#include <nlohmann/json.hpp>

#include "estimate/resilience.h"

namespace fp {
nlohmann::json resilienceToJson(const Resilience&);
} // namespace fp
