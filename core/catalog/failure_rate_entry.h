#pragma once
// One row of the catalog's failure_rates table: the annualised failure rate (AFR) of a part class, with
// its source or flagged as an estimate. The estimate stage turns these into its FailureRates
// (estimate/failure_rates.h); sources of the bundled rows: data/catalog/failure_rates.csv and
// core/estimate/README.md ("Resilience").
#include <array>
#include <string>
#include <string_view>

namespace fp {

struct FailureRateEntry {
    std::string partClass;          // one of kFailureRateClasses
    double afrPct = 0;              // failure events per 100 installed parts per year, 0 <= AFR < 100
    double replacementShare = 1.0;  // share of those events that consume a spare (0..1)
    bool estimated = true;          // no published figure behind afrPct
    std::string source;             // where afrPct comes from, or why it is an estimate
    bool userEdited = false;        // set by the user (kept across catalog upgrades)
};

// The part classes the catalog holds a rate for; the same keys as estimate's toString(PartClass) and the
// CHECK of the failure_rates table (catalog_schema.cpp).
inline constexpr std::array<std::string_view, 8> kFailureRateClasses = {
    "transceiver_multimode", "transceiver_singlemode", "aoc", "acc", "dac", "fibre", "switch", "nic"};

inline bool isFailureRateClass(std::string_view c)
{
    for (std::string_view k : kFailureRateClasses)
        if (k == c) return true;
    return false;
}

} // namespace fp
