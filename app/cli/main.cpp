// fabricplan-cli: the headless, scriptable face of FabricPlan. Same core, same Plan as the GUI.
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "args.h"
#include "commands.h"
#include "standard_output.h"
#include "common/error.h"
#include "common/paths.h"
#include "common/user_text.h"
#include "memory_policy.h"
#include "plan/plan.h"
#include "report_helper.h"
#include "report_output.h"

namespace {

const char* kHelp =
    "Usage: fabricplan-cli COMMAND [options]\n"
    "Commands:\n"
    "  plan [DESIGN] [overrides] [--json FILE|-] [--xlsx FILE] [--csv DIR]   plan one fabric\n"
    "  compare [DESIGN] [overrides] [--json FILE|-] [--xlsx FILE] [--pdf FILE]   InfiniBand vs RoCEv2 vs\n"
    "                                                  Spectrum-X vs UEC\n"
    "  sweep [BASE] --vary KEY=V1,V2,... [--csv FILE|-] [--jsonl FILE|-]   plan many variants in one process\n"
    "  diff DESIGN DESIGN... [--xlsx FILE] [--csv FILE]   saved designs side by side, BOM differences\n"
    "  catalog list|build|import-prices|export-prices|set-failure-rate ...   the parts catalog\n"
    "  validate DESIGN...                              check design files as plan would before planning\n"
    "  export --list                                   the export formats\n"
    "Run 'fabricplan-cli COMMAND --help' for a command's options.\n"
    "Exit status: 0 success, 1 design-rule errors in the plan, 2 bad input or usage.\n";

} // namespace

static int runCommand(int argc, char** argv)
{
    using namespace fp::cli;
    // One arena for `plan` and `compare` (a few large plans at a time), one per thread for `sweep`
    // (many small ones): memory_policy.cpp.
    const std::string_view command0 = argc > 1 ? std::string_view(argv[1]) : std::string_view();
    useLargePlanMemoryPolicy(command0 == "plan" || command0 == "compare");
    struct QtTeardown {
        ~QtTeardown() { shutdownReportOutput(); }
    } qtTeardown;
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        std::cerr << kHelp;
        return kExitBadInput;
    }
    const std::string command = args.front();
    args.erase(args.begin());
    try {
        if (command == "--help" || command == "-h" || command == "help") {
            std::cout << kHelp;
            return kExitOk;
        }
        if (command == "--version") {
            std::cout << "fabricplan-cli " << fp::versionString() << "\n";
            return kExitOk;
        }
#ifndef FABRICPLAN_HAVE_REPORT
        // Drawn outputs need Qt: the whole command goes to fabricplan-cli-report, before anything is read.
        if (needsReportHelper(command, args)) execReportHelper(argv);
#endif
        if (command == "plan") return planCommand(args);
        if (command == "compare") return compareCommand(args);
        if (command == "sweep") return sweepCommand(args);
        if (command == "diff") return diffCommand(args);
        if (command == "catalog") return catalogCommand(args);
        if (command == "validate") return validateCommand(args);
        if (command == "export") return exportCommand(args);
        std::cerr << "fabricplan-cli: unknown command " << fp::quotedText(command) << "\n" << kHelp;
        return kExitBadInput;
    } catch (const UsageError& e) {
        std::cerr << "fabricplan-cli: " << fp::escapedText(e.message) << "\n";
        return kExitBadInput;
    } catch (const fp::UserError& e) {
        // A path or name with a newline or an escape sequence must not split or recolour the one line.
        std::cerr << "fabricplan-cli: error: " << fp::escapedText(e.oneLine()) << "\n";
        return kExitBadInput;
    } catch (const std::bad_alloc&) {
        std::cerr << "fabricplan-cli: error: out of memory (is the design far larger than intended?)\n";
        return kExitBadInput;
    } catch (const std::exception& e) {
        std::cerr << "fabricplan-cli: internal error: " << fp::escapedText(e.what()) << "\n";
        return 3;
    }
}

// Everything printed to standard output is checked once it is flushed: "plan --json - > /dev/full"
// must not exit 0 with nothing written.
int main(int argc, char** argv)
{
    return fp::cli::finishStandardOutput(runCommand(argc, argv));
}
