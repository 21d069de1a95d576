#pragma once
// The Pareto (non-dominated) front of a set of designs (issue 41): the designs no other design beats on
// every chosen figure at once. An architect weighing capex against bus bandwidth only needs to look at
// these; every other design is worse on one figure and no better on the rest than some design here.
// Plain functions of numbers: the sweep (app/cli) and the explorer pick which figures and rows.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace fp::pareto {

enum class Goal { Minimise, Maximise };

// `a` dominates `b`: at least as good on every figure and strictly better on one. Both have one figure
// per goal.
bool dominates(const std::vector<double>& a, const std::vector<double>& b, const std::vector<Goal>& goals);

// Indices (ascending) of the rows on the front. A row that is not buildable (buildable[i] false: it could
// not be planned or its plan has design-rule errors) or that has a figure that is not finite is never on
// the front and never pushes another row off it: a design that cannot be built is no trade-off.
// Rows with equal figures do not dominate each other: all are on the front, or none.
// Every row has goals.size() figures; buildable is empty (all buildable) or one per row. Else
// std::invalid_argument. O(n log n + n x front size).
std::vector<std::size_t> front(const std::vector<std::vector<double>>& rows, const std::vector<Goal>& goals,
                               const std::vector<bool>& buildable = {});

// The figures a sweep or the explorer can weigh, by the names `sweep --pareto` takes.
// Total*: the cluster's, every network of the design summed (the others are the compute fabric's).
enum class Figure { Capex, Tco, Power, Busbw, Interruptions, Switches, Optics, TotalCapex, TotalPower };

struct FigureInfo {
    Figure figure;
    const char* name;    // as `--pareto` takes it: "capex"
    const char* column;  // the sweep's CSV column it reads: "capex_usd"
    const char* label;   // for a chart axis: "Capex (USD)"
    Goal goal;
};

// Every figure, in the order above.
const std::vector<FigureInfo>& figures();
const FigureInfo& infoOf(Figure);
std::optional<Figure> figureNamed(const std::string& name);
// "capex,busbw,power" as figures, in order. An empty list, an unknown name (the message lists the
// known ones) or a name given twice: std::invalid_argument with a message for the user.
std::vector<Figure> parseFigures(const std::string& list);
// Dollars (the sweep writes them to the cent and compares them so).
bool isMoney(Figure);
// A figure's value as people read it, by the shared rules (common/format.h) the plan's summary prints it
// with: money "$3.58 M", counts "2,048", power "11,144.3" (kW), bus bandwidth "373.0" (GB/s),
// interruptions "0.037" (a day). The Explorer's tooltips and its PDF table both print figures so.
std::string figureText(Figure, double value);
// The default trade-off: capex against allreduce bus bandwidth.
std::vector<Figure> defaultFigures();
std::vector<Goal> goalsOf(const std::vector<Figure>&);

} // namespace fp::pareto
