#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>

#include "commands.h"
#include "common/atomic_file.h"
#include "common/error.h"
#include "design_input.h"
#include "memory_policy.h"
#include "library_stderr.h"
#include "io/exporter.h"
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
    "  --xlsx FILE        write the BOM workbook (Summary, BOM, Cable plan, Optics prices, Checks)\n"
    "  --csv DIR          write DIR/bom.csv and DIR/cables.csv\n"
    "  --export FMT=FILE  any exporter by id (see: fabricplan-cli export --list)\n"
    "  --pdf FILE         write the PDF design report (summary, topology, BOM, fabric comparison, checks)\n"
    "  --topology-png FILE, --floor-png FILE, --floor-svg FILE   diagrams\n"
    "Exit status: 0 success, 1 the plan has design-rule errors, 2 bad input or usage.\n\n";

void writeJson(const nlohmann::json& j, const std::string& target)
{
    if (target == "-") {
        std::cout << j.dump(2) << "\n";
        return;
    }
    writeFileAtomically(target, [&](std::ostream& out) { out << j.dump(2) << "\n"; });
}

void runExporter(const std::string& id, const Plan& plan, const Catalog& catalog, const std::string& path,
                 const Comparison* comparison = nullptr)
{
    if (isReportOutput(id)) return writeReportOutput(id, plan, catalog, comparison, path);
    const io::Exporter* e = io::findExporter(id);
    if (!e) throw UsageError{"unknown export format \"" + id + "\" (see: fabricplan-cli export --list)"};
    io::ExportContext ctx{plan, catalog, comparison, {}};
    {
        const LibraryStderrFilter quiet;  // libxlsxwriter's own "[ERROR]" lines name its temporary file
        e->write(ctx, path);
    }
    std::cerr << "wrote " << path << "\n";
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
    const Plan plan = makePlan(spec, catalog, request.options);

    const auto json = args.value("--json");
    if (json) writeJson(planToJson(plan), *json);
    if (!json || *json != "-") printSummary(plan, std::cout, catalog.path);
    if (auto x = args.value("--xlsx")) runExporter("xlsx", plan, catalog, *x);
    if (auto dir = args.value("--csv")) {
        std::error_code ec;
        std::filesystem::create_directories(*dir, ec);
        if (ec) throw UserError("cannot create the folder: " + ec.message(), *dir, "choose a folder you can write to");
        runExporter("bom-csv", plan, catalog, (std::filesystem::path(*dir) / "bom.csv").string());
        runExporter("cables-csv", plan, catalog, (std::filesystem::path(*dir) / "cables.csv").string());
    }
    // A report is read by people deciding between fabrics: the PDF gets the comparison (four more plans,
    // made once and only when a PDF is asked for).
    std::optional<Comparison> comparison;
    auto comparisonFor = [&](const std::string& id) -> const Comparison* {
        if (id != "pdf") return nullptr;
        if (!comparison) comparison = comparePlans(spec, catalog, request.options);
        return &*comparison;
    };
    for (const char* kind : {"pdf", "topology-png", "floor-png", "floor-svg"})
        if (auto file = args.value(std::string("--") + kind))
            writeReportOutput(kind, plan, catalog, comparisonFor(kind), *file);
    for (const auto& e : exports) {
        const auto eq = e.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == e.size())
            throw UsageError{"--export needs FORMAT=FILE, not \"" + e + "\""};
        const std::string id = e.substr(0, eq);
        runExporter(id, plan, catalog, e.substr(eq + 1), comparisonFor(id));
    }
    return plan.errorCount() > 0 ? kExitDesignErrors : kExitOk;
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
    const Comparison c = comparePlans(spec, catalog, readPlanOptions(args));
    const auto json = args.value("--json");
    if (json) writeJson(comparisonToJson(c), *json);
    if (!json || *json != "-") printComparison(c, std::cout);
    if (auto x = args.value("--xlsx")) {
        const Plan* own = &c.plans.front();
        for (const auto& p : c.plans)
            if (p.spec.fabric == spec.fabric) own = &p;
        runExporter("xlsx", *own, catalog, *x, &c);
    }
    if (auto pdf = args.value("--pdf")) {
        const Plan* own = &c.plans.front();
        for (const auto& p : c.plans)
            if (p.spec.fabric == spec.fabric) own = &p;
        writeReportOutput("pdf", *own, catalog, &c, *pdf);
    }
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
