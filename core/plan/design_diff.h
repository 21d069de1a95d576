#pragma once
// Saved designs side by side (issue 41): the headline figures of a design's plan, and how a second
// design's bill of materials differs from a baseline's, line by line. Plain functions of ClusterPlans,
// so the CLI's `diff` and the window's comparison show the same figures from the same code.
//
// Every figure is read where `plan`, `sweep` and the summary read it (the compute fabric's Plan:
// estimates, resilience, BOM; the design's other networks: their ClusterPlan total), never recomputed.
#include <string>
#include <vector>

#include "plan/cluster_plan.h"

namespace fp {

// One design's headline figures. The compute-fabric figures are those `sweep` writes for the design
// (cli/sweep_rows.cpp sweepRow) and `plan` prints; `all*` are the ClusterPlan total over every network,
// equal to the compute fabric's own when the design has no other network.
struct DesignFigures {
    std::string fabric;       // displayName(FabricKind)
    std::string switchModel;  // Hardware::switchesText: one model, or one per tier
    std::string nicModel;
    int gpus = 0, tiers = 0, linkGbps = 0, planes = 0;
    int halls = 1;  // the floor's halls (layout README "Halls", "Sites")
    int fabricGbps = 0;  // leaf-spine and spine-core links (= linkGbps with one speed)
    long long switches = 0;      // installed switches of the compute fabric (Fabric::switchCount)
    long long nics = 0;          // the BOM's NIC line quantities (built-in NICs included)
    long long transceivers = 0;  // modules, as the BOM counts them
    long long cables = 0;        // physical cables, the cable plan's rows
    double capexUsd = 0, capexPerGpuUsd = 0;
    double energyUsdPerYear = 0;  // the opex the plan models: network energy per year
    double tcoUsd = 0;
    int horizonYears = 0;         // of the TCO
    double powerKw = 0;           // network power, typical
    double allreduceBusbwGBps = 0;
    double jobInterruptionsPerDay = 0;
    int errors = 0, warnings = 0;
    // Every network of the design (ClusterPlan::total): the compute fabric's figures when it is alone.
    int networks = 1;
    long long allSwitches = 0;
    double allCapexUsd = 0, allPowerKw = 0;
};

DesignFigures designFigures(const ClusterPlan&);

// The figures as one table's rows, in the order every view shows them (CLI, workbook, window): so the
// three cannot list different figures or label them differently.
// Each number kind is printed as the plan's summary prints that figure (figureText): power as kW with one
// decimal ("92.3", not "92.32"), bus bandwidth to one decimal, interruptions per day to three.
enum class FigureKind { Text, Count, Usd, Kilowatts, OneDecimal, PerDay };
struct FigureCell {
    std::string label;  // "Capex (USD)"
    FigureKind kind = FigureKind::Text;
    std::string text;   // Text
    double value = 0;   // the others
};
std::vector<FigureCell> figureCells(const DesignFigures&);
// A cell's text (common/format.h's rules; Usd as "$3.58 M"): `diff` prints it and the window's comparison
// shows it (its money in whole dollars, where a few dollars' change must show).
std::string figureText(const FigureCell&);

// A BOM line's identity across two designs: the network it belongs to (the compute fabric is
// "compute", NetworkPlan::name), its category and its part number. Lines of one BOM with the same
// key (one optic used on two tiers) are taken together.
enum class BomChange { Added, Removed, Quantity, Price };
const char* toString(BomChange);  // "added", "removed", "quantity", "price"

struct BomDifference {
    std::string network;
    BomCategory category = BomCategory::Switches;
    std::string part, description;
    BomChange change = BomChange::Quantity;
    long long baselineQty = 0, otherQty = 0;
    double baselineUsd = 0, otherUsd = 0;  // extended: the lines' qty x unit price, summed
    long long qtyDelta() const { return otherQty - baselineQty; }
    double deltaUsd() const { return otherUsd - baselineUsd; }
};

// The lines whose quantity or cost differ between `baseline` and `other`, in the BOM's order: network
// (the baseline's order, then networks only `other` has), category, then the part's first appearance
// (the baseline's lines first). Unchanged lines are left out. A changed quantity is `Quantity` even
// when the cost changed with it; `Price` is the same quantity at another cost (another price source).
// The sum of deltaUsd() over the result is the difference of the two designs' total BOM cost.
std::vector<BomDifference> bomDifferences(const ClusterPlan& baseline, const ClusterPlan& other);

// Several designs against the first (the baseline): each one's figures and, for each after the first,
// its BOM differences from the baseline.
struct DesignComparison {
    std::vector<std::string> names;  // what the user calls each design (its file name), made unique
    std::vector<DesignFigures> figures;
    std::vector<double> bomTotalsUsd;  // bomTotalUsd of each
    std::vector<std::vector<BomDifference>> differences;  // [i]: design i against design 0 ([0] empty)
};
// `plans` and `names` are parallel; at least one plan.
DesignComparison compareDesigns(const std::vector<std::string>& names, const std::vector<const ClusterPlan*>& plans);

// The whole BOM's cost over every network: what bomDifferences' deltas add up to between two designs.
double bomTotalUsd(const ClusterPlan&);

} // namespace fp
