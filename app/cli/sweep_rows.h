#pragma once
// The rows `fabricplan-cli sweep` writes: one per design, its varied values and headline figures, as
// CSV or as JSON lines. Plain functions of a Plan (or of the error that stopped it).
#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "plan/cluster_plan.h"
#include "plan/pareto.h"
#include "plan/plan.h"

namespace fp::cli {

// The values one design of a sweep overrides, as KEY (without dashes) and VALUE, in the order given.
using Variant = std::vector<std::pair<std::string, std::string>>;

// Why a design has no plan, worst last: the sweep's exit status follows the worst row.
enum class RowFailure {
    None,
    CannotPlan,  // the design cannot be planned as asked (or ran out of memory): exit 1, like design errors
    BadInput,    // a bad key, value or line, as `plan` refuses with exit 2: exit 2
    Internal,    // a bug: exit 3
};

// A row holds its figures only; the variant it echoes stays with the sweep's list of designs.
struct SweepRow {
    std::size_t index = 0;      // 0-based position in the sweep
    std::size_t line = 0;       // the --jsonl-in line (0: from --vary)
    bool planned = false;       // false: `failure` says why it could not be planned
    RowFailure failureKind = RowFailure::None;
    std::string failure;
    // Headline figures (planned only).
    std::string fabric, switchModel, nicModel;
    int gpus = 0, tiers = 0, linkGbps = 0, errors = 0, warnings = 0;
    int fabricGbps = 0;  // leaf-spine and spine-core links (= linkGbps with one speed)
    long long switches = 0, links = 0;
    double capexUsd = 0, capexPerGpuUsd = 0, powerKw = 0, tcoUsd = 0, latencyMaxNs = 0, allreduceBusbwGBps = 0;
    long long transceivers = 0;          // modules, as the BOM counts them (plan --json: bom, transceivers)
    double jobInterruptionsPerDay = 0;   // of a job on every GPU (plan --json: resilience)
    // The cluster: how many networks were planned (1: the compute fabric alone) and their sum, the
    // `total` `plan` prints and writes (plan --json: total). The figures above are the compute fabric's.
    int networks = 1;
    NetworkFigures total;
    double totalPowerKw() const { return total.powerKw(); }
    double totalPowerMaxKw() const { return total.powerMaxKw(); }
    // `sweep --pareto`: on the front of the figures asked for (plan/pareto.h). Written only then.
    bool onFront = false;
};

// Buildable: planned without design-rule errors in any network (as `plan` exits 0). Only such a row can
// be on a Pareto front.
bool buildable(const SweepRow&);
// The row's figure `f` (plan/pareto.h names them), as written in its column.
double figureOf(const SweepRow&, pareto::Figure f);
// Marks the rows on the front of `figures` (SweepRow::onFront); returns how many are. `eligible`, when
// not empty (one flag per row), leaves the rows it flags false off the front and out of the weighing,
// as if they were not in the sweep (the Explorer's filters).
std::size_t markParetoFront(std::vector<SweepRow>&, const std::vector<pareto::Figure>& figures,
                            const std::vector<bool>& eligible = {});

// The row of a compute plan and its cluster's total (clusterTotalOf; `networks` planned).
SweepRow sweepRow(std::size_t index, const Plan&, const NetworkFigures& total, int networks);
SweepRow failedSweepRow(std::size_t index, RowFailure, const std::string& why);

// CSV with a header naming `keys` (the union of every variant's keys) before the figures. Every text
// cell is passed through io::spreadsheetCell (control characters as \xNN, then a cell that starts like a
// formula neutralised); money is written in fixed notation to the cent, other figures in the shortest
// fixed notation that reads back as the same number.
// With `pareto`, a last column (CSV) or key (JSON) says whether the row is on the front: yes/no, true/false.
std::string sweepCsvHeader(const std::vector<std::string>& keys, bool pareto = false);
std::string sweepCsvLine(const SweepRow&, const Variant&, const std::vector<std::string>& keys, bool pareto = false);
std::string sweepJsonLine(const SweepRow&, const Variant&, bool pareto = false);

// Every key of `variants`, in order of first appearance: the CSV's key columns.
std::vector<std::string> sweepKeys(const std::vector<Variant>& variants);
// The CSV as `sweep` writes it: the header, then one line per row of `rows` in the order given, each
// echoing variantOf(row.index). The Explorer's export writes through this too.
void writeSweepCsv(std::ostream&, const std::vector<SweepRow>& rows, const std::vector<std::string>& keys,
                   const std::function<const Variant&(std::size_t index)>& variantOf, bool pareto);

} // namespace fp::cli
