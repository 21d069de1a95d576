#pragma once
// Price lists as CSV (RFC 4180), header `part,source,price,currency,date,basis[,lead_time_days]`, so
// prices (and quoted lead times, kept per part; the longest of a file's lines for a part wins) can be kept
// in a spreadsheet and re-imported. Import updates only the (part, source) rows the file names and
// marks them user_edited; it never drops a line silently: unknown part numbers and malformed lines are
// reported with file:line and the reason, and by default a file with any such line changes nothing
// (one transaction). Export marks formula-looking cells (=, +, -, @) with a leading ' and writes control
// characters as \xNN (common/spreadsheet_cell.h); import reads marked cells back unmarked. Prices must be in USD: FabricPlan keeps no exchange rates
// (they would go stale unnoticed), so a line in another currency is refused and reported.
#include <cstddef>
#include <string>
#include <vector>

namespace fp {

// RFC 4180 reading and writing, shared with the catalog seed importer.
struct CsvRecord {
    int line = 0;                      // 1-based line where the record starts
    std::vector<std::string> fields;
};
// Parses CSV text (quoted fields may hold commas, quotes "" and line breaks; CRLF or LF). Blank lines are
// skipped. Throws UserError naming `fileName`:line for an unterminated quote, a carriage return outside
// quotes that no line feed follows, or a NUL byte, and naming the file when it is UTF-16.
std::vector<CsvRecord> parseCsv(const std::string& text, const std::string& fileName);
std::vector<CsvRecord> readCsvFile(const std::string& path);   // throws UserError if unreadable
std::string csvField(const std::string&);                       // quoted when it needs to be

struct PriceImportReport {
    int rowsApplied = 0;                     // quotes added or replaced
    int leadTimesSet = 0;                    // parts whose lead time the file set
    std::vector<std::string> unknownParts;   // "prices.csv:7: XYZ-123"
    std::vector<std::string> problems;       // "prices.csv:9: price 'abc' is not a number"
    std::vector<std::string> notes;          // applied, but worth saying: "prices.csv:4: repeats ..."
    bool clean() const { return unknownParts.empty() && problems.empty(); }
};

// AllOrNothing: a file with any unknown part or bad line changes nothing (rowsApplied 0, the lines
// reported). ApplyValidLines: the valid lines are applied and the others reported. Either way one
// transaction: an error midway (a busy file, a full disk) changes nothing. Throws UserError when the
// file cannot be read (UTF-16, a stray CR, NUL bytes) or its header is wrong, CatalogBusyError when
// another process writes the catalog past the wait (catalog_access.h), and refuses (UserError) a
// catalog every other command refuses: damaged, newer schema, missing tables.
enum class PriceImportMode { AllOrNothing, ApplyValidLines };
PriceImportReport importPriceCsv(const std::string& dbPath, const std::string& csvPath,
                                 PriceImportMode mode = PriceImportMode::AllOrNothing);
// Price lists larger than this are refused before they are read.
constexpr std::size_t kMaxPriceFileBytes = std::size_t(64) << 20;
// Every quote in the catalog, sorted by part and source, written atomically.
void exportPriceCsv(const std::string& dbPath, const std::string& csvPath);

} // namespace fp
