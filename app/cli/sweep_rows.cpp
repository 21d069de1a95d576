#include "sweep_rows.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ostream>

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "io/name_safety.h"

namespace fp::cli {
namespace {

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

// One figure of a planned row, as a column of the CSV and a key of the JSON line.
struct Cell {
    enum class Kind { Text, Count, Money, Number } kind;
    std::string text;
    long long count = 0;
    double value = 0;
};
Cell textCell(const std::string& s) { return {Cell::Kind::Text, s}; }
Cell countCell(long long n) { return {Cell::Kind::Count, {}, n}; }
Cell moneyCell(double usd) { return {Cell::Kind::Money, {}, 0, usd}; }
Cell numberCell(double v) { return {Cell::Kind::Number, {}, 0, v}; }

// A planned row's figures in column order, after status and message. The CSV header, the CSV line and the
// JSON line are all written from this one list, so their columns cannot drift apart.
struct Column {
    const char* name;
    Cell (*of)(const SweepRow&);
};
const Column kColumns[] = {
    {"fabric", [](const SweepRow& r) { return textCell(r.fabric); }},
    {"switch", [](const SweepRow& r) { return textCell(r.switchModel); }},
    {"nic", [](const SweepRow& r) { return textCell(r.nicModel); }},
    {"gpus", [](const SweepRow& r) { return countCell(r.gpus); }},
    {"link_gbps", [](const SweepRow& r) { return countCell(r.linkGbps); }},
    {"tiers", [](const SweepRow& r) { return countCell(r.tiers); }},
    {"switches", [](const SweepRow& r) { return countCell(r.switches); }},
    {"links", [](const SweepRow& r) { return countCell(r.links); }},
    {"capex_usd", [](const SweepRow& r) { return moneyCell(r.capexUsd); }},
    {"capex_per_gpu_usd", [](const SweepRow& r) { return moneyCell(r.capexPerGpuUsd); }},
    {"power_kw", [](const SweepRow& r) { return numberCell(r.powerKw); }},
    {"tco_usd", [](const SweepRow& r) { return moneyCell(r.tcoUsd); }},
    {"latency_max_ns", [](const SweepRow& r) { return numberCell(r.latencyMaxNs); }},
    {"allreduce_busbw_GBps", [](const SweepRow& r) { return numberCell(r.allreduceBusbwGBps); }},
    {"errors", [](const SweepRow& r) { return countCell(r.errors); }},
    {"warnings", [](const SweepRow& r) { return countCell(r.warnings); }},
    {"transceivers", [](const SweepRow& r) { return countCell(r.transceivers); }},
    {"job_interruptions_per_day", [](const SweepRow& r) { return numberCell(r.jobInterruptionsPerDay); }},
    {"fabric_gbps", [](const SweepRow& r) { return countCell(r.fabricGbps); }},
    // The cluster's: every network of the design summed, as `plan` totals them (plan --json: total).
    {"networks", [](const SweepRow& r) { return countCell(r.networks); }},
    {"total_switches", [](const SweepRow& r) { return countCell(r.total.switches); }},
    {"total_transceivers", [](const SweepRow& r) { return countCell(r.total.transceivers); }},
    {"total_cables", [](const SweepRow& r) { return countCell(r.total.cables); }},
    {"total_capex_usd", [](const SweepRow& r) { return moneyCell(r.total.capexUsd); }},
    {"total_power_kw", [](const SweepRow& r) { return numberCell(r.totalPowerKw()); }},
    {"total_power_max_kw", [](const SweepRow& r) { return numberCell(r.totalPowerMaxKw()); }},
    {"total_errors", [](const SweepRow& r) { return countCell(r.total.errors); }},
    {"total_warnings", [](const SweepRow& r) { return countCell(r.total.warnings); }},
};

std::string csvCell(const Cell& c)
{
    switch (c.kind) {
    case Cell::Kind::Text: return csvField(c.text);
    case Cell::Kind::Count: return std::to_string(c.count);
    case Cell::Kind::Money: return money(c.value);
    case Cell::Kind::Number: return number(c.value);
    }
    return {};
}

// Money as the plan JSON has it (the same double, exact); figures as numbers, never rounded.
nlohmann::json jsonValue(const Cell& c)
{
    switch (c.kind) {
    case Cell::Kind::Text: return c.text;
    case Cell::Kind::Count: return c.count;
    case Cell::Kind::Money:
    case Cell::Kind::Number: return c.value;
    }
    return nullptr;
}

// The column a Pareto figure reads (pareto::FigureInfo::column): its value is the one the CSV writes there.
const Column& columnOf(pareto::Figure f)
{
    const char* name = pareto::infoOf(f).column;
    for (const Column& c : kColumns)
        if (std::strcmp(c.name, name) == 0) return c;
    throw std::logic_error(std::string("sweep: no column ") + name + " for a Pareto figure");
}

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
    const Cell c = columnOf(f).of(r);
    return c.kind == Cell::Kind::Count ? double(c.count) : c.value;
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
        // Each figure as the CSV writes it (money to the cent): two rows the CSV shows at one price are
        // equally priced here too, so the front read back from the CSV is the front marked.
        for (pareto::Figure f : figures) values[i].push_back(std::strtod(csvCell(columnOf(f).of(rows[i])).c_str(), nullptr));
    }
    const auto front = pareto::front(values, pareto::goalsOf(figures), ok);
    for (auto& r : rows) r.onFront = false;
    for (std::size_t i : front) rows[i].onFront = true;
    return front.size();
}

std::string sweepCsvHeader(const std::vector<std::string>& keys, bool pareto)
{
    std::string line = "design";
    for (const auto& k : keys) line += "," + csvField(k);
    line += ",status,message";
    for (const Column& c : kColumns) line += std::string(",") + c.name;
    if (pareto) line += ",pareto";
    return line + "\n";
}

std::string sweepCsvLine(const SweepRow& r, const Variant& variant, const std::vector<std::string>& keys, bool pareto)
{
    std::string line = std::to_string(r.index + 1);
    for (const auto& k : keys) line += "," + csvField(valueOf(variant, k));
    line += "," + status(r) + "," + csvField(r.failure);
    for (const Column& c : kColumns) line += "," + (r.planned ? csvCell(c.of(r)) : std::string());
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
        for (const Column& c : kColumns) j[c.name] = jsonValue(c.of(r));
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
