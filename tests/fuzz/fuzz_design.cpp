// Fuzzes the design-file reader and, for small valid designs, the whole planning pipeline: any input
// must end in a plan or a UserError, never a crash, a hang or a sanitizer report.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "plan/plan.h"
#include "spec/spec_json.h"
#include "spec/validate.h"

namespace {
const fp::Catalog& catalog()
{
    static const fp::Catalog c = fp::loadCatalog(FABRICPLAN_FUZZ_CATALOG);
    return c;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const auto j = nlohmann::json::parse(text);
        const auto read = fp::specFromJson(j, "fuzz");
        if (!fp::validateSpec(read.spec).empty()) return 0;
        // Keep each run fast: plans beyond a few thousand GPUs are covered by the unit tests.
        if (read.spec.gpus > 4096 || read.spec.planes > 2 || read.spec.floor.racksPerRow > 64) return 0;
        (void)fp::makePlan(read.spec, catalog());
    } catch (const nlohmann::json::exception&) {
    } catch (const fp::UserError&) {
    }
    return 0;
}
