#include "catalog/price_csv.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "catalog/catalog_access.h"
#include "catalog/catalog_db.h"
#include "catalog/catalog_rows.h"
#include "catalog/sqlite_handle.h"
#include "common/atomic_file.h"
#include "common/error.h"
#include "common/input_file.h"
#include "common/spreadsheet_cell.h"

namespace fp {
namespace {

const std::vector<std::string> kPriceHeader = {"part", "source", "price", "currency", "date", "basis"};
// Optional 7th column: the quote's lead time. Lead time is kept per part (parts.lead_time_days).
const std::string kLeadTimeColumn = "lead_time_days";
constexpr int kMaxLeadTimeDays = 3650;
// No single part of a network costs a billion dollars: anything above is a typo that would overflow the
// totals it feeds.
constexpr double kMaxPriceUsd = 1e9;

bool parseDays(const std::string& s, int& out)
{
    const char* end = s.data() + s.size();
    auto [ptr, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && ptr == end && out >= 0 && out <= kMaxLeadTimeDays;
}

// A real calendar date: 2025-02-31 and 2023-02-29 are refused, 2024-02-29 is not.
bool isIsoDate(const std::string& d)
{
    if (d.size() != 10 || d[4] != '-' || d[7] != '-') return false;
    for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (d[i] < '0' || d[i] > '9') return false;
    const int year = std::stoi(d.substr(0, 4)), month = std::stoi(d.substr(5, 2)), day = std::stoi(d.substr(8, 2));
    if (month < 1 || month > 12 || day < 1) return false;
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

bool parsePrice(const std::string& s, double& out)
{
    const char* end = s.data() + s.size();
    auto [ptr, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && ptr == end && std::isfinite(out);
}

// UTF-16 (what Excel's "Unicode text" and some Windows tools write): a byte-order mark, or a NUL in every
// other byte of the first line. Read as UTF-8 it looks like a header with odd letters.
bool looksUtf16(const std::string& text)
{
    if (text.compare(0, 2, "\xFF\xFE") == 0 || text.compare(0, 2, "\xFE\xFF") == 0) return true;
    const std::size_t n = std::min<std::size_t>(text.size(), 64);
    std::size_t nuls = 0;
    for (std::size_t i = 0; i < n; ++i) nuls += text[i] == '\0';
    return n >= 4 && nuls * 3 >= n;  // ASCII in UTF-16 is half NUL bytes
}

} // namespace

std::vector<CsvRecord> parseCsv(const std::string& text, const std::string& fileName)
{
    std::vector<CsvRecord> records;
    CsvRecord rec;
    std::string field;
    bool inQuotes = false, fieldStarted = false;
    int line = 1;
    rec.line = 1;
    auto endRecord = [&] {
        rec.fields.push_back(std::move(field));
        field.clear();
        const bool blank = rec.fields.size() == 1 && rec.fields[0].empty();
        if (!blank) records.push_back(std::move(rec));
        rec = CsvRecord{};
        rec.line = line;
        fieldStarted = false;
    };
    if (looksUtf16(text))
        throw UserError("the file is UTF-16, not UTF-8", fileName,
                        "save it as UTF-8 (in Excel: Save As, \"CSV UTF-8 (Comma delimited)\") and import it again");
    size_t i = 0;
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) i = 3;  // a UTF-8 byte-order mark from spreadsheets
    int quoteLine = 0;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (inQuotes) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                if (c == '\n') ++line;
                field += c;
            }
        } else if (c == '"' && !fieldStarted) {
            inQuotes = true;
            fieldStarted = true;
            quoteLine = line;
        } else if (c == ',') {
            rec.fields.push_back(std::move(field));
            field.clear();
            fieldStarted = false;
        } else if (c == '\r' && (i + 1 == text.size() || text[i + 1] == '\n')) {
            // CRLF: the '\n' ends the record (a last line's lone CR ends the file)
        } else if (c == '\r') {
            throw UserError("line " + std::to_string(line) +
                                " has a stray carriage return (a CR not followed by a line feed)",
                            fileName + ":" + std::to_string(line),
                            "save the file with LF or CRLF line endings (CR alone is old Mac text), or remove "
                            "the CR; a CR inside a value needs the value in double quotes");
        } else if (c == '\0') {
            throw UserError("line " + std::to_string(line) + " holds a NUL byte: this is not a text file",
                            fileName + ":" + std::to_string(line), "save the price list as UTF-8 CSV text");
        } else if (c == '\n') {
            ++line;
            endRecord();
        } else {
            field += c;
            fieldStarted = true;
        }
    }
    if (inQuotes)
        throw UserError("a quoted field is never closed", fileName + ":" + std::to_string(quoteLine),
                        "add the closing double quote");
    if (fieldStarted || !field.empty() || !rec.fields.empty()) endRecord();
    return records;
}

std::vector<CsvRecord> readCsvFile(const std::string& path)
{
    return parseCsv(readBoundedFile(path, kMaxPriceFileBytes, "price list"),
                    std::filesystem::path(path).filename().string());
}

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

PriceImportReport importPriceCsv(const std::string& dbPath, const std::string& csvPath, PriceImportMode mode)
{
    const std::string name = std::filesystem::path(csvPath).filename().string();
    const std::vector<CsvRecord> records = readCsvFile(csvPath);
    std::vector<std::string> withLeadTime = kPriceHeader;
    withLeadTime.push_back(kLeadTimeColumn);
    if (records.empty() || (records[0].fields != kPriceHeader && records[0].fields != withLeadTime))
        throw UserError("the first line must be the header part,source,price,currency,date,basis "
                        "(optionally followed by ,lead_time_days)",
                        name + ":1", "export a price list to see the expected layout");
    const std::size_t columns = records[0].fields.size();

    // The same checks every other command makes (integrity, schema version, tables, references): a
    // catalog that cannot be planned with is refused, not changed.
    (void)loadCatalog(dbPath);

    PriceImportReport report;
    SqliteDb db(dbPath, SqliteDb::Mode::ReadWrite);
    {
        // Opened for writing, SQLite also verifies every row against the tables' CHECK rules (a read-only
        // integrity check skips them): rows that break them are not ours to build on.
        SqliteStmt ic(db, "PRAGMA integrity_check");
        if (ic.step() && ic.text(0) != "ok")
            throw UserError("the catalog breaks its own rules (" + ic.text(0) + "); nothing was imported", dbPath,
                            "restore the bundled catalog, or repair the rows it names");
    }
    SqliteTransaction tx(db);  // waits (with progress) while another process writes the file
    const CatalogWriterNote note(dbPath, "importing prices from " + name);
    SqliteStmt known(db, "SELECT 1 FROM parts WHERE part = ?");
    SqliteStmt upsert(db, "INSERT OR REPLACE INTO prices (part, source, price_usd, currency, date, basis, "
                          "estimated, user_edited) VALUES (?, ?, ?, ?, ?, ?, ?, 1)");
    std::map<std::pair<std::string, std::string>, int> seen;  // (part, source) -> line
    // Lines of one file that disagree on a part's lead time: plan with the longest (conservative).
    std::map<std::string, int> leadTimes;
    for (size_t r = 1; r < records.size(); ++r) {
        const CsvRecord& rec = records[r];
        const std::string where = name + ":" + std::to_string(rec.line);
        auto problem = [&](const std::string& why) { report.problems.push_back(where + ": " + why); };
        if (rec.fields.size() != columns) {
            problem("expected " + std::to_string(columns) + " fields, found " + std::to_string(rec.fields.size()));
            continue;
        }
        // A cell our export marked against spreadsheet formulas ("'=x") reads back as written ("=x").
        const std::string part = unneutraliseCell(rec.fields[0]), source = unneutraliseCell(rec.fields[1]);
        const std::string &priceText = rec.fields[2], &currency = rec.fields[3], &date = rec.fields[4],
                          &basis = rec.fields[5];
        double price = 0;
        if (part.empty()) { problem("the part number is empty"); continue; }
        if (source.empty()) { problem("the source is empty (name who quoted the price)"); continue; }
        if (cellHasControlChars(part) || cellHasControlChars(source)) {
            problem("the " + std::string(cellHasControlChars(part) ? "part number" : "source") + " \"" +
                    escapeCellControlChars(cellHasControlChars(part) ? part : source).substr(0, 60) +
                    "\" holds a control character (tab, line break, ...); remove it");
            continue;
        }
        if (!parsePrice(priceText, price) || price < 0) {
            problem("price '" + priceText.substr(0, 40) + "' is not a non-negative number (write 1234.5, no currency sign)");
            continue;
        }
        if (price > kMaxPriceUsd) {
            problem("price " + priceText.substr(0, 40) + " is more than the " + std::to_string(long(kMaxPriceUsd)) +
                    " USD a single part may cost (a typo?)");
            continue;
        }
        if (currency != "USD") {
            problem("currency '" + currency + "' is not supported: convert the price to USD first");
            continue;
        }
        if (!isIsoDate(date)) { problem("date '" + date.substr(0, 40) + "' is not a calendar date YYYY-MM-DD"); continue; }
        static const std::set<std::string> bases = {"list", "quote", "street", "estimate"};
        if (!bases.count(basis)) {
            problem("basis '" + basis + "' must be list, quote, street or estimate");
            continue;
        }
        int leadDays = 0;
        const bool hasLeadTime = columns > kPriceHeader.size() && !rec.fields[6].empty();
        if (hasLeadTime && !parseDays(rec.fields[6], leadDays)) {
            problem("lead time '" + rec.fields[6] + "' is not a whole number of days from 0 to " +
                    std::to_string(kMaxLeadTimeDays) + " (leave it empty when unknown)");
            continue;
        }
        known.reset();
        known.bind(1, part);
        if (!known.step()) {
            report.unknownParts.push_back(where + ": " + part);
            continue;
        }
        auto [it, inserted] = seen.emplace(std::make_pair(part, source), rec.line);
        if (!inserted)
            report.notes.push_back(where + ": repeats " + part + " / " + source + " from line " +
                                   std::to_string(it->second) + "; this later line wins");
        upsert.reset();
        upsert.bind(1, part).bind(2, source).bind(3, price).bind(4, currency).bind(5, date).bind(6, basis);
        upsert.bindInt(7, basis == "estimate" ? 1 : 0);
        upsert.step();
        ++report.rowsApplied;
        if (hasLeadTime) {
            int& longest = leadTimes[part];
            longest = std::max(longest, leadDays);
        }
    }
    SqliteStmt setLeadTime(db, "UPDATE parts SET lead_time_days = ? WHERE part = ?");
    for (const auto& [part, days] : leadTimes) {
        setLeadTime.reset();
        setLeadTime.bindInt(1, days).bind(2, part);
        setLeadTime.step();
    }
    report.leadTimesSet = static_cast<int>(leadTimes.size());
    if (!report.clean() && mode == PriceImportMode::AllOrNothing) {
        // One transaction: a file with a bad line changes nothing (the destructor rolls back).
        report.rowsApplied = 0;
        report.leadTimesSet = 0;
        return report;
    }
    tx.commit();
    return report;
}

void exportPriceCsv(const std::string& dbPath, const std::string& csvPath)
{
    // A spreadsheet must not run a source named "=HYPERLINK(...)" nor see a line break from a control
    // character: marked as the BOM CSV marks it, and read back unmarked by importPriceCsv.
    auto textCell = [](const std::string& v) { return csvField(neutraliseCell(escapeCellControlChars(v))); };
    SqliteDb db(dbPath, SqliteDb::Mode::ReadOnly);
    SqliteStmt s(db, "SELECT pr.part, pr.source, pr.price_usd, pr.currency, pr.date, pr.basis, p.lead_time_days "
                     "FROM prices pr JOIN parts p ON p.part = pr.part ORDER BY pr.part, pr.source");
    std::string out = "part,source,price,currency,date,basis,lead_time_days\r\n";
    while (s.step()) {
        const int leadDays = static_cast<int>(s.real(6));
        out += textCell(s.text(0)) + "," + textCell(s.text(1)) + "," + formatNumber(s.real(2)) + "," +
               textCell(s.text(3)) + "," + textCell(s.text(4)) + "," + textCell(s.text(5)) + "," +
               (leadDays > 0 ? std::to_string(leadDays) : std::string()) + "\r\n";
    }
    writeFileAtomically(csvPath, [&](std::ostream& o) { o << out; });
}

} // namespace fp
