#include "sweep_rows.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ostream>

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "io/name_safety.h"

namespace fp::cli {
namespace {

const char* const kFigures[] = {"status", "message", "fabric", "switch", "nic", "gpus", "link_gbps", "tiers",
                                "switches", "links", "capex_usd", "capex_per_gpu_usd", "power_kw", "tco_usd",
                                "latency_max_ns", "allreduce_busbw_GBps", "errors", "warnings", "transceivers",
                                "job_interruptions_per_day", "fabric_gbps", "networks", "total_switches",
                                "total_transceivers", "total_cables", "total_capex_usd", "total_power_kw",
                                "total_power_max_kw", "total_errors", "total_warnings"};

// A text cell by the BOM CSV's rule (io::spreadsheetCell: control characters as \xNN, then neutralised
// where a spreadsheet would evaluate it), then quoted (RFC 4180) where it holds a comma or a quote.
std::string csvField(const std::string& s)
{
    const std::string safe = io::spreadsheetCell(s);
    if (safe.find_first_of(",\"\n\r") == std::string::npos) return safe;
    std::string q = "\"";
    for (char c : safe) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

// Money to the cent, in fixed notation: %g wrote $13,858,412,345 as 1.38584e+10 ($22 k off).
std::string money(double usd)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.2f", usd);
    return buf;
}

// Any other figure: the shortest fixed notation that reads back as the same double.
std::string number(double v)
{
    if (!std::isfinite(v)) return "";  // plan_figures.h refuses such plans; never write "nan" into a cell
    char buf[400];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
    return r.ec == std::errc() ? std::string(buf, r.ptr) : money(v);
}

// As `plan` exits: any network's design-rule errors make the design's status "errors".
std::string status(const SweepRow& r) { return !r.planned ? "failed" : r.total.errors > 0 ? "errors" : "ok"; }

std::string valueOf(const Variant& variant, const std::string& key)
{
    std::string v;
    for (const auto& [k, value] : variant)
        if (k == key) v = value;
    return v;
}

} // namespace

SweepRow sweepRow(std::size_t index, const Plan& p, const NetworkFigures& total, int networks)
{
    SweepRow r;
    r.index = index;
    r.planned = true;
    r.fabric = toString(p.spec.fabric);
    r.switchModel = p.hardware.switchesText(p.fabric.shape.tiers);
    r.nicModel = p.hardware.nic.partNumber;
    r.gpus = p.spec.gpus;
    r.tiers = p.fabric.shape.tiers;
    r.linkGbps = p.fabric.shape.linkGbps;
    r.fabricGbps = p.fabric.shape.fabricSpeed();
    r.errors = p.errorCount();
    r.warnings = p.warningCount();
    r.switches = p.fabric.switchCount();
    r.links = static_cast<long long>(p.fabric.links.size());
    const Estimates& e = p.estimates;
    r.capexUsd = e.capex.totalUsd;
    r.capexPerGpuUsd = e.capex.perGpuUsd;
    r.powerKw = e.opex.powerKw;
    r.tcoUsd = e.tcoUsd;
    r.latencyMaxNs = e.performance.latencyMaxNs;
    r.allreduceBusbwGBps = e.performance.allreduceBusbwGBps;
    for (const BomLine& l : p.bom.lines)
        if (l.category == BomCategory::Transceivers) r.transceivers += l.qty;
    r.jobInterruptionsPerDay = p.resilience.jobInterruptionsPerDay;
    r.networks = networks;
    r.total = total;
    return r;
}

SweepRow failedSweepRow(std::size_t index, RowFailure kind, const std::string& why)
{
    SweepRow r;
    r.index = index;
    r.failureKind = kind;
    r.failure = why;
    return r;
}

bool buildable(const SweepRow& r) { return r.planned && r.total.errors == 0; }

double figureOf(const SweepRow& r, pareto::Figure f)
{
    switch (f) {
    case pareto::Figure::Capex: return r.capexUsd;
    case pareto::Figure::Tco: return r.tcoUsd;
    case pareto::Figure::Power: return r.powerKw;
    case pareto::Figure::Busbw: return r.allreduceBusbwGBps;
    case pareto::Figure::Interruptions: return r.jobInterruptionsPerDay;
    case pareto::Figure::Switches: return double(r.switches);
    case pareto::Figure::Optics: return double(r.transceivers);
    case pareto::Figure::TotalCapex: return r.total.capexUsd;
    case pareto::Figure::TotalPower: return r.totalPowerKw();
    }
    return 0;
}

std::size_t markParetoFront(std::vector<SweepRow>& rows, const std::vector<pareto::Figure>& figures,
                            const std::vector<bool>& eligible)
{
    if (!eligible.empty() && eligible.size() != rows.size())
        throw std::invalid_argument("markParetoFront: one eligible flag per row");
    std::vector<std::vector<double>> values(rows.size());
    std::vector<bool> ok(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ok[i] = buildable(rows[i]) && (eligible.empty() || eligible[i]);
        for (pareto::Figure f : figures) values[i].push_back(figureOf(rows[i], f));
    }
    // Money is compared as the CSV writes it, to the cent: two rows the CSV shows at one price are
    // equally priced here too, so the front read back from the CSV is the front marked.
    for (std::size_t k = 0; k < figures.size(); ++k)
        if (pareto::isMoney(figures[k]))
            for (auto& v : values) v[k] = std::strtod(money(v[k]).c_str(), nullptr);
    const auto front = pareto::front(values, pareto::goalsOf(figures), ok);
    for (auto& r : rows) r.onFront = false;
    for (std::size_t i : front) rows[i].onFront = true;
    return front.size();
}

std::string sweepCsvHeader(const std::vector<std::string>& keys, bool pareto)
{
    std::string line = "design";
    for (const auto& k : keys) line += "," + csvField(k);
    for (const char* f : kFigures) line += std::string(",") + f;
    if (pareto) line += ",pareto";
    return line + "\n";
}

std::string sweepCsvLine(const SweepRow& r, const Variant& variant, const std::vector<std::string>& keys, bool pareto)
{
    std::string line = std::to_string(r.index + 1);
    for (const auto& k : keys) line += "," + csvField(valueOf(variant, k));
    line += "," + status(r) + "," + csvField(r.failure);
    if (r.planned) {
        line += "," + csvField(r.fabric) + "," + csvField(r.switchModel) + "," + csvField(r.nicModel) + "," +
                std::to_string(r.gpus) + "," + std::to_string(r.linkGbps) + "," + std::to_string(r.tiers) + "," +
                std::to_string(r.switches) + "," + std::to_string(r.links) + "," + money(r.capexUsd) + "," +
                money(r.capexPerGpuUsd) + "," + number(r.powerKw) + "," + money(r.tcoUsd) + "," +
                number(r.latencyMaxNs) + "," + number(r.allreduceBusbwGBps) + "," + std::to_string(r.errors) + "," +
                std::to_string(r.warnings) + "," + std::to_string(r.transceivers) + "," + number(r.jobInterruptionsPerDay) + "," +
                std::to_string(r.fabricGbps) + "," + std::to_string(r.networks) + "," + std::to_string(r.total.switches) +
                "," + std::to_string(r.total.transceivers) + "," + std::to_string(r.total.cables) + "," +
                money(r.total.capexUsd) + "," + number(r.totalPowerKw()) + "," + number(r.totalPowerMaxKw()) +
                "," + std::to_string(r.total.errors) + "," + std::to_string(r.total.warnings);
    } else {
        line += std::string(std::size(kFigures) - 2, ',');
    }
    if (pareto) line += r.onFront ? ",yes" : ",no";
    return line + "\n";
}

std::string sweepJsonLine(const SweepRow& r, const Variant& variant, bool pareto)
{
    nlohmann::json vary = nlohmann::json::object();
    for (const auto& [k, v] : variant) vary[k] = v;
    nlohmann::json j = {{"design", r.index + 1}, {"vary", vary}, {"status", status(r)}};
    if (r.line > 0) j["line"] = r.line;
    if (!r.planned) {
        j["message"] = r.failure;
    } else {
        // Money as the plan JSON has it (the same double, exact); figures as numbers, never rounded.
        j.update({{"fabric", r.fabric}, {"switch", r.switchModel}, {"nic", r.nicModel}, {"gpus", r.gpus},
                  {"link_gbps", r.linkGbps}, {"tiers", r.tiers}, {"switches", r.switches}, {"links", r.links},
                  {"capex_usd", r.capexUsd}, {"capex_per_gpu_usd", r.capexPerGpuUsd}, {"power_kw", r.powerKw},
                  {"tco_usd", r.tcoUsd}, {"latency_max_ns", r.latencyMaxNs},
                  {"allreduce_busbw_GBps", r.allreduceBusbwGBps}, {"errors", r.errors}, {"warnings", r.warnings},
                  {"transceivers", r.transceivers}, {"job_interruptions_per_day", r.jobInterruptionsPerDay},
                  {"fabric_gbps", r.fabricGbps}, {"networks", r.networks}, {"total_switches", r.total.switches},
                  {"total_transceivers", r.total.transceivers}, {"total_cables", r.total.cables},
                  {"total_capex_usd", r.total.capexUsd}, {"total_power_kw", r.totalPowerKw()},
                  {"total_power_max_kw", r.totalPowerMaxKw()}, {"total_errors", r.total.errors},
                  {"total_warnings", r.total.warnings}});
    }
    if (pareto) j["pareto"] = r.onFront;
    // A value from the command line need not be UTF-8: written with U+FFFD, not a thrown type_error.
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::vector<std::string> sweepKeys(const std::vector<Variant>& variants)
{
    std::vector<std::string> keys;
    for (const Variant& v : variants)
        for (const auto& kv : v)
            if (std::find(keys.begin(), keys.end(), kv.first) == keys.end()) keys.push_back(kv.first);
    return keys;
}

void writeSweepCsv(std::ostream& out, const std::vector<SweepRow>& rows, const std::vector<std::string>& keys,
                   const std::function<const Variant&(std::size_t index)>& variantOf, bool pareto)
{
    out << sweepCsvHeader(keys, pareto);
    for (const SweepRow& r : rows) out << sweepCsvLine(r, variantOf(r.index), keys, pareto);
}

} // namespace fp::cli
