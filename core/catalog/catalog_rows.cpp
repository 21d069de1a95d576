#include "catalog/catalog_rows.h"

#include <algorithm>
#include <charconv>
#include <map>

#include "catalog/sqlite_handle.h"
#include "catalog/switch_power.h"
#include "common/error.h"

namespace fp {
namespace {

std::string flag(bool b) { return b ? "1" : "0"; }

// Column positions of a result by name (the first column of that name wins: parts.part). Made once per
// statement, not per row: a map of the names per row was a tenth of a small plan's instructions.
class Columns {
public:
    explicit Columns(const SqliteStmt& s) : s_(s)
    {
        for (int i = 0; i < s.columnCount(); ++i) names_.push_back(s.columnName(i));
    }
    std::string text(const char* c) const { return s_.text(at(c)); }
    double real(const char* c) const { return s_.real(at(c)); }
    int integer(const char* c) const { return static_cast<int>(s_.integer(at(c))); }
    bool flag(const char* c) const { return s_.integer(at(c)) != 0; }

private:
    int at(const char* c) const
    {
        // Callers pass string literals, the same pointer on every row: after the first row a column is
        // found by comparing pointers, not names.
        for (const auto& [name, index] : seen_)
            if (name == c) return index;
        for (std::size_t i = 0; i < names_.size(); ++i)
            if (names_[i] == c) {
                seen_.emplace_back(c, static_cast<int>(i));
                return static_cast<int>(i);
            }
        throw UserError(std::string("catalog column missing: ") + c);
    }
    const SqliteStmt& s_;
    std::vector<std::string> names_;  // copies: a re-prepared statement frees SQLite's own
    mutable std::vector<std::pair<const char*, int>> seen_;
};

void readBase(const Columns& c, PartBase& p)
{
    p.partNumber = c.text("part");
    p.vendor = c.text("vendor");
    p.description = c.text("description");
    parsePartCategory(c.text("category"), p.category);
    p.powerW = c.real("power_w");
    p.powerEstimated = c.flag("power_estimated");
    p.leadTimeDays = c.integer("lead_time_days");
    p.source = c.text("source");
    p.oem = c.flag("oem");
}

Protocol protocolOf(const Columns& c)
{
    Protocol p = Protocol::Both;
    parseProtocol(c.text("protocol"), p);
    return p;
}

template <typename Model, typename Fill>
void readTable(SqliteDb& db, const char* table, std::vector<Model>& out, Fill fill)
{
    // Driven by the category table (CROSS JOIN fixes the order): each of its rows looks up its one part,
    // instead of every part of every category being scanned once per category table.
    SqliteStmt s(db, std::string("SELECT parts.*, t.* FROM ") + table +
                         " t CROSS JOIN parts ON parts.part = t.part ORDER BY t.part");
    const Columns c(s);
    while (s.step()) {
        Model m;
        readBase(c, m);
        fill(c, m);
        out.push_back(std::move(m));
    }
}

// A table a current catalog must have (a file a migration never reached, or one edited by hand): refused
// with what to do, rather than planned with figures from nowhere.
void requireTable(SqliteDb& db, const char* table)
{
    SqliteStmt has(db, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name=?");
    has.bind(1, std::string(table)).step();
    if (has.integer(0) == 0)
        throw UserError(std::string("the catalog has no ") + table + " table", db.path(),
                        "restore the bundled catalog (Tools > Parts catalog, or fabricplan-cli catalog reset)");
}

// Every part class needs its rate: a catalog without the table, or missing a class, is refused with what
// to do, rather than planned with a silent zero.
void readFailureRates(SqliteDb& db, std::vector<FailureRateEntry>& out)
{
    requireTable(db, "failure_rates");
    SqliteStmt s(db, "SELECT part_class, afr_pct, replacement_share, estimated, source, user_edited "
                     "FROM failure_rates ORDER BY part_class");
    while (s.step()) {
        FailureRateEntry e;
        e.partClass = s.text(0);
        e.afrPct = s.real(1);
        e.replacementShare = s.real(2);
        e.estimated = s.integer(3) != 0;
        e.source = s.text(4);
        e.userEdited = s.integer(5) != 0;
        out.push_back(std::move(e));
    }
    for (std::string_view c : kFailureRateClasses) {
        bool found = false;
        for (const FailureRateEntry& e : out) found = found || e.partClass == c;
        if (!found)
            throw UserError("the catalog's failure_rates table has no rate for part class '" + std::string(c) + "'",
                            db.path(),
                            "set one (fabricplan-cli catalog set-failure-rate " + std::string(c) +
                                " AFR_PCT --source TEXT --catalog FILE) or restore the bundled catalog");
    }
}

// The switch ASICs' lossless figures (schema 6). The generic row must be there: a switch whose chip has
// no row takes it, and a catalog without it would plan with figures from nowhere.
void readAsics(SqliteDb& db, std::vector<AsicFigures>& out)
{
    requireTable(db, "asics");
    SqliteStmt s(db, "SELECT * FROM asics ORDER BY asic");
    const Columns c(s);
    while (s.step()) {
        AsicFigures a;
        a.asic = c.text("asic");
        a.bufferBytes = c.real("buffer_bytes");
        a.bufferEstimated = c.flag("buffer_estimated");
        a.cellBytes = c.integer("cell_bytes");
        a.pipelineLatencyBytes = c.real("pipeline_latency_bytes");
        a.macPhyDelayBytes = c.real("mac_phy_delay_bytes");
        a.tileBytesPerGbps = c.real("tile_bytes_per_gbps");
        a.maxMtu = c.integer("max_mtu");
        a.constantsEstimated = c.flag("constants_estimated");
        a.source = c.text("source");
        out.push_back(std::move(a));
    }
    if (std::none_of(out.begin(), out.end(), [](const AsicFigures& a) { return a.asic == kGenericAsic; }))
        throw UserError("the catalog's asics table has no 'generic' row", db.path(),
                        "add it (the figures for a switch chip without its own row) or restore the bundled catalog");
}

void readPlatforms(SqliteDb& db, std::vector<PlatformModel>& out)
{
    SqliteStmt s(db, "SELECT * FROM platforms ORDER BY id");
    const Columns c(s);
    while (s.step()) {
        PlatformModel p;
        p.id = c.text("id");
        p.vendor = c.text("vendor");
        p.description = c.text("description");
        p.gpu = c.text("gpu");
        p.gpuArch = c.text("gpu_arch");
        p.gpusPerNode = c.integer("gpus_per_node");
        p.gpusPerScaleUp = c.integer("gpus_per_scale_up");
        p.scaleUpGBpsPerGpu = c.real("scale_up_gbps_per_gpu");
        p.nvlinkGeneration = c.integer("nvlink_generation");
        p.nvlinkSharp = c.flag("nvlink_sharp");
        p.nicPart = c.text("nic_part");  // NULL reads as ""
        p.nicsPerNode = c.integer("nics_per_node");
        p.nicsBuiltIn = c.flag("nics_built_in");
        p.nicsBuiltInSource = c.text("nics_built_in_source");
        p.hostCages = c.integer("host_cages");
        p.portsPerCage = c.integer("ports_per_cage");
        p.cageType = c.text("cage_type");
        p.cageFinned = c.flag("cage_finned");
        p.nodePowerKw = c.real("node_power_kw");
        p.nodeRackUnits = c.integer("node_rack_units");
        p.nodesPerRack = c.integer("nodes_per_rack");
        p.rackPowerKw = c.real("rack_power_kw");
        p.powerEstimated = c.flag("power_estimated");
        p.source = c.text("source");
        p.notes = c.text("notes");
        p.storagePorts = c.integer("storage_ports");
        p.inbandPorts = c.integer("inband_ports");
        p.northSouthPortPart = c.text("ns_port_part");  // NULL reads as ""
        p.bmcPorts = c.integer("bmc_ports");
        p.northSouthSource = c.text("ns_source");
        out.push_back(std::move(p));
    }
    SqliteStmt items(db, "SELECT system, item, kind, description, per_rack, source FROM rack_contents "
                         "ORDER BY system, rowid");
    const Columns ic(items);
    while (items.step()) {
        const std::string platform = ic.text("system");
        const auto owner = std::find_if(out.begin(), out.end(), [&](const PlatformModel& p) { return p.id == platform; });
        if (owner == out.end()) continue;  // the foreign key keeps this from happening
        owner->rackContents.push_back({ic.text("item"), ic.text("kind"), ic.text("description"),
                                       int(ic.integer("per_rack")), ic.text("source")});
    }
}

} // namespace

std::string formatNumber(double v)
{
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, end) : std::to_string(v);
}

const char* tableFor(PartCategory c)
{
    switch (c) {
    case PartCategory::Switch: return "switches";
    case PartCategory::Nic: return "nics";
    case PartCategory::Transceiver: return "transceivers";
    case PartCategory::Cable:
    case PartCategory::Fiber: return "cables";
    case PartCategory::PatchPanel: return "patch_panels";
    }
    return "";
}

std::vector<std::string> tableColumns(SqliteDb& db, const std::string& table)
{
    std::vector<std::string> names;
    SqliteStmt s(db, "SELECT name FROM pragma_table_info(?)");
    s.bind(1, table);
    while (s.step()) names.push_back(s.text(0));
    return names;
}

void insertRow(SqliteDb& db, const std::string& table, const CatalogRow& row, bool replace)
{
    // Column names come from our own code or were checked against pragma_table_info by the caller;
    // values are always bound.
    std::string cols, marks;
    for (const auto& [name, value] : row) {
        cols += (cols.empty() ? "\"" : ",\"") + name + "\"";
        marks += marks.empty() ? "?" : ",?";
    }
    SqliteStmt s(db, std::string(replace ? "INSERT OR REPLACE" : "INSERT") + " INTO " + table + " (" + cols +
                         ") VALUES (" + marks + ")");
    int i = 1;
    for (const auto& kv : row) s.bind(i++, kv.second);
    s.step();
}

bool parseBreakouts(const std::string& text, std::vector<Breakout>& out)
{
    out.clear();
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find(';', pos);
        if (end == std::string::npos) end = text.size();
        const std::string item = text.substr(pos, end - pos);
        Breakout b;
        const size_t x = item.find('x');
        if (x == std::string::npos) return false;
        auto r1 = std::from_chars(item.data(), item.data() + x, b.portGbps);
        auto r2 = std::from_chars(item.data() + x + 1, item.data() + item.size(), b.portsPerCage);
        if (r1.ec != std::errc() || r1.ptr != item.data() + x || r2.ec != std::errc() ||
            r2.ptr != item.data() + item.size() || b.portGbps <= 0 || b.portsPerCage <= 0)
            return false;
        out.push_back(b);
        pos = end + 1;
    }
    return !out.empty();
}

std::string formatBreakouts(const std::vector<Breakout>& breakouts)
{
    std::string s;
    for (const Breakout& b : breakouts)
        s += (s.empty() ? "" : ";") + std::to_string(b.portGbps) + "x" + std::to_string(b.portsPerCage);
    return s;
}

CatalogRow partRow(const PartBase& p, bool userAdded)
{
    return {{"part", p.partNumber},
            {"category", toString(p.category)},
            {"vendor", p.vendor},
            {"description", p.description},
            {"power_w", formatNumber(p.powerW)},
            {"power_estimated", flag(p.powerEstimated)},
            {"lead_time_days", std::to_string(p.leadTimeDays)},
            {"source", p.source},
            {"oem", flag(p.oem)},
            {"user_added", flag(userAdded)}};
}

CatalogRow typeRow(const SwitchModel& m)
{
    return {{"part", m.partNumber},          {"protocol", toString(m.protocol)},
            {"asic", m.asic},                {"cages", std::to_string(m.cages)},
            {"cage_type", m.cageType},       {"cage_finned", flag(m.cageFinned)},
            {"cage_power_class_w", formatNumber(m.cagePowerClassW)},
            {"breakouts", formatBreakouts(m.breakouts)},
            {"latency_ns", std::to_string(m.latencyNs)},
            {"latency_estimated", flag(m.latencyEstimated)},
            {"rack_units", std::to_string(m.rackUnits)},
            {"adaptive_routing", flag(m.adaptiveRouting)},
            {"open_optics", flag(m.openOptics)},
            // A part without a maximum (a custom switch entered with its typical figure only) gets the
            // estimate rule's, marked so (catalog/switch_power.h).
            {"power_max_w", formatNumber(m.powerMaxW > 0 ? m.powerMaxW : estimatedSwitchMaxPowerW(m))},
            {"power_max_estimated", flag(m.powerMaxW > 0 ? m.powerMaxEstimated : true)},
            {"uplink_cages", std::to_string(m.uplinkCages)},
            {"uplink_cage_type", m.uplinkCageType},
            {"uplink_breakouts", formatBreakouts(m.uplinkBreakouts)},
            {"uplink_cage_power_class_w", formatNumber(m.uplinkCagePowerClassW)}};
}

CatalogRow typeRow(const NicModel& m)
{
    return {{"part", m.partNumber},
            {"protocol", toString(m.protocol)},
            {"ports", std::to_string(m.ports)},
            {"port_gbps", std::to_string(m.portGbps)},
            {"cage_type", m.cageType},
            {"cage_finned", flag(m.cageFinned)},
            {"cage_power_class_w", formatNumber(m.cagePowerClassW)},
            {"latency_ns", std::to_string(m.latencyNs)},
            {"latency_estimated", flag(m.latencyEstimated)},
            {"packet_spraying", flag(m.packetSpraying)},
            {"super_nic", flag(m.superNic)},
            {"eth_ports_per_cage", std::to_string(m.ethPortsPerCage)},
            {"eth_port_gbps", std::to_string(m.ethPortGbps)},
            {"open_optics", flag(m.openOptics)}};
}

CatalogRow typeRow(const TransceiverModel& m)
{
    return {{"part", m.partNumber},
            {"protocol", toString(m.protocol)},
            {"form_factor", m.formFactor},
            {"finned", flag(m.finned)},
            {"ports", std::to_string(m.ports)},
            {"port_gbps", std::to_string(m.portGbps)},
            {"lanes", std::to_string(m.lanes)},
            {"modulation", m.modulation},
            {"pmd", m.pmd},
            {"medium", toString(m.medium)},
            {"wavelength_nm", std::to_string(m.wavelengthNm)},
            {"connector", m.connector},
            {"reach_om3_m", formatNumber(m.reachOm3M)},
            {"reach_om4_m", formatNumber(m.reachOm4M)},
            {"reach_om5_m", formatNumber(m.reachOm5M)},
            {"reach_os2_m", formatNumber(m.reachOs2M)},
            {"channel_loss_db", formatNumber(m.channelLossDb)},
            {"loss_estimated", flag(m.lossEstimated)},
            {"fec", m.fec},
            {"power_class_w", formatNumber(m.powerClassW)},
            {"half_lane_gbps", std::to_string(m.halfLaneGbps)},
            {"half_lane_power_w", formatNumber(m.halfLanePowerW)}};
}

CatalogRow typeRow(const CableModel& m)
{
    return {{"part", m.partNumber},
            {"protocol", toString(m.protocol)},
            {"kind", toString(m.kind)},
            {"end_a_form", m.endAForm},
            {"end_a_finned", flag(m.endAFinned)},
            {"end_b_form", m.endBForm},
            {"end_b_finned", flag(m.endBFinned)},
            {"legs_b", std::to_string(m.legsB)},
            {"port_gbps", std::to_string(m.portGbps)},
            {"length_m", formatNumber(m.lengthM)},
            {"fiber_type", m.fiberType},
            {"connector", m.connector},
            {"fec", m.fec}};
}

CatalogRow typeRow(const PatchPanelModel& m)
{
    return {{"part", m.partNumber},
            {"ports", std::to_string(m.ports)},
            {"connector", m.connector},
            {"rack_units", std::to_string(m.rackUnits)}};
}

Catalog readCatalog(SqliteDb& db)
{
    Catalog cat;
    readTable(db, "switches", cat.switches, [](const Columns& c, SwitchModel& m) {
        m.protocol = protocolOf(c);
        m.asic = c.text("asic");
        m.cages = c.integer("cages");
        m.cageType = c.text("cage_type");
        m.cageFinned = c.flag("cage_finned");
        m.cagePowerClassW = c.real("cage_power_class_w");
        if (!parseBreakouts(c.text("breakouts"), m.breakouts))
            throw UserError("switch " + m.partNumber + " has a malformed breakout list '" + c.text("breakouts") + "'",
                            {}, "write breakouts as GBPSxPORTS;... e.g. 800x1;400x2");
        m.latencyNs = c.integer("latency_ns");
        m.latencyEstimated = c.flag("latency_estimated");
        m.rackUnits = c.integer("rack_units");
        m.adaptiveRouting = c.flag("adaptive_routing");
        m.openOptics = c.flag("open_optics");
        m.powerMaxW = c.real("power_max_w");
        m.powerMaxEstimated = c.flag("power_max_estimated");
        m.uplinkCages = c.integer("uplink_cages");
        m.uplinkCageType = c.text("uplink_cage_type");
        m.uplinkCagePowerClassW = c.real("uplink_cage_power_class_w");
        if (!c.text("uplink_breakouts").empty() && !parseBreakouts(c.text("uplink_breakouts"), m.uplinkBreakouts))
            throw UserError("switch " + m.partNumber + " has a malformed uplink breakout list '" + c.text("uplink_breakouts") + "'",
                            {}, "write uplink_breakouts as GBPSxPORTS;... e.g. 100x1");
        if ((m.uplinkCages > 0) != !m.uplinkBreakouts.empty() || (m.uplinkCages > 0) == m.uplinkCageType.empty())
            throw UserError("switch " + m.partNumber + " has " + std::to_string(m.uplinkCages) + " uplink cages but " +
                                (m.uplinkBreakouts.empty() ? "no uplink breakouts" : "breakouts") + " and " +
                                (m.uplinkCageType.empty() ? "no uplink cage type" : "a cage type"),
                            {}, "give uplink_cages, uplink_cage_type and uplink_breakouts together, or none of them");
        if (m.powerMaxW <= 0) {  // a row written by hand without one: the estimate rule's
            m.powerMaxW = estimatedSwitchMaxPowerW(m);
            m.powerMaxEstimated = true;
        }
        if (m.powerMaxW < m.powerW)
            throw UserError("switch " + m.partNumber + " has a maximum power (" + formatNumber(m.powerMaxW) +
                                " W) below its typical power (" + formatNumber(m.powerW) + " W)",
                            {}, "set power_max_w to the datasheet's maximum, at least power_w (typical)");
    });
    readTable(db, "nics", cat.nics, [](const Columns& c, NicModel& m) {
        m.protocol = protocolOf(c);
        m.ports = c.integer("ports");
        m.portGbps = c.integer("port_gbps");
        m.cageType = c.text("cage_type");
        m.cageFinned = c.flag("cage_finned");
        m.cagePowerClassW = c.real("cage_power_class_w");
        m.latencyNs = c.integer("latency_ns");
        m.latencyEstimated = c.flag("latency_estimated");
        m.packetSpraying = c.flag("packet_spraying");
        m.superNic = c.flag("super_nic");
        m.ethPortsPerCage = c.integer("eth_ports_per_cage");
        m.ethPortGbps = c.integer("eth_port_gbps");
        m.openOptics = c.flag("open_optics");
    });
    readTable(db, "transceivers", cat.transceivers, [](const Columns& c, TransceiverModel& m) {
        m.protocol = protocolOf(c);
        m.formFactor = c.text("form_factor");
        m.finned = c.flag("finned");
        m.ports = c.integer("ports");
        m.portGbps = c.integer("port_gbps");
        m.lanes = c.integer("lanes");
        m.modulation = c.text("modulation");
        m.pmd = c.text("pmd");
        parseMedium(c.text("medium"), m.medium);
        m.wavelengthNm = c.integer("wavelength_nm");
        m.connector = c.text("connector");
        m.reachOm3M = c.real("reach_om3_m");
        m.reachOm4M = c.real("reach_om4_m");
        m.reachOm5M = c.real("reach_om5_m");
        m.reachOs2M = c.real("reach_os2_m");
        m.channelLossDb = c.real("channel_loss_db");
        m.lossEstimated = c.flag("loss_estimated");
        m.fec = c.text("fec");
        m.powerClassW = c.real("power_class_w");
        m.halfLaneGbps = c.integer("half_lane_gbps");
        m.halfLanePowerW = c.real("half_lane_power_w");
    });
    readTable(db, "cables", cat.cables, [](const Columns& c, CableModel& m) {
        m.protocol = protocolOf(c);
        parseCableKind(c.text("kind"), m.kind);
        m.endAForm = c.text("end_a_form");
        m.endAFinned = c.flag("end_a_finned");
        m.endBForm = c.text("end_b_form");
        m.endBFinned = c.flag("end_b_finned");
        m.legsB = c.integer("legs_b");
        m.portGbps = c.integer("port_gbps");
        m.lengthM = c.real("length_m");
        m.fiberType = c.text("fiber_type");
        m.connector = c.text("connector");
        m.fec = c.text("fec");
    });
    readTable(db, "patch_panels", cat.patchPanels, [](const Columns& c, PatchPanelModel& m) {
        m.ports = c.integer("ports");
        m.connector = c.text("connector");
        m.rackUnits = c.integer("rack_units");
    });

    std::map<std::string, std::vector<PriceQuote>> prices;
    SqliteStmt ps(db, "SELECT part, source, price_usd, currency, date, basis, estimated FROM prices "
                      "ORDER BY part, source");
    while (ps.step()) {
        PriceQuote q;
        q.source = ps.text(1);
        q.priceUsd = ps.real(2);
        q.currency = ps.text(3);
        q.date = ps.text(4);
        q.basis = ps.text(5);
        q.estimated = ps.integer(6) != 0;
        prices[ps.text(0)].push_back(std::move(q));
    }
    auto attach = [&](auto& models) {
        for (PartBase& m : models) {
            auto it = prices.find(m.partNumber);
            if (it != prices.end()) m.prices = it->second;
        }
    };
    attach(cat.switches);
    attach(cat.nics);
    attach(cat.transceivers);
    attach(cat.cables);
    attach(cat.patchPanels);

    SqliteStmt qs(db, "SELECT platform, part FROM qualifications ORDER BY platform, part");
    while (qs.step()) cat.qualifications.push_back({qs.text(0), qs.text(1)});
    readPlatforms(db, cat.platforms);
    readFailureRates(db, cat.failureRates);
    readAsics(db, cat.asics);
    for (SwitchModel& sw : cat.switches) sw.asicFigures = cat.asicFigures(sw.asic);
    return cat;
}

} // namespace fp
