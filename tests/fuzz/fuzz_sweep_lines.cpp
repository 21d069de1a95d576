// Fuzzes the sweep's JSON-lines input (app/cli/sweep_input.h) from bytes to rows: the bounded line
// reader, fed in chunks of varying size; each line's parse; its keys as design flags (sweepDesignKeys)
// applied through the code path `plan` uses (applyOverrides, readPlanOptions, validateSpec); and the
// row written as CSV and as a JSON line. Any input must end in designs or a UsageError/UserError, never
// a crash, a hang or a sanitizer report, and:
//  - the designs do not depend on how the bytes arrive (one chunk or many);
//  - line numbers rise, and a bad line's message names its line;
//  - a row's JSON line is one line of valid JSON that says the same; its CSV line is one record of the
//    header's width, with no cell a spreadsheet would evaluate.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "catalog/catalog_db.h"
#include "common/error.h"
#include "design_input.h"
#include "io/name_safety.h"
#include "spec/validate.h"
#include "sweep_input.h"
#include "sweep_rows.h"

namespace {

const fp::Catalog& catalog()
{
    static const fp::Catalog c = fp::loadCatalog(FABRICPLAN_FUZZ_CATALOG);
    return c;
}

[[noreturn]] void fail(const char* what, const std::string& detail = {})
{
    std::fprintf(stderr, "fuzz_sweep_lines: %s %s\n", what, detail.substr(0, 300).c_str());
    std::abort();
}

// Reads `bytes` through readJsonLines, `chunk(i)` bytes at a time (at least 1).
std::vector<fp::cli::SweepDesign> readInChunks(const std::string& bytes, std::size_t (*chunk)(std::size_t))
{
    std::size_t at = 0, call = 0;
    return fp::cli::readJsonLines(
        [&](char* buffer, std::size_t size) -> long {
            const std::size_t n = std::min({size, bytes.size() - at, chunk(call++)});
            std::memcpy(buffer, bytes.data() + at, n);
            at += n;
            return long(n);
        },
        "fuzz");
}

std::size_t whole(std::size_t) { return std::size_t(-1); }
std::size_t uneven(std::size_t call) { return 1 + (call * 7919) % 13; }

// RFC 4180 fields of one record (the CSV line without its final newline); false when it is not one.
bool csvRecord(const std::string& line, std::vector<std::string>& fields)
{
    fields.assign(1, "");
    bool quoted = false, wasQuoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c != '"') fields.back() += c;
            else if (i + 1 < line.size() && line[i + 1] == '"') fields.back() += '"', ++i;
            else quoted = false;
        } else if (c == '"' && fields.back().empty() && !wasQuoted) {
            quoted = wasQuoted = true;
        } else if (c == ',') {
            fields.emplace_back();
            wasQuoted = false;
        } else if (c == '\n' || c == '\r' || c == '"' || wasQuoted) {
            return false;
        } else {
            fields.back() += c;
        }
    }
    return !quoted;
}

void checkRow(const fp::cli::SweepRow& row, const fp::cli::SweepDesign& d)
{
    std::vector<std::string> keys;
    for (const auto& [k, v] : d.keys) keys.push_back(k);
    const std::string header = fp::cli::sweepCsvHeader(keys), line = fp::cli::sweepCsvLine(row, d.keys, keys);
    std::vector<std::string> names, cells;
    if (line.empty() || line.back() != '\n' || !csvRecord(line.substr(0, line.size() - 1), cells))
        fail("the CSV line is not one record:", line);
    if (!csvRecord(header.substr(0, header.size() - 1), names) || names.size() != cells.size())
        fail("the CSV line is not as wide as its header:", line);
    for (const auto& cell : cells)
        if (fp::io::spreadsheetText(cell) != cell) fail("a CSV cell starts like a formula:", cell);
    const std::string json = fp::cli::sweepJsonLine(row, d.keys);
    if (json.find('\n') != json.size() - 1) fail("the JSON line is not one line:", json);
    const auto j = nlohmann::json::parse(json);  // throws (a crash here) when it is not JSON
    if (j["status"] != "failed" || j["vary"].size() > d.keys.size()) fail("the JSON line says otherwise:", json);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    std::vector<fp::cli::SweepDesign> designs;
    try {
        designs = readInChunks(bytes, whole);
    } catch (const fp::UserError&) {
        return 0;
    }
    const auto again = readInChunks(bytes, uneven);
    if (again.size() != designs.size()) fail("the designs depend on how the bytes arrive");
    std::size_t lastLine = 0;
    for (std::size_t i = 0; i < designs.size(); ++i) {
        const auto& d = designs[i];
        if (again[i].keys != d.keys || again[i].problem != d.problem || again[i].line != d.line)
            fail("a design depends on how the bytes arrive, line", std::to_string(d.line));
        if (d.line <= lastLine) fail("line numbers do not rise");
        lastLine = d.line;
        const std::string where = "fuzz:" + std::to_string(d.line);
        if (!d.problem.empty()) {
            if (d.problem.rfind(where, 0) != 0) fail("a bad line's message does not name its line:", d.problem);
            checkRow(fp::cli::failedSweepRow(i, fp::cli::RowFailure::BadInput, d.problem), d);
            continue;
        }
        if (i >= 16) continue;  // the keys of the first few designs are enough per input
        try {
            const fp::cli::DesignKeys base;
            const fp::cli::DesignKeys keys(base, fp::cli::sweepDesignKeys(d.keys));
            fp::ClusterSpec spec;
            fp::cli::applyOverrides(spec, keys, &catalog());
            fp::cli::readPlanOptions(keys);
            fp::validateSpec(spec);
        } catch (const fp::cli::UsageError& e) {
            checkRow(fp::cli::failedSweepRow(i, fp::cli::RowFailure::BadInput, where + ": " + e.message), d);
        } catch (const fp::UserError& e) {
            checkRow(fp::cli::failedSweepRow(i, fp::cli::RowFailure::CannotPlan, where + ": " + e.oneLine()), d);
        }
    }
    return 0;
}
