#pragma once
// A design-rule finding: severity, a stable rule id (documented in core/checks/README.md), where,
// what is wrong and how to fix it. In common (not checks) because every stage from media on reports
// findings, and media sits below checks.
#include <cstdint>
#include <string>

namespace fp {

enum class Severity { Error, Warning, Info };
const char* toString(Severity);  // "error", "warning", "info"

struct Finding {
    Severity severity = Severity::Info;
    std::string rule;      // e.g. "media.reach", "media.loss-budget", "topology.ports-exhausted"
    std::string message;   // what is wrong, with the numbers
    std::string where;     // device or link class, e.g. "leaf_spine links (512)", "leaf-su1-r3"
    std::string fix;       // how to fix it
    std::int64_t link = -1;   // a representative link index, or -1
    std::int64_t device = -1; // a representative device index, or -1
};

} // namespace fp
