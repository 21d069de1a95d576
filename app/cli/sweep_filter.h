#pragma once
// Limits a sweep's variants must meet to be weighed (the Explorer's filters, issue 41): a budget, a
// power ceiling and a bus-bandwidth floor. A variant outside them is left out of the Pareto front, as
// if it were not in the sweep (sweep_rows.h: markParetoFront's `eligible`). Plain C++ (no Qt).
#include <optional>
#include <vector>

#include "sweep_rows.h"

namespace fp::cli {

struct SweepFilter {
    std::optional<double> maxCapexUsd;    // capex at most this
    std::optional<double> maxPowerKw;     // network power at most this
    std::optional<double> minBusbwGBps;   // allreduce bus bandwidth at least this

    bool active() const { return maxCapexUsd || maxPowerKw || minBusbwGBps; }
    // A planned row within every limit set (limits inclusive). A row that was not planned has no
    // figures to meet a limit with: false while any limit is set.
    bool passes(const SweepRow&) const;
    // passes() for each row, in order.
    std::vector<bool> passing(const std::vector<SweepRow>&) const;
};

} // namespace fp::cli
