#include <cstdio>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "catalog/catalog_access.h"
#include "catalog/catalog_db.h"
#include "catalog/price_csv.h"
#include "commands.h"
#include "common/error.h"
#include "common/format.h"
#include "common/paths.h"
#include "design_input.h"

namespace fp::cli {
namespace {

const char* kCatalogHelp =
    "Usage: fabricplan-cli catalog list [switches|nics|transceivers|cables|platforms|failure-rates|asics] [--json -]\n"
    "                                   [--catalog FILE]\n"
    "       fabricplan-cli catalog build SEED_DIR OUT.sqlite\n"
    "       fabricplan-cli catalog import-prices PRICES.csv --catalog FILE [--skip-bad-lines]\n"
    "       fabricplan-cli catalog export-prices PRICES.csv [--catalog FILE]\n"
    "       fabricplan-cli catalog set-failure-rate CLASS AFR_PCT --source TEXT [--share S] [--estimate]\n"
    "                                   --catalog FILE\n"
    "       fabricplan-cli catalog reset [--catalog FILE]\n"
    "Lists the parts catalog, builds it from the text seed, or moves price lists in and out as CSV\n"
    "(columns: part,source,price,currency,date,basis[,lead_time_days]). import-prices changes nothing when\n"
    "any line is bad (they are listed); --skip-bad-lines applies the valid ones. export-prices writes a\n"
    "formula-like cell (=, +, -, @) with a leading ' that import-prices reads back. reset copies your\n"
    "catalog (default: your own copy) to FILE.backup-TIME and puts the bundled catalog in its place.\n"
    "A catalog another FabricPlan process is writing is waited for (FABRICPLAN_CATALOG_WAIT_SECONDS,\n"
    "default 10), then reported as busy (exit 2). set-failure-rate sets the\n"
    "annualised failure rate of a part class (transceiver_multimode, transceiver_singlemode, aoc, acc, dac,\n"
    "fibre, switch, nic): 0 <= AFR_PCT < 100 failures per 100 installed parts per year; --share is the share\n"
    "of failures that consume a spare (0..1, default 1); --estimate flags it as an estimate.\n";

nlohmann::json partJson(const PartBase& p)
{
    nlohmann::json prices = nlohmann::json::array();
    for (const auto& q : p.prices)
        prices.push_back({{"source", q.source}, {"price_usd", q.priceUsd}, {"basis", q.basis}, {"estimated", q.estimated}});
    return {{"part", p.partNumber}, {"vendor", p.vendor}, {"description", p.description}, {"category", toString(p.category)},
            {"power_w", p.powerW}, {"oem", p.oem}, {"source", p.source}, {"prices", prices}};
}

// A switch: power_w is its typical draw; the maximum (rack and facility budgets) beside it.
nlohmann::json partJson(const SwitchModel& s)
{
    nlohmann::json j = partJson(static_cast<const PartBase&>(s));
    j["power_max_w"] = s.maxPowerW();
    j["power_max_estimated"] = s.powerMaxEstimated;
    return j;
}

template <typename Model>
void listRows(const std::vector<Model>& rows, bool json, nlohmann::json& out)
{
    for (const auto& r : rows) {
        if (json) {
            out.push_back(partJson(r));
        } else {
            double cheapest = -1;
            for (const auto& q : r.prices)
                if (cheapest < 0 || q.priceUsd < cheapest) cheapest = q.priceUsd;
            char price[32] = "-";
            if (cheapest >= 0) std::snprintf(price, sizeof price, "$%.0f", cheapest);
            std::printf("%-24s %-10s %-12s %9s  %s\n", r.partNumber.c_str(), r.vendor.c_str(), toString(r.category),
                        price, r.description.c_str());
        }
    }
}

constexpr std::size_t kMessagesShown = 30;

void printFirst(const std::vector<std::string>& lines, const char* prefix, const char* singular)
{
    for (std::size_t i = 0; i < lines.size() && i < kMessagesShown; ++i) std::cerr << prefix << lines[i] << "\n";
    if (lines.size() > kMessagesShown)
        std::cerr << "... and " << counted((long long)(lines.size() - kMessagesShown), std::string("more ") + singular) << " (" << lines.size()
                  << " in all; the first " << kMessagesShown << " are shown)\n";
}

nlohmann::json platformJson(const PlatformModel& p)
{
    return {{"id", p.id}, {"vendor", p.vendor}, {"description", p.description}, {"category", "platform"},
            {"gpu", p.gpu}, {"gpu_arch", p.gpuArch}, {"gpus_per_node", p.gpusPerNode},
            {"gpus_per_scale_up", p.gpusPerScaleUp}, {"scale_up_GBps_per_gpu", p.scaleUpGBpsPerGpu},
            {"nvlink_generation", p.nvlinkGeneration}, {"nvlink_sharp", p.nvlinkSharp}, {"nic", p.nicPart},
            {"nics_per_node", p.nicsPerNode}, {"nics_built_in", p.nicsBuiltIn},
            {"nics_built_in_source", p.nicsBuiltInSource}, {"host_cages", p.hostCages}, {"ports_per_cage", p.portsPerCage},
            {"cage_type", p.cageType}, {"cage_finned", p.cageFinned}, {"node_power_kw", p.nodePowerKw},
            {"node_rack_units", p.nodeRackUnits}, {"nodes_per_rack", p.nodesPerRack}, {"rack_power_kw", p.rackPowerKw},
            {"power_estimated", p.powerEstimated}, {"source", p.source}, {"notes", p.notes}};
}

void listPlatforms(const std::vector<PlatformModel>& rows, bool json, nlohmann::json& out)
{
    for (const auto& p : rows) {
        if (json) {
            out.push_back(platformJson(p));
            continue;
        }
        char domain[48];
        if (p.nvlinkGeneration > 0)
            std::snprintf(domain, sizeof domain, "%d GPU/node, NVLink %d", p.gpusPerNode, p.gpusPerScaleUp);
        else if (p.gpusPerNode > 0)
            std::snprintf(domain, sizeof domain, "%d GPU/node, no NVLink", p.gpusPerNode);
        else
            std::snprintf(domain, sizeof domain, "design decides");
        std::printf("%-24s %-10s %-12s %-26s %s%s\n", p.id.c_str(), p.vendor.c_str(), "platform", domain,
                    p.description.c_str(), p.nicsBuiltIn ? " (NICs built in)" : "");
    }
}

void listFailureRates(const std::vector<FailureRateEntry>& rows, bool json, nlohmann::json& out)
{
    for (const auto& r : rows) {
        if (json) {
            out.push_back({{"part_class", r.partClass}, {"afr_pct", r.afrPct}, {"replacement_share", r.replacementShare},
                           {"estimated", r.estimated}, {"source", r.source}, {"user_edited", r.userEdited}});
            continue;
        }
        std::printf("%-24s %7.3f %%/yr  share %.2f  %-9s %s%s\n", r.partClass.c_str(), r.afrPct, r.replacementShare,
                    r.estimated ? "estimate" : "published", r.source.c_str(), r.userEdited ? " (yours)" : "");
    }
}

// The switch ASICs' lossless figures (table asics): what every port's PFC headroom and buffer fit use.
void listAsics(const std::vector<AsicFigures>& rows, bool json, nlohmann::json& out)
{
    for (const AsicFigures& a : rows) {
        if (json) {
            out.push_back({{"asic", a.asic}, {"buffer_bytes", a.bufferBytes}, {"buffer_estimated", a.bufferEstimated},
                           {"cell_bytes", a.cellBytes}, {"pipeline_latency_bytes", a.pipelineLatencyBytes},
                           {"mac_phy_delay_bytes", a.macPhyDelayBytes}, {"tile_bytes_per_gbps", a.tileBytesPerGbps},
                           {"max_mtu", a.maxMtu}, {"constants_estimated", a.constantsEstimated}, {"source", a.source}});
            continue;
        }
        std::printf("%-26s buffer %6.1f MB%s  cell %4d B  latency %5.0f B  MTU %d%s\n    %s\n", a.asic.c_str(),
                    a.bufferBytes / 1e6, a.bufferBytes <= 0 ? " (none)" : a.bufferEstimated ? " (est.)" : "",
                    a.cellBytes, a.pipelineLatencyBytes, a.maxMtu, a.constantsEstimated ? "  constants estimated" : "",
                    a.source.c_str());
    }
}

// A plain non-negative decimal ("1.5", "0.25", "12"): no sign, hex (0x10), exponent, inf/nan or
// trailing text, so what is typed is what is stored. UsageError naming the argument otherwise.
double numberArgument(const std::string& text, const char* what, const char* example)
{
    std::size_t digits = 0, dots = 0, others = 0;
    for (char c : text) {
        if (c >= '0' && c <= '9') ++digits;
        else if (c == '.') ++dots;
        else ++others;
    }
    const bool plain = digits > 0 && dots <= 1 && others == 0;
    if (!plain) {
        const bool negative = !text.empty() && text[0] == '-';
        throw UsageError{std::string(what) + " must be a non-negative decimal number such as " + example + ", not \"" +
                         text + "\"" +
                         (negative ? "" : " (write digits with an optional decimal point: no sign, hex, exponent or unit)")};
    }
    return std::stod(text);
}

// Args takes "-1" for an unknown option; for set-failure-rate a negative number is a negative rate.
void refuseNegativeNumbers(const std::vector<std::string>& argv)
{
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        const bool looksNegative = a.size() > 1 && a[0] == '-' && ((a[1] >= '0' && a[1] <= '9') || a[1] == '.');
        const bool isFlagValue = i > 0 && argv[i - 1].rfind("--", 0) == 0 && argv[i - 1].find('=') == std::string::npos &&
                                 argv[i - 1] != "--estimate";
        if (looksNegative && !isFlagValue)
            throw UsageError{"AFR_PCT must be a non-negative decimal number such as 1.5, not \"" + a +
                             "\" (a failure rate cannot be negative)"};
    }
}

std::string catalogPathFor(const Args& args)
{
    if (auto f = args.value("--catalog")) return *f;
    throw UsageError{"name the catalog to change with --catalog FILE"};
}

} // namespace

int catalogCommand(const std::vector<std::string>& argv)
{
    if (argv.empty() || argv.front() == "--help" || argv.front() == "-h") {
        std::cout << kCatalogHelp;
        return argv.empty() ? kExitBadInput : kExitOk;
    }
    const std::string verb = argv.front();
    const std::vector<std::string> rest(argv.begin() + 1, argv.end());
    if (verb == "build") {
        if (rest.size() != 2) throw UsageError{"catalog build needs SEED_DIR and OUT.sqlite"};
        buildCatalogFromSeed(rest[0], rest[1]);
        std::cerr << "built " << rest[1] << "\n";
        return kExitOk;
    }
    if (verb == "set-failure-rate") refuseNegativeNumbers(rest);
    useCatalogWaitMessages();
    const Args args(rest, {"--json", "--catalog", "--source", "--share"}, {"--estimate", "--skip-bad-lines"});
    if (verb == "list") {
        const Catalog catalog = openCatalog(args);
        const std::string what = args.positional().empty() ? "all" : args.positional().front();
        if (what != "all" && what != "switches" && what != "nics" && what != "transceivers" && what != "cables" &&
            what != "platforms" && what != "failure-rates" && what != "asics")
            throw UsageError{"catalog list takes switches, nics, transceivers, cables, platforms, failure-rates or asics, not \"" +
                             what + "\""};
        const bool json = args.has("--json");
        nlohmann::json out = nlohmann::json::array();
        if (what == "all" || what == "switches") listRows(catalog.switches, json, out);
        if (what == "all" || what == "nics") listRows(catalog.nics, json, out);
        if (what == "all" || what == "transceivers") listRows(catalog.transceivers, json, out);
        if (what == "all" || what == "cables") listRows(catalog.cables, json, out);
        if (what == "all" || what == "platforms") listPlatforms(catalog.platforms, json, out);
        if (what == "failure-rates") listFailureRates(catalog.failureRates, json, out);
        if (what == "asics") listAsics(catalog.asics, json, out);
        if (json) std::cout << out.dump(2) << "\n";
        return kExitOk;
    }
    if (verb == "import-prices") {
        if (args.positional().size() != 1) throw UsageError{"catalog import-prices needs one CSV file"};
        const bool skipBad = args.has("--skip-bad-lines");
        const auto report = importPriceCsv(catalogPathFor(args), args.positional().front(),
                                           skipBad ? PriceImportMode::ApplyValidLines : PriceImportMode::AllOrNothing);
        // A million bad lines must not print a million messages: the first few dozen, then a count.
        printFirst(report.unknownParts, "unknown part: ", "unknown part");
        printFirst(report.problems, skipBad ? "skipped: " : "bad line: ", skipBad ? "skipped line" : "bad line");
        printFirst(report.notes, "note: ", "note");
        if (!report.clean() && !skipBad) {
            std::cerr << "fabricplan-cli: nothing was imported: "
                      << counted(static_cast<long long>(report.unknownParts.size() + report.problems.size()), "line")
                      << " cannot be applied (listed above); fix them, or pass --skip-bad-lines to apply the valid "
                         "lines alone\n";
            return kExitBadInput;
        }
        std::cout << "updated " << counted(report.rowsApplied, "price") << "\n";
        if (report.leadTimesSet > 0) std::cout << "set the lead time of " << counted(report.leadTimesSet, "part") << "\n";
        return kExitOk;
    }
    if (verb == "reset") {
        if (!args.positional().empty()) throw UsageError{"catalog reset takes no file name (use --catalog FILE)"};
        const std::string path = args.value("--catalog").value_or(userCatalogPath());
        const std::string bundled = bundledCatalogPath();
        if (bundled.empty())
            throw UserError("the bundled parts catalog was not found", "catalog.sqlite",
                            "reinstall FabricPlan or set FABRICPLAN_DATA_DIR");
        const std::string backup = replaceUserCatalog(path, bundled);
        if (!backup.empty()) std::cout << "kept your catalog as " << backup << "\n";
        std::cout << "copied the bundled catalog to " << path << "\n";
        return kExitOk;
    }
    if (verb == "export-prices") {
        if (args.positional().size() != 1) throw UsageError{"catalog export-prices needs one CSV file"};
        const Catalog catalog = openCatalog(args);
        exportPriceCsv(catalog.path, args.positional().front());
        return kExitOk;
    }
    if (verb == "set-failure-rate") {
        if (args.positional().size() != 2) throw UsageError{"catalog set-failure-rate needs CLASS and AFR_PCT"};
        FailureRateEntry e;
        e.partClass = args.positional()[0];
        e.afrPct = numberArgument(args.positional()[1], "AFR_PCT", "1.5");
        e.replacementShare = args.has("--share") ? numberArgument(*args.value("--share"), "--share", "0.32") : 1.0;
        e.estimated = args.has("--estimate");
        e.source = args.value("--source").value_or("");
        const std::string path = catalogPathFor(args);
        setFailureRate(path, e);
        std::cout << "set the failure rate of " << e.partClass << " to " << e.afrPct << " %/yr\n";
        return kExitOk;
    }
    throw UsageError{"unknown catalog command \"" + verb + "\" (see: fabricplan-cli catalog --help)"};
}

} // namespace fp::cli
