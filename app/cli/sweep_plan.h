#pragma once
// One sweep design planned into its row: the base design and keys with the design's own keys after
// them, through planRequest (design_input.h), the very path `plan` takes. Shared by `fabricplan-cli
// sweep` and the window's Explorer tab (app/gui/explorer_view.h), so a variant's figures are the same
// wherever it is planned. Plain C++ (no Qt).
#include <functional>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "design_keys.h"
#include "spec/cluster_spec.h"
#include "sweep_input.h"
#include "sweep_rows.h"

namespace fp::cli {

// Keys of a base design read from a file and given no flags (a design's own parts are kept when a
// fabric is varied, as `plan FILE --fabric X` keeps them): the window's current design as a base.
DesignKeys designFileKeys();

// Design `d` at position `index`, planned over `base` and `baseKeys`. Never throws for the design's
// own faults: a bad key or value, a design that cannot be planned, or running out of memory fails the
// row, with `at` ("FILE:LINE: ") before its message. `note` receives fitFabricDefaults' note (may be
// null). `cancelled`, polled between planning stages, abandons the plan (plan.h: PlanCancelled).
SweepRow planSweepRow(std::size_t index, const SweepDesign& d, const ClusterSpec& base, const DesignKeys& baseKeys,
                      const Catalog&, const std::string& at = {}, std::string* note = nullptr,
                      const std::function<bool()>& cancelled = {});

struct SweepRowsOptions {
    std::function<std::string(std::size_t)> at;  // "FILE:LINE: " before design i's failure (none: "")
    std::vector<std::string>* notes = nullptr;   // receives each design's fitFabricDefaults note
    std::function<bool()> cancelled;             // polled between planning stages (then PlanCancelled)
    std::function<void()> rowDone;               // called once per row, from the worker that finished it
};
// Every design planned into its row on the worker pool (plan/parallel.h): rows[i] is exactly
// planSweepRow(i, designs[i], ...). Designs that build one floor (plan::sameFloor: they differ only in
// switches of one shape, NIC or fabric kind, as a sweep over switch models of one radix does) are planned
// on that floor, built once, with the memo of what their plans share, as the comparison plans its
// candidates (plan_stages.h). Throws PlanCancelled once `cancelled` says so (rows then incomplete).
void planSweepRows(const std::vector<SweepDesign>& designs, const ClusterSpec& base, const DesignKeys& baseKeys,
                   const Catalog&, std::vector<SweepRow>& rows, const SweepRowsOptions& = {});

// The design `variant` stands for, as planned (parts fitted), to open as a design of its own.
// UsageError or UserError as planRequest throws them.
ClusterSpec sweepVariantSpec(const Variant& variant, const ClusterSpec& base, const DesignKeys& baseKeys, const Catalog&);

} // namespace fp::cli
