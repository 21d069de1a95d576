#include <iostream>

#include "catalog/part_lookup.h"
#include "commands.h"
#include "design_input.h"
#include "common/error.h"
#include "spec/spec_json.h"
#include "spec/validate.h"

namespace fp::cli {

int validateCommand(const std::vector<std::string>& argv)
{
    if (argv.size() != 1 || argv.front() == "--help" || argv.front() == "-h") {
        std::cout << "Usage: fabricplan-cli validate DESIGN.fabricplan\n"
                     "Checks a design file: its JSON, its format version and every field.\n";
        return argv.size() == 1 ? kExitOk : kExitBadInput;
    }
    const std::string& path = argv.front();
    const auto result = loadSpecFile(path);
    for (const auto& w : result.warnings) std::cerr << "warning: " << w << "\n";
    // Switch names against the catalog (the bundled one, or your copy): unknown or ambiguous names
    // fail here rather than at plan time.
    const Catalog catalog = openCatalog(Args({}, {}, {}));
    const auto problems = validateSpec(result.spec, switchNamesOf(catalog));
    for (const auto& p : problems) std::cerr << path << ": " << p.field << ": " << p.message << " — " << p.fix << "\n";
    if (!problems.empty()) return kExitBadInput;
    // The file's own format: a format 1 design stays format 1 until it is saved again.
    std::cout << path << ": valid (format " << result.formatVersion << ")\n";
    return kExitOk;
}

} // namespace fp::cli
