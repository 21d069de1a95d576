// `fabricplan-cli diff A.fabricplan B.fabricplan [C...]`: saved designs side by side (issue 41).
// Each file is planned exactly as `plan FILE` plans it (planRequest, makeClusterPlan), so every figure
// is the one `plan` prints for that file; the first design is the baseline of the BOM differences.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "commands.h"
#include "common/atomic_file.h"
#include "common/error.h"
#include "common/format.h"
#include "common/user_text.h"
#include "design_input.h"
#include "io/design_comparison_export.h"
#include "library_stderr.h"
#include "sweep_plan.h"

namespace fp::cli {
namespace {

const char* kDiffHelp =
    "Usage: fabricplan-cli diff DESIGN DESIGN... [--catalog FILE] [--xlsx FILE] [--csv FILE]\n"
    "Plans each design file as `plan DESIGN` would and compares them side by side: headline figures\n"
    "(GPUs, fabric, tiers, switches, NICs, transceivers, cables, capex, energy, TCO, power, bus bandwidth,\n"
    "job interruptions per day) and the BOM lines that differ from the first design's (the baseline):\n"
    "parts added, removed, with another quantity or another price, and what each changes the cost by.\n"
    "  --xlsx FILE   write the workbook: \"Designs side by side\" and \"BOM differences\" sheets\n"
    "  --csv FILE    write the BOM differences as CSV\n"
    "Exit status: 0 success, 2 bad input or usage (a file that cannot be read or planned).\n";

template <typename... A>
std::string formatted(const char* format, A... args)
{
    char buf[512];
    std::snprintf(buf, sizeof buf, format, args...);
    return buf;
}

std::string dollars(double usd)
{
    const long long whole = std::llround(usd);
    return (whole < 0 ? "-$" : "$") + withThousands(whole < 0 ? -whole : whole);
}

void printComparison(const DesignComparison& c, std::ostream& out)
{
    std::vector<std::vector<FigureCell>> cells;
    for (const DesignFigures& f : c.figures) cells.push_back(figureCells(f));
    out << formatted("%-34s", "");
    for (std::size_t i = 0; i < c.names.size(); ++i) out << formatted(" %24s", c.names[i].c_str());
    out << "\n";
    for (std::size_t r = 0; r < cells.front().size(); ++r) {
        out << formatted("%-34s", cells.front()[r].label.c_str());
        for (const auto& design : cells) out << formatted(" %24s", figureText(design[r]).c_str());
        out << "\n";
    }
    out << formatted("%-34s", "BOM total, all networks");
    for (double usd : c.bomTotalsUsd) out << formatted(" %24s", dollars(usd).c_str());
    out << "\n";
    for (std::size_t i = 1; i < c.names.size(); ++i) {
        double delta = 0;
        for (const BomDifference& d : c.differences[i]) delta += d.deltaUsd();
        out << "\nBOM differences, " << c.names[i] << " against " << c.names[0] << " (" << c.differences[i].size()
            << " lines, " << dollars(delta) << "):\n";
        if (c.differences[i].empty()) out << "  none\n";
        for (const BomDifference& d : c.differences[i])
            out << formatted("  %-9s %-12s %-22s %-8s %9s -> %-9s %14s\n", d.network.c_str(), toString(d.category),
                             d.part.c_str(), toString(d.change), withThousands(d.baselineQty).c_str(),
                             withThousands(d.otherQty).c_str(), dollars(d.deltaUsd()).c_str());
    }
}

} // namespace

int diffCommand(const std::vector<std::string>& argv)
{
    for (const auto& a : argv)
        if (a == "--help" || a == "-h") {
            std::cout << kDiffHelp;
            return kExitOk;
        }
    const Args args(argv, {"--catalog", "--xlsx", "--csv"}, {});
    if (args.positional().size() < 2)
        throw UsageError{"diff needs at least two design files, the first the baseline (fabricplan-cli diff --help)"};
    const Catalog catalog = openCatalog(args);
    std::vector<std::string> names;
    std::vector<ClusterPlan> plans;
    plans.reserve(args.positional().size());
    for (const std::string& path : args.positional()) {
        // As `plan FILE` reads it: the file (its warnings on stderr) and no design flags.
        const Args planArgs({path}, {}, {});
        try {
            const PlanRequest request = planRequest(loadDesign(planArgs), designFileKeys(), catalog);
            plans.push_back(makeClusterPlan(makePlan(request.spec, catalog, request.options), catalog, request.options));
        } catch (const UserError& e) {
            // Which of the files, when the error names only a field or a part.
            if (e.where.find(path) != std::string::npos) throw;
            throw UserError(e.what(), e.where.empty() ? path : path + ": " + e.where, e.fix);
        }
        names.push_back(std::filesystem::path(path).filename().string());
    }
    std::vector<const ClusterPlan*> pointers;
    for (const ClusterPlan& p : plans) pointers.push_back(&p);
    const DesignComparison comparison = compareDesigns(names, pointers);
    printComparison(comparison, std::cout);

    const auto xlsx = args.value("--xlsx"), csv = args.value("--csv");
    std::vector<std::string> paths;
    for (const auto& file : {xlsx, csv})
        if (file) paths.push_back(*file);
    WriteBatch batch(paths);
    if (xlsx) {
        const LibraryStderrFilter quiet;  // libxlsxwriter's own "[ERROR]" lines name its temporary file
        io::writeDesignComparisonXlsx(comparison, *xlsx);
    }
    if (csv) writeFileAtomically(*csv, [&](std::ostream& out) { io::writeDesignComparisonCsv(comparison, out); });
    batch.commit();
    for (const std::string& p : paths) std::cerr << "wrote " << escapedText(p) << "\n";
    return kExitOk;
}

} // namespace fp::cli
