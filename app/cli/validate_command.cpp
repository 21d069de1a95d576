#include <iostream>

#include "commands.h"
#include "design_input.h"
#include "common/error.h"
#include "plan/before_planning.h"
#include "plan/cluster_plan.h"
#include "common/user_text.h"
#include "spec/spec_json.h"
#include "spec/validate.h"

namespace fp::cli {
namespace {

const char* kValidateHelp =
    "Usage: fabricplan-cli validate DESIGN.fabricplan... [--catalog FILE]\n"
    "Checks each design file as `plan DESIGN` would before it plans: its JSON, its format version, every\n"
    "field, the part names and parts against the catalog (NIC, switches, link speed, tier compatibility,\n"
    "dual-ToR links) and the platform's rules (GPUs and NICs per node, whole nodes, whole racks).\n"
    "A design is valid exactly when plan would go on to plan it; the first error is the one plan stops\n"
    "with. What plan finds in the planned fabric (design-rule errors and warnings) needs `plan`.\n"
    "Exit status: 0 every file is valid, 2 any is not (or bad usage).\n";

// "PATH: where: message — fix", without repeating the path when the error names the file already.
std::string lineFor(const std::string& path, const UserError& e)
{
    const std::string line = e.oneLine();
    // A path with a line break or ESC stays on one line (common/user_text.h).
    return line.rfind(path, 0) == 0 ? escapedText(line) : escapedText(path + ": " + line);
}

// One file: prints "valid" or its errors (the plan's first, then any other field problems); true when valid.
bool validateFile(const std::string& path, const Catalog& catalog)
{
    SpecReadResult read;
    try {
        read = loadSpecFile(path);
    } catch (const UserError& e) {
        std::cerr << lineFor(path, e) << "\n";
        return false;
    }
    for (const auto& w : read.warnings) std::cerr << "warning: " << w << "\n";
    std::optional<UserError> refusal = plan::refusalOf(read.spec, catalog);
    if (!refusal) refusal = networkRefusalOf(read.spec, catalog);  // the design's other networks, as plan
    if (!refusal) {
        // The file's own format: a format 1 design stays format 1 until it is saved again.
        std::cout << escapedText(path) << ": valid (format " << read.formatVersion << ")\n";
        return true;
    }
    std::cerr << lineFor(path, *refusal) << "\n";
    // Every other field problem too, so one run fixes them all.
    for (const SpecProblem& p : validateSpec(read.spec, plan::switchNamesOf(catalog)))
        if (p.field != refusal->where || p.message != refusal->what())
            std::cerr << escapedText(path) << ": " << p.field << ": " << p.message << " — " << p.fix << "\n";
    return false;
}

} // namespace

int validateCommand(const std::vector<std::string>& argv)
{
    for (const auto& a : argv)
        if (a == "--help" || a == "-h") {
            std::cout << kValidateHelp;
            return kExitOk;
        }
    const Args args(argv, {"--catalog"}, {});
    if (args.positional().empty()) {
        std::cout << kValidateHelp;
        return kExitBadInput;
    }
    // The catalog plan would read (--catalog, else your copy, else the bundled one).
    const Catalog catalog = openCatalog(args);
    bool allValid = true;
    for (const std::string& path : args.positional()) allValid = validateFile(path, catalog) && allValid;
    return allValid ? kExitOk : kExitBadInput;
}

} // namespace fp::cli
