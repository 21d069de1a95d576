// Several networks in the workbook (issue 38): the "Networks" sheet, and each other network's BOM and
// cable plan sheets. The compute fabric keeps its sheets (BOM, Cable plan, ...) as a compute-only
// workbook has them; every other network gets "BOM <name>" and "Cables <name>". Each figure of the
// Networks sheet is a live formula over the network's own sheets, and the total row sums the rows above,
// so a user who edits a quantity sees the total follow. The cached values are ClusterPlan's figures
// (NetworkFigures), which is what the formulas must come back to when LibreOffice or Excel recalculates
// (tests/scripts/check_network_workbook.py).
#include <algorithm>
#include <cctype>
#include <set>

#include "bom/bom.h"
#include "io/export_support.h"
#include "io/network_text.h"
#include "io/xlsx_sheets.h"
#include "plan/cluster_plan.h"

namespace fp::io::xlsx {
namespace {

const std::string kNetworksSheet = "Networks";
// Excel's sheet names: at most 31 characters, none of []:*?/\, not starting or ending with '.
// "Cables " + name + " (99)" must fit, so a name is used as it is up to 16 plain characters.
constexpr std::size_t kNameInSheet = 16;

bool plainSheetText(const std::string& name)
{
    if (name.empty() || name.size() > kNameInSheet || name.front() == '\'' || name.back() == '\'') return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u >= 0x20 && u < 0x7F && std::string_view("[]:*?/\\").find(c) == std::string_view::npos;
    });
}

std::string lower(std::string s)
{
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

struct NetworkSheets {
    std::string bom, cables;  // the cable plan's first sheet; more follow as "<cables> (2)", ...
};

// Sheet names per network: the compute fabric's own, then "BOM <name>" / "Cables <name>", or "BOM network
// <k>" when the name cannot be a sheet name (too long, a forbidden character) or would repeat another
// sheet's name (Excel compares sheet names ignoring case).
std::vector<NetworkSheets> sheetsOf(const ClusterPlan& c)
{
    std::vector<NetworkSheets> out{{kBomSheet, kCableSheet}};
    std::set<std::string> used;
    for (const std::string& s : {kNetworksSheet, kSummarySheet, kBomSheet, kCableSheet, kOpticsSheet, kChecksSheet,
                                 kResilienceSheet, kTuningSheet})
        used.insert(lower(s));
    for (std::size_t i = 1; i < c.networks.size(); ++i) {
        std::string tag = plainSheetText(c.networks[i].name) ? c.networks[i].name : "network " + std::to_string(i + 1);
        if (used.count(lower("BOM " + tag)) || used.count(lower("Cables " + tag))) tag = "network " + std::to_string(i + 1);
        out.push_back({"BOM " + tag, "Cables " + tag});
        used.insert(lower(out.back().bom));
        used.insert(lower(out.back().cables));
    }
    return out;
}

// Column letter of a 0-based column ("E").
std::string columnLetter(int col)
{
    const std::string ref = cellRef(0, col);
    return ref.substr(0, ref.find_first_of("0123456789"));
}

enum NetworksColumn {
    kNetName = 0, kNetRole, kNetTopology, kNetBomSheet, kNetSwitches, kNetTransceivers, kNetCables, kNetCapex,
    kNetNicPorts, kNetNicPowerW, kNetPowerW, kNetPowerMaxW, kNetErrors, kNetWarnings, kNetFailuresPerMonth,
    kNetSpares, kNetColumnCount
};

} // namespace

void writeNetworksSheet(XlsxBook& book, const ExportContext& ctx)
{
    const ClusterPlan* cluster = severalNetworks(ctx);
    if (!cluster) return;
    const ClusterPlan& c = *cluster;
    const auto& fmt = book.formats();
    const std::vector<NetworkSheets> sheets = sheetsOf(c);
    XlsxSheet s = book.addSheet(kNetworksSheet);
    s.width(kNetName, kNetName, 14);
    s.width(kNetRole, kNetRole, 24);
    s.width(kNetTopology, kNetTopology, 60);
    s.width(kNetBomSheet, kNetBomSheet, 18);
    s.width(kNetSwitches, kNetCables, 13);
    s.width(kNetCapex, kNetCapex, 18);
    s.width(kNetNicPorts, kNetSpares, 14);

    s.text(0, 0, "Networks of the cluster: " + std::to_string(c.networks.size()) +
                     "; the total row is the sum of the networks above", fmt.title);
    s.text(1, 0,
           "Each figure is a formula over the network's BOM sheet and cable plan sheet(s). Power as the plan counts "
           "it: switches, transceivers, cables and fibre from the BOM, plus every NIC port (priced or built in) at "
           "its power. The Summary, BOM, Cable plan, Prices, Checks, Resilience and Tuning checklist sheets "
           "are the compute fabric's.",
           fmt.note);
    const int headerRow = 3;
    s.header(headerRow,
             {"Network", "Role", "Topology", "BOM sheet", "Switches", "Transceivers", "Cables", "Capex (USD)",
              "NIC ports", "NIC port power (W)", "Power, typical (W)", "Power, max (W)", "Errors", "Warnings",
              "Part failures a month", "Spares (service level)"},
             fmt.header);

    int row = headerRow + 1;
    const int firstRow = row;
    for (std::size_t i = 0; i < c.networks.size(); ++i, ++row) {
        const NetworkPlan& n = c.networks[i];
        const Plan& p = n.plan;
        const NetworkFigures& f = c.figures[i];
        const std::size_t lines = p.bom.lines.size();
        const std::string& bomSheet = sheets[i].bom;
        const std::string cat = bomColumnRange(kColCategory, lines, bomSheet);
        const auto sumif = [&](BomCategory k, int col) {
            return "SUMIF(" + cat + "," + formulaString(displayName(k)) + "," + bomColumnRange(col, lines, bomSheet) + ")";
        };
        s.text(row, kNetName, n.name, fmt.bold);
        s.text(row, kNetRole, displayName(n.role));
        s.text(row, kNetTopology, networkTopologyText(n));
        s.text(row, kNetBomSheet, bomSheet);
        s.formula(row, kNetSwitches, "=" + sumif(BomCategory::Switches, kColQty), double(f.switches), fmt.integer);
        s.formula(row, kNetTransceivers, "=" + sumif(BomCategory::Transceivers, kColQty), double(f.transceivers),
                  fmt.integer);
        // Cables: the rows of the network's cable plan sheet(s), header excluded.
        std::string cables = "=";
        const int cableSheets = cableSheetCount(std::size_t(f.cables));
        for (int k = 1; k <= cableSheets; ++k)
            cables += (k > 1 ? "+" : "") + std::string("COUNTA(") + sheetRef(cableSheetName(sheets[i].cables, k)) +
                      "!$A:$A)-1";
        s.formula(row, kNetCables, cables, double(f.cables), fmt.integer);
        s.formula(row, kNetCapex, "=SUM(" + bomColumnRange(kColExtPrice, lines, bomSheet) + ")", f.capexUsd, fmt.usd);
        const double nicPorts = double(p.fabric.nodeCount) * double(p.fabric.nicsPerNode);
        s.number(row, kNetNicPorts, nicPorts, fmt.integer);
        s.number(row, kNetNicPowerW, p.hardware.nic.powerW, fmt.decimal);
        const std::string nicW = cellRef(row, kNetNicPorts) + "*" + cellRef(row, kNetNicPowerW);
        // As NetworkFigures (cluster_plan.cpp figuresOf): typical for everything; at its maximum for a switch.
        const auto power = [&](int switchCol) {
            return "=" + sumif(BomCategory::Switches, switchCol) + "+" + sumif(BomCategory::Transceivers, kColExtPower) +
                   "+" + sumif(BomCategory::Cables, kColExtPower) + "+" + sumif(BomCategory::Fibre, kColExtPower) + "+" +
                   nicW;
        };
        s.formula(row, kNetPowerW, power(kColExtPower), f.powerW, fmt.decimal);
        s.formula(row, kNetPowerMaxW, power(kColExtPowerMax), f.powerMaxW, fmt.decimal);
        s.number(row, kNetErrors, f.errors, fmt.integer);
        s.number(row, kNetWarnings, f.warnings, fmt.integer);
        // Every network's parts fail and need spares (resilience::partFailures; the compute fabric's as its
        // Resilience sheet): expected failures a month and the spares that keep the service level.
        s.number(row, kNetFailuresPerMonth, p.resilience.failuresPerMonth, fmt.rate);
        s.number(row, kNetSpares, double(resilience::spareTotals(p.resilience).byServiceLevel), fmt.integer);
    }
    const int lastRow = row - 1;
    s.text(row, kNetName, "Total", fmt.bold);
    const auto total = [&](int col, double cached, lxw_format* format) {
        const std::string letter = columnLetter(col);
        s.formula(row, col, "=SUM(" + letter + std::to_string(firstRow + 1) + ":" + letter + std::to_string(lastRow + 1) + ")",
                  cached, format);
    };
    const NetworkFigures& t = c.total;
    total(kNetSwitches, double(t.switches), fmt.bold);
    total(kNetTransceivers, double(t.transceivers), fmt.bold);
    total(kNetCables, double(t.cables), fmt.bold);
    total(kNetCapex, t.capexUsd, fmt.usdBold);
    total(kNetPowerW, t.powerW, fmt.decimalBold);
    total(kNetPowerMaxW, t.powerMaxW, fmt.decimalBold);
    total(kNetErrors, t.errors, fmt.bold);
    total(kNetWarnings, t.warnings, fmt.bold);
    double failures = 0, spares = 0;
    for (const NetworkPlan& n : c.networks) {
        failures += n.plan.resilience.failuresPerMonth;
        spares += double(resilience::spareTotals(n.plan.resilience).byServiceLevel);
    }
    total(kNetFailuresPerMonth, failures, fmt.rateBold);
    total(kNetSpares, spares, fmt.bold);
    s.freezeHeader(headerRow + 1);
}

void writeOtherNetworkSheets(XlsxBook& book, const ExportContext& ctx, double progressFrom, double progressTo)
{
    const ClusterPlan* cluster = severalNetworks(ctx);
    if (!cluster) return;
    const ClusterPlan& c = *cluster;
    const std::vector<NetworkSheets> sheets = sheetsOf(c);
    const double step = (progressTo - progressFrom) / double(c.networks.size() - 1);
    for (std::size_t i = 1; i < c.networks.size(); ++i) {
        const NetworkPlan& n = c.networks[i];
        writeBomSheet(book, n.plan.bom, sheets[i].bom,
                      "Network: " + n.name + " (" + displayName(n.role) + "): " + networkTopologyText(n));
        const ExportContext own{n.plan, ctx.catalog, nullptr, ctx.progress, ctx.options};
        const double from = progressFrom + step * double(i - 1);
        writeCableSheets(book, own, from, from + step, sheets[i].cables, n.name + " ");
    }
}

} // namespace fp::io::xlsx
