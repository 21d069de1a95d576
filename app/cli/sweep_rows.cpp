#include "sweep_rows.h"

#include <cstdio>

#include <nlohmann/json.hpp>

namespace fp::cli {
namespace {

const char* const kFigures[] = {"status", "message", "fabric", "switch", "nic", "gpus", "link_gbps", "tiers",
                                "switches", "links", "capex_usd", "capex_per_gpu_usd", "power_kw", "tco_usd",
                                "latency_max_ns", "allreduce_busbw_GBps", "errors", "warnings"};

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string number(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string status(const SweepRow& r) { return !r.planned ? "failed" : r.errors > 0 ? "errors" : "ok"; }

} // namespace

SweepRow sweepRow(std::size_t index, const Variant& variant, const Plan& p)
{
    SweepRow r;
    r.index = index;
    r.variant = variant;
    r.planned = true;
    r.fabric = toString(p.spec.fabric);
    r.switchModel = p.hardware.switchesText(p.fabric.shape.tiers);
    r.nicModel = p.hardware.nic.partNumber;
    r.gpus = p.spec.gpus;
    r.tiers = p.fabric.shape.tiers;
    r.linkGbps = p.fabric.shape.linkGbps;
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
    return r;
}

SweepRow failedSweepRow(std::size_t index, const Variant& variant, const std::string& why)
{
    SweepRow r;
    r.index = index;
    r.variant = variant;
    r.failure = why;
    return r;
}

std::string sweepCsvHeader(const std::vector<std::string>& keys)
{
    std::string line = "design";
    for (const auto& k : keys) line += "," + csvField(k);
    for (const char* f : kFigures) line += std::string(",") + f;
    return line + "\n";
}

std::string sweepCsvLine(const SweepRow& r, const std::vector<std::string>& keys)
{
    std::string line = std::to_string(r.index + 1);
    for (const auto& k : keys) {
        std::string v;
        for (const auto& [key, value] : r.variant)
            if (key == k) v = value;
        line += "," + csvField(v);
    }
    line += "," + status(r) + "," + csvField(r.failure);
    if (r.planned) {
        line += "," + r.fabric + "," + csvField(r.switchModel) + "," + csvField(r.nicModel) + "," +
                std::to_string(r.gpus) + "," + std::to_string(r.linkGbps) + "," + std::to_string(r.tiers) + "," +
                std::to_string(r.switches) + "," + std::to_string(r.links) + "," + number(r.capexUsd) + "," +
                number(r.capexPerGpuUsd) + "," + number(r.powerKw) + "," + number(r.tcoUsd) + "," +
                number(r.latencyMaxNs) + "," + number(r.allreduceBusbwGBps) + "," + std::to_string(r.errors) + "," +
                std::to_string(r.warnings);
    } else {
        line += std::string(std::size(kFigures) - 2, ',');
    }
    return line + "\n";
}

std::string sweepJsonLine(const SweepRow& r)
{
    nlohmann::json vary = nlohmann::json::object();
    for (const auto& [k, v] : r.variant) vary[k] = v;
    nlohmann::json j = {{"design", r.index + 1}, {"vary", vary}, {"status", status(r)}};
    if (!r.planned) {
        j["message"] = r.failure;
    } else {
        j.update({{"fabric", r.fabric}, {"switch", r.switchModel}, {"nic", r.nicModel}, {"gpus", r.gpus},
                  {"link_gbps", r.linkGbps}, {"tiers", r.tiers}, {"switches", r.switches}, {"links", r.links},
                  {"capex_usd", r.capexUsd}, {"capex_per_gpu_usd", r.capexPerGpuUsd}, {"power_kw", r.powerKw},
                  {"tco_usd", r.tcoUsd}, {"latency_max_ns", r.latencyMaxNs},
                  {"allreduce_busbw_GBps", r.allreduceBusbwGBps}, {"errors", r.errors}, {"warnings", r.warnings}});
    }
    return j.dump() + "\n";
}

} // namespace fp::cli
