#include "spec/spec_json.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "common/atomic_file.h"
#include "common/edit_distance.h"
#include "common/error.h"
#include "common/input_file.h"
#include "common/user_text.h"
#include "spec/design_fields.h"
#include "spec/json_text.h"

namespace fp {
using nlohmann::json;

namespace {


// How unknown keys are treated: in a file of this format (or older) a key we do not know is a typo
// that would silently plan with a default, so it is refused; a file that declares a newer minor
// format may carry fields this version does not know, and those are reported and ignored.
enum class UnknownKeys { Refuse, Warn };

// Reads one JSON object field by field, remembering which keys it consumed so the rest can be
// refused (with the nearest known key) or, for a newer minor format, reported.
class ObjectReader {
public:
    ObjectReader(const json& j, std::string path, const std::string& origin, std::vector<std::string>& warnings,
                 UnknownKeys unknown, int version = kDesignFormatVersion)
        : j_(j), path_(std::move(path)), origin_(origin), warnings_(warnings), unknown_(unknown), version_(version)
    {
        if (!j_.is_object()) fail(path_.empty() ? "/" : path_, "must be a JSON object, not " + jsonPreview(j_), "");
    }
    ~ObjectReader() noexcept(false)
    {
        if (std::uncaught_exceptions()) return;
        for (auto it = j_.begin(); it != j_.end(); ++it) {
            if (seen_.count(it.key())) continue;
            const std::string where = path_ + "/" + escapedText(it.key());  // a key may hold a newline
            if (unknown_ == UnknownKeys::Warn) {
                warnings_.push_back(origin_ + ": " + where + ": unknown field ignored (written by a newer FabricPlan)");
                continue;
            }
            fail(where, "is not a field of a format " + std::to_string(version_) + " design", suggestion(it.key()));
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
        if (!find(key)) return;
        if (const RatioProblem p = parseRatio(s, out)) fail(at(key), p.what, p.fix);
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
    int version_;
    std::set<std::string> seen_;
};

// ---- field traits <-> JSON values ----------------------------------------------------------------

json valueOf(const DesignField<int>& f, const ClusterSpec& s) { return f.of(s); }
json valueOf(const DesignField<double>& f, const ClusterSpec& s) { return f.of(s); }
json valueOf(const DesignField<bool>& f, const ClusterSpec& s) { return f.of(s); }
json valueOf(const DesignField<std::string>& f, const ClusterSpec& s) { return f.of(s); }
json valueOf(const DesignField<Ratio>& f, const ClusterSpec& s) { return ratioText(f.of(s)); }
template <typename E>
json valueOf(const DesignField<E>& f, const ClusterSpec& s) { return f.name(f.of(s)); }

void readInto(ObjectReader& o, const DesignField<int>& f, ClusterSpec& s)
{
    const std::string key(f.key());
    if (auto t = o.find(key); f.autoCounts && t && t->is_string()) {
        if (t->get<std::string>() != "auto")
            o.fail(f.path, jsonPreview(*t) + " is not a " + f.autoCounts + " count",
                   "use \"auto\" or a number from " + std::to_string(int(f.range->min)) + " to " +
                       std::to_string(int(f.range->max)));
        f.set(s, 0);
        return;
    }
    o.integer(key, f.ref(s));
}
void readInto(ObjectReader& o, const DesignField<double>& f, ClusterSpec& s) { o.number(std::string(f.key()), f.ref(s)); }
void readInto(ObjectReader& o, const DesignField<bool>& f, ClusterSpec& s) { o.boolean(std::string(f.key()), f.ref(s)); }
void readInto(ObjectReader& o, const DesignField<std::string>& f, ClusterSpec& s) { o.text(std::string(f.key()), f.ref(s)); }
void readInto(ObjectReader& o, const DesignField<Ratio>& f, ClusterSpec& s) { o.ratio(std::string(f.key()), f.ref(s)); }
template <typename E>
void readInto(ObjectReader& o, const DesignField<E>& f, ClusterSpec& s)
{
    o.choice(std::string(f.key()), f.ref(s), f.parse, f.allowed);
}

// Writes every field whose parent is `parent` into `out` (fields of a newer format than `version`
// never exist there; a field written only when set is left out at its default).
void writeFields(json& out, std::string_view parent, const ClusterSpec& s)
{
    static const ClusterSpec defaults;
    for (const AnyDesignField& any : designFields())
        std::visit(
            [&](auto* f) {
                if (f->parent() != parent) return;
                if (f->writtenWhenSet && f->of(s) == f->of(defaults)) return;
                out[std::string(f->key())] = valueOf(*f, s);
            },
            any);
}

// Reads every field of a format `version` design whose parent is `parent`; the rest of the object's
// keys are refused (or warned about) by the ObjectReader.
void readFields(ObjectReader& o, std::string_view parent, int version, ClusterSpec& s)
{
    for (const AnyDesignField& any : designFields())
        std::visit(
            [&](auto* f) {
                if (f->parent() == parent && f->sinceVersion <= version) readInto(o, *f, s);
            },
            any);
}

// ---- networks (issue 38): a list of objects, written only when the design has any -------------------

json networkToJson(const NetworkSpec& n)
{
    json endpoints = json::array();
    for (const EndpointGroup& e : n.endpoints) {
        json g{{"name", e.name}, {"per", toString(e.per)}, {"ports_each", e.portsEach}};
        if (e.per == EndpointCount::Fixed) g["count"] = e.count;
        if (e.powerWEach != 0) g["power_w"] = e.powerWEach;  // format minor 4, written only when given
        endpoints.push_back(g);
    }
    json out{{"name", n.name},       {"role", toString(n.role)},   {"fabric", toString(n.fabric)},
             {"switch", n.switchModel}, {"port", n.portModel},     {"link_gbps", n.linkGbps},
             {"tiers", n.tiers},     {"leaf_oversubscription", ratioText(n.leafOversubscription)},
             {"ports_priced", n.portsPriced}, {"endpoints", endpoints}};
    json switches = json::object();
    if (!n.leafSwitchModel.empty()) switches["leaf"] = n.leafSwitchModel;
    if (!n.spineSwitchModel.empty()) switches["spine"] = n.spineSwitchModel;
    if (!switches.empty()) out["switches"] = switches;
    if (n.fabricGbps != 0) out["fabric_gbps"] = n.fabricGbps;  // format minor 2, written only when set
    return out;
}

// floor.site (format minor 3): the user's halls, buildings and routes (spec/site_spec.h).
void readSite(ObjectReader& floor, const std::string& origin, std::vector<std::string>& w, UnknownKeys unknown,
              int version, SiteSpec& out)
{
    const json* site = floor.find("site");
    if (!site) return;
    ObjectReader o(*site, "/floor/site", origin, w, unknown, version);
    o.text("core_building", out.coreBuilding);
    // Each object of the list at `key`, read by `item` with a reader of its own path.
    const auto eachOf = [&](const char* key, const char* example, const auto& item) {
        const std::string path = std::string("/floor/site/") + key;
        const json* list = o.find(key);
        if (!list) return;
        if (!list->is_array()) o.fail(path, "must be a list", std::string("write ") + example);
        for (std::size_t i = 0; i < list->size(); ++i) {
            ObjectReader r((*list)[i], path + "/" + std::to_string(i), origin, w, unknown, version);
            item(r);
        }
    };
    eachOf("halls", "[{\"name\": \"Hall A\", \"building\": \"North\", \"rows\": 40}]", [&](ObjectReader& r) {
        HallSpec& h = out.halls.emplace_back();
        r.text("name", h.name);
        r.text("building", h.building);
        r.integer("rows", h.rows);
        r.integer("pods", h.pods);
    });
    eachOf("routes", "[{\"from\": \"North\", \"to\": \"South\", \"length_m\": 400}]", [&](ObjectReader& r) {
        SiteRoute& route = out.routes.emplace_back();
        r.text("from", route.from);
        r.text("to", route.to);
        r.number("length_m", route.lengthM);
    });
}

json siteToJson(const SiteSpec& site)
{
    json halls = json::array();
    for (const HallSpec& h : site.halls) {
        json hall{{"name", h.name}, {"rows", h.rows}};
        if (!h.building.empty()) hall["building"] = h.building;
        if (h.pods != 0) hall["pods"] = h.pods;
        halls.push_back(std::move(hall));
    }
    json out{{"halls", std::move(halls)}};
    if (!site.routes.empty()) {
        json routes = json::array();
        for (const SiteRoute& r : site.routes) routes.push_back({{"from", r.from}, {"to", r.to}, {"length_m", r.lengthM}});
        out["routes"] = std::move(routes);
    }
    if (!site.coreBuilding.empty()) out["core_building"] = site.coreBuilding;
    return out;
}

void readNetworks(ObjectReader& top, const std::string& origin, std::vector<std::string>& w, UnknownKeys unknown,
                  int version, std::vector<NetworkSpec>& out)
{
    const json* list = top.find("networks");
    if (!list) return;
    if (!list->is_array()) top.fail("/networks", "must be a list", "write [] or [{\"name\": \"storage\", ...}]");
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string path = "/networks/" + std::to_string(i);
        NetworkSpec n;
        ObjectReader o((*list)[i], path, origin, w, unknown, version);
        o.text("name", n.name);
        o.choice("role", n.role, parseNetworkRole, "storage, inband, oob, storage_inband");
        o.choice("fabric", n.fabric, parseFabricKind, "infiniband, roce, spectrum-x, uec");
        o.text("switch", n.switchModel);
        o.text("port", n.portModel);
        o.integer("link_gbps", n.linkGbps);
        o.integer("fabric_gbps", n.fabricGbps);
        o.integer("tiers", n.tiers);
        o.ratio("leaf_oversubscription", n.leafOversubscription);
        o.boolean("ports_priced", n.portsPriced);
        if (auto sw = o.find("switches")) {
            ObjectReader t(*sw, path + "/switches", origin, w, unknown, version);
            t.text("leaf", n.leafSwitchModel);
            t.text("spine", n.spineSwitchModel);
        }
        if (auto eps = o.find("endpoints")) {
            if (!eps->is_array()) o.fail(path + "/endpoints", "must be a list", "write [{\"name\": ..., \"count\": ..., \"ports_each\": ...}]");
            for (std::size_t k = 0; k < eps->size(); ++k) {
                EndpointGroup g;
                ObjectReader e((*eps)[k], path + "/endpoints/" + std::to_string(k), origin, w, unknown, version);
                e.text("name", g.name);
                e.choice("per", g.per, parseEndpointCount, "fixed, per_node, per_switch");
                e.integer("count", g.count);
                e.integer("ports_each", g.portsEach);
                e.number("power_w", g.powerWEach);
                n.endpoints.push_back(g);
            }
        }
        out.push_back(std::move(n));
    }
}

} // namespace

json upgradeDesignJson(json design, int fromVersion)
{
    // Format 2 only adds fields (/fabric/switches, /fabric/dual_tor), so a format 1 design reads
    // unchanged as format 2; the step is still explicit, so a later format that moves or renames a
    // field adds its own step here and format 1 files keep opening through both.
    if (fromVersion < 2) design["format_version"] = 2;
    return design;
}

json specToJson(const ClusterSpec& s)
{
    json pins = json::array();
    for (const auto& p : s.media.pins) pins.push_back({{"link_class", p.linkClass}, {"part", p.part}});
    json out{{"format_version", kDesignFormatVersion}};
    writeFields(out, "", s);
    for (const char* section : {"compute", "fabric", "floor", "media", "economics", "workload"}) {
        json& o = out[section] = json::object();
        writeFields(o, std::string("/") + section, s);
    }
    json switches = json::object();
    writeFields(switches, "/fabric/switches", s);
    if (!switches.empty()) out["fabric"]["switches"] = switches;  // only the tiers with their own switch
    out["media"]["pins"] = pins;
    json lossless = json::object();
    writeFields(lossless, "/lossless", s);
    if (!lossless.empty()) {  // a design on the defaults is written as before (format minor 0)
        out["format_minor"] = 1;
        out["lossless"] = lossless;
    }
    // Minor 2: fabric.fabric_gbps, or a network's fabric_gbps.
    if (s.fabricGbps != 0 || std::any_of(s.networks.begin(), s.networks.end(), [](const NetworkSpec& n) { return n.fabricGbps != 0; }))
        out["format_minor"] = 2;
    if (!s.floor.site.empty()) {  // minor 3
        out["format_minor"] = 3;
        out["floor"]["site"] = siteToJson(s.floor.site);
    }
    // Minor 4: an endpoint group's power_w (the servers' power in their service racks).
    if (std::any_of(s.networks.begin(), s.networks.end(), [](const NetworkSpec& n) {
            return std::any_of(n.endpoints.begin(), n.endpoints.end(), [](const EndpointGroup& g) { return g.powerWEach != 0; });
        }))
        out["format_minor"] = 4;
    if (!s.networks.empty()) {  // a compute-only design is written as before
        json& networks = out["networks"] = json::array();
        for (const NetworkSpec& n : s.networks) networks.push_back(networkToJson(n));
    }
    return out;
}

SpecReadResult specFromJson(const json& original, const std::string& origin)
{
    SpecReadResult r;
    ClusterSpec& s = r.spec;
    auto& w = r.warnings;
    UnknownKeys unknown = UnknownKeys::Refuse;
    if (original.is_object())
        if (auto m = original.find("format_minor"); m != original.end() && m->is_number_integer() && m->get<long long>() > kDesignFormatMinor)
            unknown = UnknownKeys::Warn;

    int version = 0;
    {
        // The version first, from the file as written: it decides the upgrade steps and which fields exist.
        std::vector<std::string> ignored;
        ObjectReader head(original, "", origin, ignored, UnknownKeys::Warn);
        head.integer("format_version", version);
        if (!head.find("format_version"))
            head.fail("/format_version", "is missing", "add \"format_version\": " + std::to_string(kDesignFormatVersion) + " at the top of the file");
        if (version > kDesignFormatVersion)
            head.fail("/format_version",
                      "this design was written by a newer FabricPlan (format " + std::to_string(version) +
                          "); this version reads format " + std::to_string(kDesignFormatVersion) + " and older",
                      "update FabricPlan to open it");
        if (version < 1) head.fail("/format_version", "must be 1 or more, not " + std::to_string(version), "");
    }
    r.formatVersion = version;
    const json j = upgradeDesignJson(original, version);
    ObjectReader top(j, "", origin, w, unknown, version);
    int ignoredVersion = 0;
    top.integer("format_version", ignoredVersion);
    int minor = 0;
    top.integer("format_minor", minor);
    if (minor < 0) top.fail("/format_minor", "must be 0 or more, not " + std::to_string(minor), "");

    readFields(top, "", version, s);
    if (auto c = top.find("compute")) {
        ObjectReader o(*c, "/compute", origin, w, unknown, version);
        readFields(o, "/compute", version, s);
    }
    if (auto c = top.find("fabric")) {
        ObjectReader o(*c, "/fabric", origin, w, unknown, version);
        readFields(o, "/fabric", version, s);
        if (version >= 2)
            if (auto sw = o.find("switches")) {
                ObjectReader t(*sw, "/fabric/switches", origin, w, unknown, version);
                readFields(t, "/fabric/switches", version, s);
            }
    }
    if (auto c = top.find("floor")) {
        ObjectReader o(*c, "/floor", origin, w, unknown, version);
        readFields(o, "/floor", version, s);
        if (version >= 2) readSite(o, origin, w, unknown, version, s.floor.site);
    }
    if (auto c = top.find("media")) {
        auto& m = s.media;
        ObjectReader o(*c, "/media", origin, w, unknown, version);
        readFields(o, "/media", version, s);
        if (auto p = o.find("pins")) {
            if (!p->is_array()) o.fail("/media/pins", "must be a list", "write [] or [{\"link_class\":..., \"part\":...}]");
            for (std::size_t i = 0; i < p->size(); ++i) {
                MediaPin pin;
                ObjectReader po((*p)[i], "/media/pins/" + std::to_string(i), origin, w, unknown, version);
                po.text("link_class", pin.linkClass);
                po.text("part", pin.part);
                m.pins.push_back(pin);
            }
        }
    }
    if (auto c = top.find("economics")) {
        ObjectReader o(*c, "/economics", origin, w, unknown, version);
        readFields(o, "/economics", version, s);
    }
    if (auto c = top.find("workload")) {
        ObjectReader o(*c, "/workload", origin, w, unknown, version);
        readFields(o, "/workload", version, s);
    }
    if (auto c = top.find("lossless")) {
        ObjectReader o(*c, "/lossless", origin, w, unknown, version);
        readFields(o, "/lossless", version, s);
    }
    if (version >= 2) readNetworks(top, origin, w, unknown, version, s.networks);  // format 1: refused as unknown
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

std::string specToText(const ClusterSpec& spec) { return specToJson(spec).dump(2) + "\n"; }

void saveSpecFile(const ClusterSpec& spec, const std::string& path)
{
    const std::string text = specToText(spec);
    writeFileAtomically(path, [&](std::ostream& out) { out << text; });
}

} // namespace fp
