#include "io/export_support.h"

#include "plan/cluster_plan.h"

#include <algorithm>
#include <cstdio>

namespace fp::io {

ProgressTicker::ProgressTicker(const ExportContext& ctx, double from, double to, std::size_t totalSteps)
    : ctx_(ctx), from_(from), to_(to), total_(std::max<std::size_t>(totalSteps, 1)),
      stride_(std::max<std::size_t>(total_ / 200, 1))  // ~200 callbacks per span at most
{
}

void ProgressTicker::step()
{
    ++done_;
    if (done_ % stride_ == 0) report(double(done_) / double(total_));
}

void ProgressTicker::report(double fraction)
{
    reportProgress(ctx_, from_ + (to_ - from_) * std::clamp(fraction, 0.0, 1.0));
}

const ClusterPlan* severalNetworks(const ExportContext& ctx)
{
    return ctx.cluster && ctx.cluster->networks.size() > 1 ? ctx.cluster : nullptr;
}

void reportProgress(const ExportContext& ctx, double fraction)
{
    if (ctx.progress && !ctx.progress(std::clamp(fraction, 0.0, 1.0))) throw ExportCancelled{};
}

std::string csvField(std::string_view s)
{
    if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
    std::string out;
    out.reserve(s.size() + 2);
    out += '"';
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
    return out;
}

void writeCsvRecord(std::ostream& out, const std::vector<std::string>& fields)
{
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i) out << ',';
        out << csvField(fields[i]);
    }
    out << "\r\n";
}

std::string formatNumber(double value, int maxDecimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", maxDecimals, value);
    std::string s(buf);
    if (s.find('.') != std::string::npos) {
        while (!s.empty() && s.back() == '0') s.pop_back();
        if (!s.empty() && s.back() == '.') s.pop_back();
    }
    if (s == "-0") s = "0";
    return s;
}

std::string cableId(std::size_t index)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "C%06zu", index);
    return buf;
}
void streamCables(const ExportContext& ctx, double from, double to,
                  const std::function<void(const CableRow&)>& row)
{
    const Plan& plan = ctx.plan;
    ProgressTicker tick(ctx, from, to, bom::cableCount(plan.fabric, plan.media));
    bool cancelled = false;
    // The cancel is carried out of the callback as a value, so bom's loop never unwinds mid-row.
    bom::forEachCable(plan.fabric, plan.layout, plan.media, [&](const CableRow& c) {
        row(c);
        try {
            tick.step();
        } catch (const ExportCancelled&) {
            cancelled = true;
            return false;
        }
        return true;
    });
    if (cancelled) throw ExportCancelled{};
}
} // namespace fp::io
