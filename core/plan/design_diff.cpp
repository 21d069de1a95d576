#include "plan/design_diff.h"

#include "common/format.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace fp {

namespace {

long long qtyOf(const Bom& bom, BomCategory c)
{
    long long n = 0;
    for (const BomLine& l : bom.lines)
        if (l.category == c) n += l.qty;
    return n;
}

// A BOM's lines taken together by (category, part), in order of first appearance.
struct Tally {
    BomCategory category;
    std::string part, description;
    long long qty = 0;
    double usd = 0;
};

std::vector<Tally> tallied(const Bom& bom)
{
    std::vector<Tally> out;
    std::map<std::pair<BomCategory, std::string>, std::size_t> at;
    for (const BomLine& l : bom.lines) {
        const auto [it, fresh] = at.try_emplace({l.category, l.part}, out.size());
        if (fresh) out.push_back({l.category, l.part, l.description});
        out[it->second].qty += l.qty;
        out[it->second].usd += l.extendedUsd;
    }
    return out;
}

const Bom* bomOfNetwork(const ClusterPlan& c, const std::string& name)
{
    for (const NetworkPlan& n : c.networks)
        if (n.name == name) return &n.plan.bom;
    return nullptr;
}

void differences(const std::string& network, const Bom* baseline, const Bom* other, std::vector<BomDifference>& out)
{
    const std::vector<Tally> a = baseline ? tallied(*baseline) : std::vector<Tally>{};
    const std::vector<Tally> b = other ? tallied(*other) : std::vector<Tally>{};
    // Key -> (baseline tally, other tally); ordered by category, then first appearance (baseline first).
    struct Pair {
        const Tally* a = nullptr;
        const Tally* b = nullptr;
    };
    std::map<std::pair<BomCategory, std::string>, Pair> byKey;
    std::vector<std::pair<BomCategory, std::string>> order;
    const auto note = [&](const std::vector<Tally>& tallies, bool isBaseline) {
        for (const Tally& t : tallies) {
            auto [it, fresh] = byKey.try_emplace({t.category, t.part});
            if (fresh) order.push_back(it->first);
            (isBaseline ? it->second.a : it->second.b) = &t;
        }
    };
    note(a, true);
    note(b, false);
    std::stable_sort(order.begin(), order.end(),
                     [](const auto& x, const auto& y) { return int(x.first) < int(y.first); });
    for (const auto& key : order) {
        const Pair& p = byKey[key];
        BomDifference d;
        d.network = network;
        d.category = key.first;
        d.part = key.second;
        d.description = (p.b ? p.b : p.a)->description;
        if (p.a) d.baselineQty = p.a->qty, d.baselineUsd = p.a->usd;
        if (p.b) d.otherQty = p.b->qty, d.otherUsd = p.b->usd;
        if (!p.a) d.change = BomChange::Added;
        else if (!p.b) d.change = BomChange::Removed;
        else if (d.baselineQty != d.otherQty) d.change = BomChange::Quantity;
        else if (d.baselineUsd != d.otherUsd) d.change = BomChange::Price;
        else continue;
        out.push_back(std::move(d));
    }
}

} // namespace

const char* toString(BomChange c)
{
    switch (c) {
    case BomChange::Added: return "added";
    case BomChange::Removed: return "removed";
    case BomChange::Quantity: return "quantity";
    case BomChange::Price: return "price";
    }
    return "";
}

DesignFigures designFigures(const ClusterPlan& cluster)
{
    const Plan& p = cluster.compute();
    DesignFigures f;
    f.fabric = displayName(p.spec.fabric);
    f.switchModel = p.hardware.switchesText(p.fabric.shape.tiers);
    f.nicModel = p.hardware.nic.partNumber;
    f.gpus = p.spec.gpus;
    f.tiers = p.fabric.shape.tiers;
    f.linkGbps = p.fabric.shape.linkGbps;
    f.fabricGbps = p.fabric.shape.fabricSpeed();
    f.planes = p.fabric.shape.planes;
    f.halls = p.layout.halls;
    f.switches = p.fabric.switchCount();
    f.nics = qtyOf(p.bom, BomCategory::Nics);
    f.transceivers = qtyOf(p.bom, BomCategory::Transceivers);
    f.cables = cluster.figures.empty() ? 0 : cluster.figures.front().cables;
    const Estimates& e = p.estimates;
    f.capexUsd = e.capex.totalUsd;
    f.capexPerGpuUsd = e.capex.perGpuUsd;
    f.energyUsdPerYear = e.opex.energyUsdPerYear;
    f.tcoUsd = e.tcoUsd;
    f.horizonYears = p.spec.economics.horizonYears;
    f.powerKw = e.opex.powerKw;
    f.allreduceBusbwGBps = e.performance.allreduceBusbwGBps;
    f.jobInterruptionsPerDay = p.resilience.jobInterruptionsPerDay;
    f.errors = cluster.total.errors;
    f.warnings = cluster.total.warnings;
    f.networks = int(cluster.networks.size());
    f.allSwitches = cluster.total.switches;
    f.allCapexUsd = cluster.total.capexUsd;
    f.allPowerKw = cluster.total.powerKw();
    return f;
}

std::vector<BomDifference> bomDifferences(const ClusterPlan& baseline, const ClusterPlan& other)
{
    std::vector<BomDifference> out;
    for (const NetworkPlan& n : baseline.networks) differences(n.name, &n.plan.bom, bomOfNetwork(other, n.name), out);
    for (const NetworkPlan& n : other.networks)
        if (!bomOfNetwork(baseline, n.name)) differences(n.name, nullptr, &n.plan.bom, out);
    return out;
}

std::vector<FigureCell> figureCells(const DesignFigures& f)
{
    using K = FigureKind;
    const auto text = [](const char* label, std::string t) { return FigureCell{label, K::Text, std::move(t), 0}; };
    const auto num = [](const char* label, K kind, double v) { return FigureCell{label, kind, {}, v}; };
    std::vector<FigureCell> rows = {
        text("Fabric", f.fabric),
        text("Switch", f.switchModel),
        text("NIC", f.nicModel),
        num("GPUs", K::Count, f.gpus),
        num("Tiers", K::Count, f.tiers),
        num("Planes", K::Count, f.planes),
        num("Halls", K::Count, f.halls),
        num("Link (Gb/s)", K::Count, f.linkGbps),
        num("Fabric link (Gb/s)", K::Count, f.fabricGbps),
        num("Switches", K::Count, double(f.switches)),
        num("NICs", K::Count, double(f.nics)),
        num("Transceivers", K::Count, double(f.transceivers)),
        num("Cables", K::Count, double(f.cables)),
        num("Capex (USD)", K::Usd, f.capexUsd),
        num("Capex per GPU (USD)", K::Usd, f.capexPerGpuUsd),
        num("Network energy per year (USD)", K::Usd, f.energyUsdPerYear),
        FigureCell{"TCO over " + std::to_string(f.horizonYears) + " years (USD)", K::Usd, {}, f.tcoUsd},
        num("Network power (kW)", K::Kilowatts, f.powerKw),
        num("All-reduce bus bandwidth (GB/s)", K::OneDecimal, f.allreduceBusbwGBps),
        num("Job interruptions per day", K::PerDay, f.jobInterruptionsPerDay),
        num("Errors", K::Count, f.errors),
        num("Warnings", K::Count, f.warnings),
        num("Networks", K::Count, f.networks),
        num("Switches, all networks", K::Count, double(f.allSwitches)),
        num("Capex, all networks (USD)", K::Usd, f.allCapexUsd),
        num("Network power, all networks (kW)", K::Kilowatts, f.allPowerKw),
    };
    return rows;
}

std::string figureText(const FigureCell& c)
{
    switch (c.kind) {
    case FigureKind::Text: return c.text;
    case FigureKind::Count: return withThousands(std::llround(c.value));
    case FigureKind::Usd: return formatUsdShort(c.value);
    case FigureKind::Kilowatts: return formatKilowatts(c.value);
    case FigureKind::OneDecimal: return formatOneDecimal(c.value);  // "all-reduce bus bw 373.0 GB/s"
    case FigureKind::PerDay: return formatPerDay(c.value);  // as `compare` prints stops/day
    }
    return {};
}

DesignComparison compareDesigns(const std::vector<std::string>& names, const std::vector<const ClusterPlan*>& plans)
{
    DesignComparison c;
    // Each design's name labels its column and its difference rows: two files of one name (in two
    // folders) become "a.json" and "a.json (2)".
    for (const std::string& n : names) {
        std::string unique = n;
        for (int k = 2; std::find(c.names.begin(), c.names.end(), unique) != c.names.end(); ++k)
            unique = n + " (" + std::to_string(k) + ")";
        c.names.push_back(unique);
    }
    for (const ClusterPlan* p : plans) {
        c.figures.push_back(designFigures(*p));
        c.bomTotalsUsd.push_back(bomTotalUsd(*p));
        c.differences.push_back(c.differences.empty() ? std::vector<BomDifference>{}
                                                      : bomDifferences(*plans.front(), *p));
    }
    return c;
}

double bomTotalUsd(const ClusterPlan& c)
{
    double usd = 0;
    for (const NetworkPlan& n : c.networks) usd += n.plan.bom.totalUsd;
    return usd;
}

} // namespace fp
