// Fuzzes the whole pipeline from the design file's bytes to every export: the bounded reader
// (specFromText), validation, and for valid designs of up to a few thousand GPUs the plan, its JSON
// and, for small ones, every registered exporter (xlsx, CSV, SVG, NetBox, UFM, labels, JSON). Any
// input must end in files or a UserError, never a crash, a hang, a sanitizer report or a non-finite
// number in the plan JSON.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "fuzz_scratch.h"
#include "io/exporter.h"
#include "plan/plan.h"
#include "plan/plan_json.h"
#include "spec/spec_json.h"
#include "spec/validate.h"

namespace {
const fp::Catalog& catalog()
{
    static const fp::Catalog c = fp::loadCatalog(FABRICPLAN_FUZZ_CATALOG);
    return c;
}

const std::string& outputDir()
{
    static const fp::fuzz::ScratchDir dir("out");
    static const std::string path = dir.path.string();
    return path;
}

// A NaN or an infinity in the plan JSON is invalid JSON output (nlohmann writes null): a bug.
void requireFinite(const nlohmann::json& j)
{
    if (j.is_number_float() && !std::isfinite(j.get<double>())) {
        std::fprintf(stderr, "non-finite number in the plan JSON\n");
        std::abort();
    }
    if (j.is_structured())
        for (const auto& v : j) requireFinite(v);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const auto read = fp::specFromText(text, "fuzz");
        if (!fp::validateSpec(read.spec).empty()) return 0;
        // Keep each run fast: plans beyond a few thousand GPUs are covered by the unit tests.
        if (read.spec.gpus > 4096 || read.spec.planes > 2 || read.spec.floor.racksPerRow > 64) return 0;
        const fp::Plan plan = fp::makePlan(read.spec, catalog());
        requireFinite(fp::planToJson(plan));
        if (read.spec.gpus > 512) return 0;
        for (const auto& e : fp::io::exporters()) {
            fp::io::ExportContext ctx{plan, catalog(), nullptr, {}};
            e->write(ctx, outputDir() + "/out" + e->extension());
        }
    } catch (const fp::UserError&) {
    }
    return 0;
}
