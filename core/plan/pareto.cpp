#include "plan/pareto.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "common/format.h"

namespace fp::pareto {

bool dominates(const std::vector<double>& a, const std::vector<double>& b, const std::vector<Goal>& goals)
{
    bool better = false;
    for (std::size_t k = 0; k < goals.size(); ++k) {
        // As "smaller is better" on every figure.
        const double x = goals[k] == Goal::Minimise ? a[k] : -a[k];
        const double y = goals[k] == Goal::Minimise ? b[k] : -b[k];
        if (x > y) return false;
        if (x < y) better = true;
    }
    return better;
}

std::vector<std::size_t> front(const std::vector<std::vector<double>>& rows, const std::vector<Goal>& goals,
                               const std::vector<bool>& buildable)
{
    if (!buildable.empty() && buildable.size() != rows.size())
        throw std::invalid_argument("pareto::front: one buildable flag per row");
    std::vector<std::size_t> order;
    order.reserve(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].size() != goals.size()) throw std::invalid_argument("pareto::front: one figure per goal");
        if (!buildable.empty() && !buildable[i]) continue;
        if (std::all_of(rows[i].begin(), rows[i].end(), [](double v) { return std::isfinite(v); })) order.push_back(i);
    }
    // Lexicographic order, best first: a row that dominates another is at least as good on every
    // figure and differs, so it sorts strictly before it. One pass then suffices: a row is on the front
    // unless a front row already kept dominates it (whatever dominates it came earlier, and is on the
    // front or dominated by a front row, which then dominates this one too).
    auto key = [&](std::size_t i, std::size_t k) { return goals[k] == Goal::Minimise ? rows[i][k] : -rows[i][k]; };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        for (std::size_t k = 0; k < goals.size(); ++k)
            if (key(a, k) != key(b, k)) return key(a, k) < key(b, k);
        return false;
    });
    std::vector<std::size_t> kept;
    for (std::size_t i : order) {
        const bool beaten = std::any_of(kept.begin(), kept.end(), [&](std::size_t f) { return dominates(rows[f], rows[i], goals); });
        if (!beaten) kept.push_back(i);
    }
    std::sort(kept.begin(), kept.end());
    return kept;
}

const std::vector<FigureInfo>& figures()
{
    // Columns as `sweep` writes them (app/cli/sweep_rows.cpp); the figures are the plan's own (plan
    // --json: capex.total, tco_usd, network power, allreduce bus bandwidth, job interruptions per day of
    // a job on all GPUs, switches, transceivers as the BOM counts modules).
    static const std::vector<FigureInfo> all = {
        {Figure::Capex, "capex", "capex_usd", "Capex (USD)", Goal::Minimise},
        {Figure::Tco, "tco", "tco_usd", "TCO (USD)", Goal::Minimise},
        {Figure::Power, "power", "power_kw", "Network power (kW)", Goal::Minimise},
        {Figure::Busbw, "busbw", "allreduce_busbw_GBps", "Allreduce bus bandwidth (GB/s)", Goal::Maximise},
        {Figure::Interruptions, "interruptions", "job_interruptions_per_day", "Job interruptions per day", Goal::Minimise},
        {Figure::Switches, "switches", "switches", "Switches", Goal::Minimise},
        {Figure::Optics, "optics", "transceivers", "Optical transceivers", Goal::Minimise},
        // The cluster's: every network of the design summed (plan --json: total), as `plan` totals them.
        {Figure::TotalCapex, "total-capex", "total_capex_usd", "Capex, all networks (USD)", Goal::Minimise},
        {Figure::TotalPower, "total-power", "total_power_kw", "Power, all networks (kW)", Goal::Minimise},
    };
    return all;
}

const FigureInfo& infoOf(Figure f)
{
    for (const FigureInfo& i : figures())
        if (i.figure == f) return i;
    throw std::logic_error("pareto::infoOf: unknown figure");
}

std::optional<Figure> figureNamed(const std::string& name)
{
    for (const FigureInfo& i : figures())
        if (name == i.name) return i.figure;
    return std::nullopt;
}

std::vector<Figure> parseFigures(const std::string& list)
{
    std::string known;
    for (const FigureInfo& i : figures()) known += std::string(known.empty() ? "" : ", ") + i.name;
    std::vector<Figure> out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = list.find(',', start);
        const std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        const auto f = figureNamed(name);
        if (!f)
            throw std::invalid_argument(name.empty() ? "an empty figure name in \"" + list + "\"; give figures as e.g. capex,busbw (known: " + known + ")"
                                                     : "unknown figure \"" + name + "\" (known: " + known + ")");
        if (std::find(out.begin(), out.end(), *f) != out.end())
            throw std::invalid_argument("figure \"" + name + "\" is given twice; name each once");
        out.push_back(*f);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

bool isMoney(Figure f) { return f == Figure::Capex || f == Figure::Tco || f == Figure::TotalCapex; }

std::string figureText(Figure f, double value)
{
    switch (f) {
    case Figure::Capex:
    case Figure::Tco:
    case Figure::TotalCapex: return formatUsdShort(value);
    case Figure::Switches:
    case Figure::Optics: return withThousands(std::llround(value));
    case Figure::Power:
    case Figure::TotalPower: return formatKilowatts(value);
    case Figure::Busbw: return formatOneDecimal(value);
    case Figure::Interruptions: return formatPerDay(value);
    }
    return {};
}

std::vector<Figure> defaultFigures() { return {Figure::Capex, Figure::Busbw}; }

std::vector<Goal> goalsOf(const std::vector<Figure>& fs)
{
    std::vector<Goal> out;
    for (Figure f : fs) out.push_back(infoOf(f).goal);
    return out;
}

} // namespace fp::pareto
