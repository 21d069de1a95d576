#pragma once
// The lean fabricplan-cli loads no Qt and no libxlsxwriter (it is linked statically), so it starts in a
// few milliseconds. A command that asks for a drawn output (--pdf, --topology-png, --floor-png,
// --floor-svg, --export of a drawn format, or `export`) or the BOM workbook (--xlsx, --export xlsx=F) is handed, unchanged and before anything is read, to fabricplan-cli-report: the same CLI
// linked with the Qt report library. It replaces this process (exec), so its standard streams, exit
// status and output are those of the command as typed.
#include <string>
#include <vector>

namespace fp::cli {

// True when `command` with `args` needs the report helper.
bool needsReportHelper(const std::string& command, const std::vector<std::string>& args);

// Where the helper is: $FABRICPLAN_REPORT_HELPER, else beside this executable (the build tree), else
// <prefix>/libexec/fabricplan/ (installed, wherever the prefix was moved). Empty if none exists.
std::string reportHelperPath();

// Execs the helper with argv. Throws fp::UserError when it is missing or cannot start.
[[noreturn]] void execReportHelper(char** argv);

} // namespace fp::cli
