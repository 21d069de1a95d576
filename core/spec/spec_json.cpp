#include "spec/spec_json.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "common/atomic_file.h"
#include "common/error.h"
#include "common/input_file.h"
#include "spec/json_text.h"

namespace fp {
using nlohmann::json;

namespace {

std::string ratioText(Ratio r) { return std::to_string(r.down) + ":" + std::to_string(r.up); }

// The multimode fibre plant (OM3/OM4/OM5); single-mode links always use OS2, so OS2 is not a choice here.
bool parseMultimodeFiber(const std::string& s, FiberType& v)
{
    return parseFiberType(s, v) && v != FiberType::OS2;
}

bool parseRatio(const std::string& s, Ratio& r)
{
    const auto colon = s.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 >= s.size()) return false;
    try {
        std::size_t used1 = 0, used2 = 0;
        const std::string a = s.substr(0, colon), b = s.substr(colon + 1);
        r.down = std::stoi(a, &used1);
        r.up = std::stoi(b, &used2);
        return used1 == a.size() && used2 == b.size();
    } catch (...) {
        return false;
    }
}

// Edit distance, for "did you mean" on a misspelt key.
std::size_t editDistance(const std::string& a, const std::string& b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

// How unknown keys are treated: in a file of this format (or older) a key we do not know is a typo
// that would silently plan with a default, so it is refused; a file that declares a newer minor
// format may carry fields this version does not know, and those are reported and ignored.
enum class UnknownKeys { Refuse, Warn };

// Reads one JSON object field by field, remembering which keys it consumed so the rest can be
// refused (with the nearest known key) or, for a newer minor format, reported.
class ObjectReader {
public:
    ObjectReader(const json& j, std::string path, const std::string& origin, std::vector<std::string>& warnings,
                 UnknownKeys unknown)
        : j_(j), path_(std::move(path)), origin_(origin), warnings_(warnings), unknown_(unknown)
    {
        if (!j_.is_object()) fail(path_.empty() ? "/" : path_, "must be a JSON object, not " + jsonPreview(j_), "");
    }
    ~ObjectReader() noexcept(false)
    {
        if (std::uncaught_exceptions()) return;
        for (auto it = j_.begin(); it != j_.end(); ++it) {
            if (seen_.count(it.key())) continue;
            const std::string where = path_ + "/" + it.key();
            if (unknown_ == UnknownKeys::Warn) {
                warnings_.push_back(origin_ + ": " + where + ": unknown field ignored (written by a newer FabricPlan)");
                continue;
            }
            fail(where, "is not a field of a format " + std::to_string(kDesignFormatVersion) + " design", suggestion(it.key()));
        }
    }
    UnknownKeys unknownKeys() const { return unknown_; }

    const json* find(const std::string& key)
    {
        seen_.insert(key);
        auto it = j_.find(key);
        return it == j_.end() || it->is_null() ? nullptr : &*it;
    }
    std::string at(const std::string& key) const { return path_ + "/" + key; }

    [[noreturn]] void fail(const std::string& where, const std::string& what, const std::string& fix) const
    {
        throw UserError(what, origin_ + ": " + where, fix);
    }

    void integer(const std::string& key, int& out)
    {
        if (auto v = find(key)) {
            if (!v->is_number() || (v->is_number_float() && std::floor(v->get<double>()) != v->get<double>()))
                fail(at(key), "must be a whole number, not " + jsonPreview(*v), "write a number such as 8");
            const double d = v->get<double>();
            if (d > 2e9 || d < -2e9) fail(at(key), "is out of range: " + jsonPreview(*v), "use a smaller number");
            out = static_cast<int>(d);
        }
    }
    void number(const std::string& key, double& out)
    {
        if (auto v = find(key)) {
            if (!v->is_number()) fail(at(key), "must be a number, not " + jsonPreview(*v), "write a number such as 1.5");
            out = v->get<double>();
            if (!std::isfinite(out)) fail(at(key), "must be a finite number", "write a number such as 1.5");
        }
    }
    void boolean(const std::string& key, bool& out)
    {
        if (auto v = find(key)) {
            if (!v->is_boolean()) fail(at(key), "must be true or false, not " + jsonPreview(*v), "");
            out = v->get<bool>();
        }
    }
    void text(const std::string& key, std::string& out)
    {
        if (auto v = find(key)) {
            if (!v->is_string()) fail(at(key), "must be a string, not " + jsonPreview(*v), "put the value in quotes");
            out = v->get<std::string>();
        }
    }
    template <typename E>
    void choice(const std::string& key, E& out, bool (*parse)(const std::string&, E&), const char* allowed)
    {
        std::string s;
        text(key, s);
        if (find(key) && !parse(s, out))
            fail(at(key), jsonPreview(s) + " is not a known value", std::string("use one of: ") + allowed);
    }
    void ratio(const std::string& key, Ratio& out)
    {
        std::string s;
        text(key, s);
        if (find(key) && !parseRatio(s, out))
            fail(at(key), jsonPreview(s) + " is not a DOWN:UP ratio", "write it as \"1:1\", \"2:1\" or \"3:1\"");
    }

private:
    std::string suggestion(const std::string& key) const
    {
        std::string best;
        const std::size_t limit = std::max<std::size_t>(2, key.size() / 3) + 1;
        std::size_t bestScore = std::size_t(-1);
        for (const auto& known : seen_) {
            std::string a = key, b = known;
            std::transform(a.begin(), a.end(), a.begin(), [](unsigned char c) { return char(std::tolower(c)); });
            std::transform(b.begin(), b.end(), b.begin(), [](unsigned char c) { return char(std::tolower(c)); });
            // A shared stem of 3+ letters ("gpu_count" for "gpus") or a small edit distance ("nics_per_nod").
            std::size_t prefix = 0;
            while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
            const std::size_t d = editDistance(a, b);
            if (prefix < 3 && d >= limit) continue;
            const std::size_t score = (prefix >= 3 ? 0 : 1000) + d;
            if (score < bestScore) bestScore = score, best = known;
        }
        std::string known;
        for (const auto& k : seen_) known += (known.empty() ? "" : ", ") + k;
        if (!best.empty()) return "did you mean \"" + best + "\"? (fields here: " + known + ")";
        return "remove it; the fields here are: " + known;
    }

    const json& j_;
    std::string path_;
    const std::string& origin_;
    std::vector<std::string>& warnings_;
    UnknownKeys unknown_;
    std::set<std::string> seen_;
};

} // namespace

json specToJson(const ClusterSpec& s)
{
    json pins = json::array();
    for (const auto& p : s.media.pins) pins.push_back({{"link_class", p.linkClass}, {"part", p.part}});
    const auto& f = s.floor;
    const auto& e = s.economics;
    json out{
        {"format_version", kDesignFormatVersion},
        {"name", s.name},
        {"compute",
         {{"gpus", s.gpus}, {"gpus_per_node", s.gpusPerNode}, {"nics_per_node", s.nicsPerNode},
          {"nic", s.nicModel}, {"link_gbps", s.linkGbps}}},
        {"fabric",
         {{"technology", toString(s.fabric)}, {"switch", s.switchModel}, {"generic_radix", s.genericRadix},
          {"tiers", s.tiers}, {"rail_optimized", s.railOptimized}, {"su_nodes", s.suNodes},
          {"leaf_per_rack", s.leafPerRack}, {"pod_nodes", s.podNodes}, {"planes", s.planes},
          {"rail_planes", s.railPlanes}, {"leaf_oversubscription", ratioText(s.leafOversubscription)},
          {"spine_oversubscription", ratioText(s.spineOversubscription)}}},
        {"floor",
         {{"racks_per_row", f.racksPerRow}, {"nodes_per_rack", f.nodesPerRack},
          {"rack_power_budget_kw", f.rackPowerBudgetKw}, {"node_power_kw", f.nodePowerKw},
          {"rack_width_m", f.rackWidthM}, {"rack_depth_m", f.rackDepthM}, {"row_pitch_m", f.rowPitchM},
          {"rack_height_m", f.rackHeightM}, {"tray_height_m", f.trayHeightM},
          {"slack_per_end_m", f.slackPerEndM}, {"patch_panels_per_fibre_link", f.patchPanelsPerFibreLink},
          {"leaf_placement", toString(f.leafPlacement)}, {"spine_placement", toString(f.spinePlacement)},
          {"spine_room_distance_m", f.spineRoomDistanceM}}},
        {"media",
         {{"objective", toString(s.media.objective)}, {"prefer_copper_in_rack", s.media.preferCopperInRack},
          {"allow_third_party_optics", s.media.allowThirdPartyOptics},
          {"multimode_fiber", toString(s.media.multimodeFiber)}, {"pins", pins}}},
        {"economics",
         {{"labour_usd_per_hour", e.labourUsdPerHour}, {"skill_factor", e.skillFactor},
          {"power_usd_per_kwh", e.powerUsdPerKwh}, {"pue", e.pue}, {"horizon_years", e.horizonYears},
          {"spares_optics_pct", e.sparesOpticsPct}, {"spare_switch_per_n", e.spareSwitchPerN},
          {"include_nics", e.includeNics}, {"price_policy", toString(e.pricePolicy)},
          {"price_source", e.priceSource}}},
        {"workload",
         {{"comm_to_compute_pct", s.workload.commToComputePct},
          {"model_params_billion", s.workload.modelParamsBillion},
          {"data_parallel", s.workload.dataParallel}}},
    };
    // Written only when set, so designs without a platform read and write exactly as before.
    if (!s.platform.empty()) out["compute"]["platform"] = s.platform;
    return out;
}

SpecReadResult specFromJson(const json& j, const std::string& origin)
{
    SpecReadResult r;
    ClusterSpec& s = r.spec;
    auto& w = r.warnings;
    UnknownKeys unknown = UnknownKeys::Refuse;
    if (j.is_object())
        if (auto m = j.find("format_minor"); m != j.end() && m->is_number_integer() && m->get<long long>() > kDesignFormatMinor)
            unknown = UnknownKeys::Warn;
    ObjectReader top(j, "", origin, w, unknown);

    int version = 0;
    top.integer("format_version", version);
    if (!top.find("format_version"))
        top.fail("/format_version", "is missing", "add \"format_version\": 1 at the top of the file");
    if (version > kDesignFormatVersion)
        top.fail("/format_version",
                 "this design was written by a newer FabricPlan (format " + std::to_string(version) +
                     "); this version reads format " + std::to_string(kDesignFormatVersion) + " and older",
                 "update FabricPlan to open it");
    if (version < 1) top.fail("/format_version", "must be 1 or more, not " + std::to_string(version), "");
    int minor = 0;
    top.integer("format_minor", minor);
    if (minor < 0) top.fail("/format_minor", "must be 0 or more, not " + std::to_string(minor), "");

    top.text("name", s.name);
    if (auto c = top.find("compute")) {
        ObjectReader o(*c, "/compute", origin, w, unknown);
        o.integer("gpus", s.gpus);
        o.integer("gpus_per_node", s.gpusPerNode);
        o.integer("nics_per_node", s.nicsPerNode);
        o.text("nic", s.nicModel);
        o.integer("link_gbps", s.linkGbps);
        o.text("platform", s.platform);
    }
    if (auto c = top.find("fabric")) {
        ObjectReader o(*c, "/fabric", origin, w, unknown);
        o.choice("technology", s.fabric, parseFabricKind, "infiniband, roce, spectrum-x, uec");
        o.text("switch", s.switchModel);
        o.integer("generic_radix", s.genericRadix);
        if (auto t = o.find("tiers"); t && t->is_string()) {
            if (t->get<std::string>() != "auto")
                o.fail("/fabric/tiers", "\"" + t->get<std::string>() + "\" is not a tier count", "use \"auto\", 1, 2 or 3");
            s.tiers = 0;
        } else {
            o.integer("tiers", s.tiers);
        }
        o.boolean("rail_optimized", s.railOptimized);
        if (auto t = o.find("su_nodes"); t && t->is_string()) {
            if (t->get<std::string>() != "auto")
                o.fail("/fabric/su_nodes", "\"" + t->get<std::string>() + "\" is not a node count", "use \"auto\" or a number");
            s.suNodes = 0;
        } else {
            o.integer("su_nodes", s.suNodes);
        }
        o.boolean("leaf_per_rack", s.leafPerRack);
        o.integer("pod_nodes", s.podNodes);
        o.integer("planes", s.planes);
        o.boolean("rail_planes", s.railPlanes);
        o.ratio("leaf_oversubscription", s.leafOversubscription);
        o.ratio("spine_oversubscription", s.spineOversubscription);
    }
    if (auto c = top.find("floor")) {
        auto& f = s.floor;
        ObjectReader o(*c, "/floor", origin, w, unknown);
        o.integer("racks_per_row", f.racksPerRow);
        o.integer("nodes_per_rack", f.nodesPerRack);
        o.number("rack_power_budget_kw", f.rackPowerBudgetKw);
        o.number("node_power_kw", f.nodePowerKw);
        o.number("rack_width_m", f.rackWidthM);
        o.number("rack_depth_m", f.rackDepthM);
        o.number("row_pitch_m", f.rowPitchM);
        o.number("rack_height_m", f.rackHeightM);
        o.number("tray_height_m", f.trayHeightM);
        o.number("slack_per_end_m", f.slackPerEndM);
        o.integer("patch_panels_per_fibre_link", f.patchPanelsPerFibreLink);
        o.choice("leaf_placement", f.leafPlacement, parseLeafPlacement, "end-of-row, middle-of-row, in-rack");
        o.choice("spine_placement", f.spinePlacement, parseSpinePlacement, "central-room, end-of-row");
        o.number("spine_room_distance_m", f.spineRoomDistanceM);
    }
    if (auto c = top.find("media")) {
        auto& m = s.media;
        ObjectReader o(*c, "/media", origin, w, unknown);
        o.choice("objective", m.objective, parseMediaObjective, "lowest-cost, lowest-power");
        o.boolean("prefer_copper_in_rack", m.preferCopperInRack);
        o.boolean("allow_third_party_optics", m.allowThirdPartyOptics);
        o.choice("multimode_fiber", m.multimodeFiber, parseMultimodeFiber, "OM3, OM4, OM5");
        if (auto p = o.find("pins")) {
            if (!p->is_array()) o.fail("/media/pins", "must be a list", "write [] or [{\"link_class\":..., \"part\":...}]");
            for (std::size_t i = 0; i < p->size(); ++i) {
                MediaPin pin;
                ObjectReader po((*p)[i], "/media/pins/" + std::to_string(i), origin, w, unknown);
                po.text("link_class", pin.linkClass);
                po.text("part", pin.part);
                m.pins.push_back(pin);
            }
        }
    }
    if (auto c = top.find("economics")) {
        auto& e = s.economics;
        ObjectReader o(*c, "/economics", origin, w, unknown);
        o.number("labour_usd_per_hour", e.labourUsdPerHour);
        o.number("skill_factor", e.skillFactor);
        o.number("power_usd_per_kwh", e.powerUsdPerKwh);
        o.number("pue", e.pue);
        o.integer("horizon_years", e.horizonYears);
        o.number("spares_optics_pct", e.sparesOpticsPct);
        o.integer("spare_switch_per_n", e.spareSwitchPerN);
        o.boolean("include_nics", e.includeNics);
        o.choice("price_policy", e.pricePolicy, parsePricePolicy, "cheapest-qualified, named-source, oem-only");
        o.text("price_source", e.priceSource);
    }
    if (auto c = top.find("workload")) {
        ObjectReader o(*c, "/workload", origin, w, unknown);
        o.number("comm_to_compute_pct", s.workload.commToComputePct);
        o.number("model_params_billion", s.workload.modelParamsBillion);
        o.integer("data_parallel", s.workload.dataParallel);
    }
    return r;
}

SpecReadResult specFromText(const std::string& text, const std::string& origin)
{
    return specFromJson(parseBoundedJson(text, origin), origin);
}

SpecReadResult loadSpecFile(const std::string& path)
{
    return specFromText(readBoundedFile(path, kMaxDesignFileBytes, "design file"), path);
}

void saveSpecFile(const ClusterSpec& spec, const std::string& path)
{
    const std::string text = specToJson(spec).dump(2) + "\n";
    writeFileAtomically(path, [&](std::ostream& out) { out << text; });
}

} // namespace fp
