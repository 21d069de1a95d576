// Fuzzes the price-list CSV parser and importer against a real catalog: every line is either applied
// or reported, never a crash (the valid lines applied, so the write path is fuzzed too).
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>

#include "catalog/catalog_db.h"
#include "catalog/price_csv.h"
#include "common/error.h"
#include "fuzz_scratch.h"

namespace {
std::string scratch(const char* name)
{
    static const fp::fuzz::ScratchDir dir("prices");  // the catalog, its side files and the price list
    return (dir.path / name).string();
}
const std::string& database()
{
    static const std::string db = [] {
        const std::string path = scratch("catalog.sqlite");
        fp::buildCatalogFromSeed(FABRICPLAN_FUZZ_SEED, path);
        return path;
    }();
    return db;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        (void)fp::parseCsv(text, "fuzz.csv");
    } catch (const fp::UserError&) {
    }
    const std::string csv = scratch("prices.csv");
    std::ofstream(csv, std::ios::binary | std::ios::trunc) << text;
    try {
        (void)fp::importPriceCsv(database(), csv, fp::PriceImportMode::ApplyValidLines);  // the write path too
    } catch (const fp::UserError&) {
    }
    return 0;
}
