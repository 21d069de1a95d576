#include <filesystem>
#include <fstream>
#include <iostream>
#include <functional>
#include <optional>
#include <utility>

#include "commands.h"
#include "common/atomic_file.h"
#include "common/error.h"
#include "common/user_text.h"
#include "design_input.h"
#include "memory_policy.h"
#include "library_stderr.h"
#include "io/exporter.h"
#include "io/json_output.h"
#include "network_summary.h"
#include "plan/cluster_plan_json.h"
#include "plan/plan_json.h"
#include "report_output.h"
#include "summary.h"

namespace fp::cli {
namespace {

const char* kPlanHelp =
    "Usage: fabricplan-cli plan [DESIGN.fabricplan] [overrides] [--json FILE|-] [--xlsx FILE] [--csv DIR]\n"
    "                           [--export FMT=FILE]...\n"
    "Plans the fabric of a GPU cluster: topology, parts, bill of materials, costs and performance.\n"
    "Prints a summary; --json - prints the plan as JSON instead.\n"
    "  --json FILE|-      write the versioned plan JSON (- = standard output)\n"
    "  --xlsx FILE        write the BOM workbook (Summary, BOM, Cable plan, Prices, Checks)\n"
    "  --csv DIR          write DIR/bom.csv and DIR/cables.csv\n"
    "  --export FMT=FILE  any exporter by id (see: fabricplan-cli export --list)\n"
    "  --pdf FILE         write the PDF design report (summary, topology, BOM, fabric comparison, checks)\n"
    "  --topology-png FILE, --floor-png FILE, --floor-svg FILE   diagrams\n"
    "Exit status: 0 success, 1 the plan has design-rule errors, 2 bad input or usage.\n\n";

void writeJson(const nlohmann::json& j, const std::string& target)
{
    if (target == "-") {
        std::cout << io::jsonDocumentText(j);
        return;
    }
    writeFileAtomically(target, [&](std::ostream& out) { out << io::jsonDocumentText(j); });
}

void requireKnownFormat(const std::string& id)
{
    if (!isReportOutput(id) && !io::findExporter(id))
        throw UsageError{"unknown export format " + quotedText(id) + " (see: fabricplan-cli export --list)"};
}

// `cluster` (several networks): the exporters add every other network (io/exporter.h, ExportContext::cluster).
void runExporter(const std::string& id, const Plan& plan, const Catalog& catalog, const std::string& path,
                 const Comparison* comparison = nullptr, const ClusterPlan* cluster = nullptr)
{
    requireKnownFormat(id);
    if (isReportOutput(id)) return writeReportOutput(id, plan, catalog, comparison, path, cluster);
    io::ExportContext ctx{plan, catalog, comparison, {}};
    ctx.cluster = cluster;
    const LibraryStderrFilter quiet;  // libxlsxwriter's own "[ERROR]" lines name its temporary file
    io::findExporter(id)->write(ctx, path);
}

// One command's file outputs are written as one (atomic_file.h, WriteBatch): each to a temporary beside
// its target, all renamed into place only when every one succeeded. One failed --export used to leave
// the earlier ones written, with exit 2. `announced` are the paths "wrote" is said of afterwards.
void writeTogether(const std::vector<std::string>& paths, const std::vector<std::string>& announced,
                   const std::function<void()>& writeAll)
{
    WriteBatch batch(paths);
    try {
        writeAll();
    } catch (const UserError& e) {
        if (paths.size() < 2) throw;
        throw UserError(std::string(e.what()) + "; so none of the " + std::to_string(paths.size()) +
                            " outputs was written (they are written all together or not at all)",
                        e.where, e.fix);
    }
    batch.commit();
    for (const std::string& p : announced) std::cerr << "wrote " << escapedText(p) << "\n";
}

// "--export ID=FILE" split, with the format checked before anything is written.
std::pair<std::string, std::string> exportArgument(const std::string& e)
{
    const auto eq = e.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == e.size())
        throw UsageError{"--export needs FORMAT=FILE, not " + quotedText(e)};
    requireKnownFormat(e.substr(0, eq));
    return {e.substr(0, eq), e.substr(eq + 1)};
}

} // namespace

constexpr std::size_t kPlanHeapBytesPerGpu = 160;

int planCommand(const std::vector<std::string>& argv)
{
    for (const auto& a : argv)
        if (a == "--help" || a == "-h") {
            std::cout << kPlanHelp << designFlagsHelp();
            return kExitOk;
        }
    auto valued = designValuedFlags();
    valued.insert(valued.end(), {"--json", "--xlsx", "--csv", "--export", "--pdf", "--topology-png", "--floor-png",
                                 "--floor-svg"});
    // --export may repeat: collect them before Args keeps only the last.
    std::vector<std::string> exports;
    for (std::size_t i = 0; i + 1 < argv.size(); ++i)
        if (argv[i] == "--export") exports.push_back(argv[i + 1]);
    const Args args(argv, valued, designSwitchFlags());
    const DesignKeys keys(args);
    const ClusterSpec loaded = loadDesign(args);
    // A plan takes about 120-160 bytes of heap per GPU (peak RSS less the tiny plan's: 100,000 GPUs
    // 12.2 MB on one thread, 14.3 MB on two; 1,000,000 GPUs 153 MB); fault that in on the idle core while
    // the catalog loads.
    prefaultHeapAhead(std::size_t(std::max(0, requestedGpus(loaded, keys))) * kPlanHeapBytesPerGpu);
    const Catalog catalog = openCatalog(args);
    // The one code path from design keys to what is planned; every sweep row goes through it too.
    const PlanRequest request = planRequest(loaded, keys, catalog);
    const ClusterSpec& spec = request.spec;
    // The compute fabric and the design's other networks (none: the cluster is its compute fabric).
    const ClusterPlan cluster = makeClusterPlan(spec, catalog, request.options);
    const Plan& plan = cluster.compute();
    const bool severalNetworks = cluster.networks.size() > 1;

    // Every file output, in the order written: (format, path); "plan-json" is --json's.
    std::vector<std::pair<std::string, std::string>> outputs;
    const auto json = args.value("--json");
    if (json && *json != "-") outputs.push_back({"plan-json", *json});
    if (auto x = args.value("--xlsx")) outputs.push_back({"xlsx", *x});
    const auto csvDir = args.value("--csv");
    if (csvDir) {
        outputs.push_back({"bom-csv", (std::filesystem::path(*csvDir) / "bom.csv").string()});
        outputs.push_back({"cables-csv", (std::filesystem::path(*csvDir) / "cables.csv").string()});
    }
    for (const char* kind : {"pdf", "topology-png", "floor-png", "floor-svg"})
        if (auto file = args.value(std::string("--") + kind)) outputs.push_back({kind, *file});
    for (const auto& e : exports) outputs.push_back(exportArgument(e));
    std::vector<std::string> paths, announced;
    for (const auto& [id, path] : outputs) {
        paths.push_back(path);
        if (id != "plan-json") announced.push_back(path);
    }

    if (json && *json == "-") writeJson(clusterPlanToJson(cluster), "-");
    if (!json || *json != "-") {
        printSummary(plan, std::cout, catalog.path);
        printNetworks(cluster, std::cout);
    }
    // A report is read by people deciding between fabrics: the PDF gets the comparison (four more plans,
    // made once and only when a PDF is asked for).
    std::optional<Comparison> comparison;
    auto comparisonFor = [&](const std::string& id) -> const Comparison* {
        if (id != "pdf") return nullptr;
        if (!comparison) comparison = comparePlans(spec, catalog, request.options);
        return &*comparison;
    };
    bool madeCsvDir = false;
    if (csvDir) {
        std::error_code ec;
        madeCsvDir = std::filesystem::create_directories(*csvDir, ec);
        if (ec) throw UserError("cannot create the folder: " + ec.message(), *csvDir, "choose a folder you can write to");
    }
    try {
        writeTogether(paths, announced, [&] {
            for (const auto& [id, path] : outputs) {
                if (id == "plan-json") writeJson(clusterPlanToJson(cluster), path);
                // Several networks: every exporter writes every network, each named (io/exporter.h).
                else runExporter(id, plan, catalog, path, comparisonFor(id), severalNetworks ? &cluster : nullptr);
            }
        });
    } catch (...) {
        std::error_code ec;
        if (madeCsvDir) std::filesystem::remove(*csvDir, ec);  // only if still empty
        throw;
    }
    return cluster.errorCount() > 0 ? kExitDesignErrors : kExitOk;
}

int compareCommand(const std::vector<std::string>& argv)
{
    for (const auto& a : argv)
        if (a == "--help" || a == "-h") {
            std::cout << "Usage: fabricplan-cli compare [DESIGN.fabricplan] [overrides] [--json FILE|-] [--xlsx FILE]\n"
                         "                              [--pdf FILE]\n"
                         "Plans the same cluster on InfiniBand, RoCEv2, Spectrum-X and UEC Ethernet and\n"
                         "recommends one, with reasons. Prints the comparison; --json - prints it as JSON instead.\n"
                         "  --json FILE|-      write the comparison JSON (- = standard output)\n"
                         "  --xlsx FILE        write the design's own fabric as a BOM workbook whose Summary sheet\n"
                         "                     carries the per-fabric comparison\n"
                         "  --pdf FILE         write the PDF design report with the fabric comparison\n"
                         "Exit status: 0 success, 2 bad input or usage.\n\n"
                      << designFlagsHelp();
            return kExitOk;
        }
    auto valued = designValuedFlags();
    valued.insert(valued.end(), {"--json", "--xlsx", "--pdf"});
    const Args args(argv, valued, designSwitchFlags());
    const ClusterSpec spec = readDesign(args);
    const Catalog catalog = openCatalog(args);
    const PlanOptions options = readPlanOptions(args);
    const Comparison c = comparePlans(spec, catalog, options);
    // A design with other networks: each alternative with them, as the window's Compare tab shows it.
    const std::vector<NetworkFigures> totals = clusterTotalsOf(c, catalog, options);
    const auto comparisonJson = [&] {
        nlohmann::json j = comparisonToJson(c);
        if (!totals.empty()) j["cluster_totals"] = clusterTotalsJson(c, totals);
        return j;
    };
    const auto json = args.value("--json");
    if (json && *json == "-") writeJson(comparisonJson(), "-");
    if (!json || *json != "-") {
        printComparison(c, std::cout);
        printClusterTotals(c, totals, std::cout);
    }
    const Plan* own = &c.plans.front();
    for (const auto& p : c.plans)
        if (p.spec.fabric == spec.fabric) own = &p;
    const auto xlsx = args.value("--xlsx"), pdf = args.value("--pdf");
    std::vector<std::string> paths, announced;
    if (json && *json != "-") paths.push_back(*json);
    for (const auto& file : {xlsx, pdf})
        if (file) paths.push_back(*file), announced.push_back(*file);
    writeTogether(paths, announced, [&] {
        if (json && *json != "-") writeJson(comparisonJson(), *json);
        if (xlsx) runExporter("xlsx", *own, catalog, *xlsx, &c);
        if (pdf) runExporter("pdf", *own, catalog, *pdf, &c);
    });
    return kExitOk;
}

int exportCommand(const std::vector<std::string>& argv)
{
    if (argv.empty() || argv.front() == "--list" || argv.front() == "--help") {
        std::cout << "Usage: fabricplan-cli plan DESIGN --export FORMAT=FILE\nFormats:\n";
        std::vector<const io::Exporter*> all;
        for (const auto& e : io::exporters()) all.push_back(e.get());
        for (const io::Exporter* e : reportExporters()) all.push_back(e);
        for (const io::Exporter* e : all)
            std::cout << "  " << e->id() << std::string(e->id().size() < 16 ? 16 - e->id().size() : 1, ' ')
                      << e->name() << "\n";
        return kExitOk;
    }
    throw UsageError{"use: fabricplan-cli export --list"};
}

} // namespace fp::cli
