#include "report_helper.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <unistd.h>

#include "common/error.h"
#include "common/paths.h"
#include "io/exporter.h"

namespace fp::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kHelperName = "fabricplan-cli-report";
// Flags of `plan` and `compare` the helper serves: the drawn outputs (report::reportExporters' ids with
// "--") and the BOM workbook (libxlsxwriter stays out of the lean executable: xlsx_exporter_lean.cpp).
constexpr const char* kReportFlags[] = {"--pdf", "--topology-png", "--floor-png", "--floor-svg", "--xlsx"};

bool isReportFlag(const std::string& a)
{
    for (const char* f : kReportFlags) {
        const std::size_t n = std::strlen(f);
        if (a.compare(0, n, f) == 0 && (a.size() == n || a[n] == '=')) return true;
    }
    return false;
}

// --export FORMAT=FILE of a format the lean core does not write: a drawn one, the workbook, or a typo the
// helper reports.
bool exportsHelperFormat(const std::string& value)
{
    const std::string id = value.substr(0, value.find('='));
    return id == "xlsx" || io::findExporter(id) == nullptr;
}

bool executable(const fs::path& p)
{
    std::error_code ec;
    return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

} // namespace

bool needsReportHelper(const std::string& command, const std::vector<std::string>& args)
{
    if (command == "export") return true;
    if (command == "diff") {  // its workbook (io/design_comparison_export.h) needs libxlsxwriter too
        for (const std::string& a : args)
            if (isReportFlag(a) && a.rfind("--xlsx", 0) == 0) return true;
        return false;
    }
    if (command != "plan" && command != "compare") return false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (isReportFlag(a)) return true;
        if (a == "--export" && i + 1 < args.size() && exportsHelperFormat(args[i + 1])) return true;
        if (a.rfind("--export=", 0) == 0 && exportsHelperFormat(a.substr(9))) return true;
    }
    return false;
}

std::string reportHelperPath()
{
    if (const char* env = std::getenv("FABRICPLAN_REPORT_HELPER"); env && *env) return executable(env) ? env : "";
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    for (const fs::path& p : {exe.parent_path() / kHelperName,
                              exe.parent_path() / FABRICPLAN_REPORT_HELPER_FROM_BINDIR / kHelperName})
        if (executable(p)) return p.lexically_normal().string();
    return {};
}

void execReportHelper(char** argv)
{
    const std::string helper = reportHelperPath();
    if (helper.empty())
        throw UserError(std::string("PDF, PNG, SVG and xlsx output need ") + kHelperName + ", which is not installed",
                        "beside fabricplan-cli or in " FABRICPLAN_REPORT_HELPER_FROM_BINDIR,
                        "reinstall FabricPlan, or set FABRICPLAN_REPORT_HELPER to its path");
    // The helper lives elsewhere (libexec): tell it which data folder this installation uses.
    if (const char* env = std::getenv("FABRICPLAN_DATA_DIR"); !env || !*env) {
        const std::string data = bundledDataDir();
        if (!data.empty()) ::setenv("FABRICPLAN_DATA_DIR", data.c_str(), 1);
    }
    ::execv(helper.c_str(), argv);
    throw UserError("cannot start " + helper + ": " + std::strerror(errno), helper,
                    "reinstall FabricPlan, or set FABRICPLAN_REPORT_HELPER to its path");
}

} // namespace fp::cli
