#pragma once
// Field-level validation of a ClusterSpec, before any planning: every problem names its field (the
// same JSON path the design file uses) and says how to fix it.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "spec/cluster_spec.h"

namespace fp {

struct SpecProblem {
    std::string field;    // JSON path, e.g. "/compute/gpus"
    std::string message;  // what is wrong, with the value
    std::string fix;
};

// Hard limits that keep a typo from becoming an allocation failure or a hang.
constexpr int kMaxGpus = 4'000'000;
constexpr int kMaxGpusPerNode = 72;
constexpr int kMaxNicsPerNode = 16;
constexpr int kMaxPlanes = 8;
constexpr int kMaxRadix = 4096;
constexpr int kMaxNameLength = 256;       // characters (bytes) of the design name

// Every decimal field of a design has a finite range: a huge but finite value (1e308) would otherwise
// overflow to inf or NaN in lengths and costs. The bounds are the design fields' (design_fields.h);
// data/schema/fabricplan-design.schema.json states the same bounds (test_hostile_design compares them).
struct NumberLimit {
    const char* field;   // JSON path
    const char* what;    // "Row pitch"
    double min;
    double max;
    bool minExclusive;   // true: the value must be greater than min
    const char* unit;    // "m", "kW", "$/h", "" ...
};
const std::vector<NumberLimit>& numberLimits();

std::vector<SpecProblem> validateSpec(const ClusterSpec&);

// The catalog's switches, for checking the switch names a design types (the spec layer sits below the
// catalog, so the caller supplies them; app/cli validate builds it with catalog/part_lookup.h).
struct SwitchNames {
    // Part numbers a typed name matches by the catalog's rules (OPN, model name, unique substring, any
    // case): one = known, several = ambiguous, none = unknown.
    std::function<std::vector<std::string>(const std::string& typed)> match;
    // Every switch: part number and model name, for "did you mean".
    std::vector<std::pair<std::string, std::string>> known;
};
// validateSpec, plus the fabric's switch (/fabric/switch) and each tier's own switch
// (/fabric/switches/leaf, /spine, /core): unknown (with the nearest names: "did you mean") or ambiguous
// (listing the matches).
std::vector<SpecProblem> validateSpec(const ClusterSpec&, const SwitchNames&);
// Throws UserError for the first problem.
void requireValid(const ClusterSpec&);

} // namespace fp
