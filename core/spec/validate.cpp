#include "spec/validate.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>

#include "common/edit_distance.h"
#include "common/error.h"
#include "common/user_text.h"
#include "spec/design_fields.h"

namespace fp {
namespace {

NumberLimit limitOf(const DesignField<double>& f)
{
    return {f.path, f.noun(), f.range->min, f.range->max, f.range->minExclusive, f.unit};
}

std::string shortNumber(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

void checkNumber(std::vector<SpecProblem>& out, const NumberLimit& l, double v)
{
    const bool ok = std::isfinite(v) && (l.minExclusive ? v > l.min : v >= l.min) && v <= l.max;
    if (ok) return;
    const std::string unit = *l.unit ? std::string(" ") + l.unit : std::string();
    const std::string lo = (l.minExclusive ? "above " : "from ") + shortNumber(l.min);
    out.push_back({l.field,
                   std::string(l.what) + " must be " + (l.minExclusive ? "more than " : "from ") + shortNumber(l.min) +
                       (l.minExclusive ? " and at most " : " to ") + shortNumber(l.max) + unit + ", not " + shortNumber(v),
                   "enter a value " + lo + (l.minExclusive ? " up to " : " to ") + shortNumber(l.max) + unit});
}

struct Collector {
    std::vector<SpecProblem>& out;
    const ClusterSpec& spec;
    // A whole-number field against its range (design_fields.cpp); a field where 0 means "off" is
    // checked only when set.
    void range(const DesignField<int>& f)
    {
        const int value = f.of(spec);
        if (f.range->zeroIsOff && value == 0) return;
        range(f.path, value, (long long)f.range->min, (long long)f.range->max, f.noun());
    }
    void range(const char* field, long long value, long long lo, long long hi, const std::string& what)
    {
        if (value < lo || value > hi)
            out.push_back({field, what + " must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
                                      ", not " + std::to_string(value),
                           "enter a value from " + std::to_string(lo) + " to " + std::to_string(hi)});
    }
};

void ratio(std::vector<SpecProblem>& out, const char* field, Ratio r, const char* what)
{
    if (const RatioProblem p = ratioProblem(r)) out.push_back({field, std::string(what) + " oversubscription " + p.what, p.fix});
    // DOWN < UP is undersubscription (more bandwidth up than down, e.g. 1:2 top-of-rack leaves that
    // keep headroom for drains and failures): allowed.
}

// floor.site (spec/site_spec.h): names unique, sizes in range, every building reached by a route.
void validateSite(const SiteSpec& site, std::vector<SpecProblem>& p)
{
    if (site.empty()) {
        if (!site.routes.empty() || !site.coreBuilding.empty())
            p.push_back({"/floor/site/halls", "the site has routes or a core building but no halls",
                         "list the halls ({\"name\", \"building\", \"rows\"}), or remove floor.site"});
        return;
    }
    constexpr int kMaxHalls = 1000, kMaxHallRows = 100000;
    constexpr double kMaxRouteM = 100000;  // 100 km: beyond any optic in the catalog
    if (site.halls.size() > std::size_t(kMaxHalls))
        p.push_back({"/floor/site/halls", std::to_string(site.halls.size()) + " halls are more than " + std::to_string(kMaxHalls),
                     "describe fewer, larger halls"});
    std::set<std::string> names;
    for (std::size_t i = 0; i < site.halls.size(); ++i) {
        const HallSpec& h = site.halls[i];
        const std::string at = "/floor/site/halls/" + std::to_string(i);
        if (h.name.empty()) p.push_back({at + "/name", "a hall has no name", "name it, e.g. \"Hall " + std::to_string(i + 1) + "\""});
        else if (!names.insert(h.name).second)
            p.push_back({at + "/name", "two halls are named " + quotedText(h.name), "give each hall its own name"});
        if (h.rows < 1 || h.rows > kMaxHallRows)
            p.push_back({at + "/rows", "a hall's rows must be between 1 and " + std::to_string(kMaxHallRows) + ", not " + std::to_string(h.rows),
                         "give the compute rows the hall holds"});
        if (h.pods < 0 || h.pods > kMaxHallRows)
            p.push_back({at + "/pods", "a hall's pods must be between 0 and " + std::to_string(kMaxHallRows) + ", not " + std::to_string(h.pods),
                         "give the pods placed here by hand, or 0 on every hall to place them by rule"});
    }
    const std::vector<std::string> buildings = siteBuildings(site);
    auto known = [&](const std::string& b) { return std::find(buildings.begin(), buildings.end(), b) != buildings.end(); };
    std::string list;
    for (const std::string& b : buildings) list += (list.empty() ? "" : ", ") + quotedText(b);
    for (std::size_t i = 0; i < site.routes.size(); ++i) {
        const SiteRoute& r = site.routes[i];
        const std::string at = "/floor/site/routes/" + std::to_string(i);
        for (const auto& [key, name] : {std::pair{"/from", &r.from}, std::pair{"/to", &r.to}})
            if (!known(*name))
                p.push_back({at + key, "no hall stands in a building named " + quotedText(*name), "use one of the halls' buildings: " + list});
        if (r.from == r.to) p.push_back({at + "/to", "a route joins " + quotedText(r.from) + " to itself", "name two different buildings"});
        if (!(r.lengthM > 0 && r.lengthM <= kMaxRouteM))
            p.push_back({at + "/length_m", "a route's length must be more than 0 and at most 100,000 m",
                         "give the cable route between the two buildings' centres in metres"});
    }
    const int core = coreBuildingIndex(site);
    if (core < 0) {
        p.push_back({"/floor/site/core_building", "no hall stands in the core building " + quotedText(site.coreBuilding),
                     "use one of the halls' buildings: " + list});
        return;
    }
    const std::vector<double> route = buildingRouteMatrix(site);
    for (std::size_t b = 0; b < buildings.size(); ++b)
        if (route[std::size_t(core) * buildings.size() + b] < 0)
            p.push_back({"/floor/site/routes", "no route joins building " + quotedText(buildings[b]) + " to the core building " +
                                                   quotedText(buildings[std::size_t(core)]),
                         "add {\"from\": " + quotedText(buildings[std::size_t(core)]) + ", \"to\": " + quotedText(buildings[b]) +
                             ", \"length_m\": ...} to floor.site.routes"});
}

} // namespace

std::vector<SpecProblem> validateSpec(const ClusterSpec& s)
{
    std::vector<SpecProblem> p;
    Collector c{p, s};
    c.range(fields::gpus);
    c.range(fields::gpusPerNode);
    c.range(fields::nicsPerNode);
    if (s.gpus >= 1 && s.gpusPerNode >= 1 && s.gpus % s.gpusPerNode != 0)
        p.push_back({"/compute/gpus",
                     std::to_string(s.gpus) + " GPUs do not fill whole nodes of " + std::to_string(s.gpusPerNode),
                     "use a multiple of " + std::to_string(s.gpusPerNode) + ", e.g. " +
                         std::to_string((s.gpus / s.gpusPerNode + 1) * s.gpusPerNode)});
    c.range(fields::linkGbps);
    if (s.nicModel.empty() && s.genericRadix == 0)
        p.push_back({"/compute/nic", "no NIC is chosen", "pick a NIC from the catalog"});
    if (s.genericRadix != 0) c.range(fields::genericRadix);
    else if (s.switchModel.empty())
        p.push_back({"/fabric/switch", "no switch is chosen", "pick a switch from the catalog or set a generic radix"});
    c.range(fields::fabricGbps);
    if (s.fabricGbps > 0 && s.linkGbps > 0 && (s.fabricGbps < s.linkGbps || s.fabricGbps % s.linkGbps != 0))
        p.push_back({"/fabric/fabric_gbps",
                     "fabric links of " + std::to_string(s.fabricGbps) + " Gb/s do not carry whole host links of " +
                         std::to_string(s.linkGbps) + " Gb/s",
                     "use a multiple of the host link speed (e.g. " + std::to_string(2 * s.linkGbps) +
                         "), or 0 for the host links' speed"});
    c.range(fields::tiers);
    c.range(fields::suNodes);
    c.range(fields::podNodes);
    c.range(fields::planes);
    if (s.railPlanes && s.planes >= 1 && s.nicsPerNode >= 1 && s.nicsPerNode % s.planes != 0)
        p.push_back({"/fabric/rail_planes",
                     std::to_string(s.nicsPerNode) + " NICs per node do not split evenly into " +
                         std::to_string(s.planes) + " rail planes",
                     "use a plane count that divides the NICs per node, or planes over NIC ports"});
    ratio(p, "/fabric/leaf_oversubscription", s.leafOversubscription, "Leaf");
    ratio(p, "/fabric/spine_oversubscription", s.spineOversubscription, "Spine");

    const auto& f = s.floor;
    c.range(fields::racksPerRow);
    c.range(fields::nodesPerRack);
    if (f.nodePowerKw > 0 && f.rackPowerBudgetKw > 0 && f.nodePowerKw > f.rackPowerBudgetKw)
        p.push_back({"/floor/node_power_kw",
                     "one node (" + std::to_string(f.nodePowerKw) + " kW) exceeds the rack power budget (" +
                         std::to_string(f.rackPowerBudgetKw) + " kW)",
                     "raise the rack power budget or check the node power"});
    c.range(fields::patchPanelsPerFibreLink);
    validateSite(f.site, p);

    const auto& e = s.economics;
    c.range(fields::horizonYears);
    c.range(fields::spareSwitchPerN);
    if (e.pricePolicy == PricePolicy::NamedSource && e.priceSource.empty())
        p.push_back({"/economics/price_source", "the price policy names a source but none is given",
                     "choose a price source, or use cheapest-qualified"});
    c.range(fields::dataParallel);
    // Lossless settings: the values a QoS plan can name at all; which of those break the lossless class
    // (priority 0, CNP on the lossless priority, a short MTU) is the plan's lossless.settings check.
    for (const DesignField<int>* f : {&fields::losslessPriority, &fields::cnpPriority, &fields::roceDscp, &fields::cnpDscp,
                                      &fields::portMtu, &fields::losslessPriorities})
        c.range(*f);
    for (const AnyDesignField& any : designFields())
        if (auto* f = std::get_if<const DesignField<double>*>(&any); f && (*f)->range)
            checkNumber(p, limitOf(**f), (*f)->of(s));
    c.range("/name", static_cast<long long>(s.name.size()), 0, kMaxNameLength, "Name length");
    for (std::size_t i = 0; i < s.media.pins.size(); ++i) {
        const auto& lc = s.media.pins[i].linkClass;
        if (lc != "host_leaf" && lc != "leaf_spine" && lc != "spine_core")
            p.push_back({"/media/pins/" + std::to_string(i) + "/link_class", quotedText(lc) + " is not a link class",
                         "use host_leaf, leaf_spine or spine_core"});
    }
    return p;
}

namespace {

std::string lower(std::string s)
{
    for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

// Edits (insert, delete, replace) between two names, case-insensitive.
// Case-insensitive edit distance: people type part names in any case.
std::size_t editDistanceNoCase(const std::string& a, const std::string& b) { return editDistance(lower(a), lower(b)); }

// Up to three switches whose part number, model name or a word of it is within a third of the typed
// name's length in edits (at least 2), nearest first: "MQM9700-NS2F (Quantum-2 QM9700 ...)".
std::string nearestSwitches(const std::string& typed, const SwitchNames& names)
{
    std::vector<std::pair<std::size_t, std::string>> near;
    const std::size_t allowed = std::max<std::size_t>(2, typed.size() / 3);
    for (const auto& [part, model] : names.known) {
        std::size_t best = std::min(editDistanceNoCase(typed, part), editDistanceNoCase(typed, model));
        std::size_t start = 0;
        while (start < model.size()) {
            const std::size_t end = std::min(model.find(' ', start), model.size());
            if (end > start) best = std::min(best, editDistanceNoCase(typed, model.substr(start, end - start)));
            start = end + 1;
        }
        if (best <= allowed) near.push_back({best, part + " (" + model + ")"});
    }
    std::stable_sort(near.begin(), near.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::string out;
    for (std::size_t i = 0; i < near.size() && i < 3; ++i) out += (i ? ", " : "") + near[i].second;
    return out;
}

void checkSwitchName(std::vector<SpecProblem>& out, const std::string& typed, const std::string& field,
                     const std::string& what, const SwitchNames& names)
{
    if (typed.empty() || !names.match) return;
    const std::vector<std::string> parts = names.match(typed);
    if (parts.size() == 1) return;
    if (parts.size() > 1) {
        std::string list;
        for (const std::string& p : parts) list += (list.empty() ? "" : ", ") + p;
        out.push_back({field, what + " " + quotedText(typed) + " matches several parts: " + list,
                       "type more of the name, or the part number"});
        return;
    }
    const std::string near = nearestSwitches(typed, names);
    out.push_back({field,
                   "unknown " + what + " " + unknownNameText(typed) + (near.empty() ? std::string() : "; did you mean " + near + "?"),
                   unknownNameFix(typed, "type a part number or model name from 'fabricplan-cli catalog list switches'" +
                       std::string(field == "/fabric/switch" ? "" : ", or leave it empty for the fabric's switch"))});
}

} // namespace

std::vector<SpecProblem> validateSpec(const ClusterSpec& s, const SwitchNames& names)
{
    std::vector<SpecProblem> p = validateSpec(s);
    if (s.genericRadix == 0) checkSwitchName(p, s.switchModel, "/fabric/switch", "switch", names);
    checkSwitchName(p, s.leafSwitchModel, "/fabric/switches/leaf", "leaf switch", names);
    checkSwitchName(p, s.spineSwitchModel, "/fabric/switches/spine", "spine switch", names);
    checkSwitchName(p, s.coreSwitchModel, "/fabric/switches/core", "core switch", names);
    return p;
}

const std::vector<NumberLimit>& numberLimits()
{
    // The decimal fields with a range, in file order (design_fields.cpp).
    static const std::vector<NumberLimit> limits = [] {
        std::vector<NumberLimit> v;
        for (const AnyDesignField& any : designFields())
            if (auto* f = std::get_if<const DesignField<double>*>(&any); f && (*f)->range) v.push_back(limitOf(**f));
        return v;
    }();
    return limits;
}

void requireValid(const ClusterSpec& s)
{
    const auto problems = validateSpec(s);
    if (!problems.empty()) throw UserError(problems.front().message, problems.front().field, problems.front().fix);
}

} // namespace fp
