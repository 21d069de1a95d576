#include "io/name_safety.h"

#include <cstdio>
#include <cstdlib>

#include "common/error.h"
#include "common/spreadsheet_cell.h"
#include "common/user_text.h"
#include "io/export_support.h"

namespace fp::io {

// The cell rule itself lives in common/spreadsheet_cell.h, shared with the catalog's price lists.
bool startsLikeFormula(std::string_view s) { return cellStartsLikeFormula(s); }

std::string spreadsheetText(std::string_view s) { return spreadsheetCellText(s); }

std::string spreadsheetCell(std::string_view s) { return spreadsheetText(escapeControlChars(s)); }

void writeSpreadsheetCsvRecord(std::ostream& out, const std::vector<std::string>& fields)
{
    std::vector<std::string> safe;
    safe.reserve(fields.size());
    for (const auto& f : fields) safe.push_back(spreadsheetCell(f));
    writeCsvRecord(out, safe);
}

bool hasControlChars(std::string_view s) { return cellHasControlChars(s); }

// Unlike the price lists' round-trip rule (common/spreadsheet_cell.h), broken UTF-8 is escaped too:
// these cells are for reading, never for reading back.
std::string escapeControlChars(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t n = utf8SequenceLength(s, i);
        if (n == 0 || c < 0x20 || c == 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", unsigned(c));
            out += buf;
            ++i;
        } else {
            out.append(s.substr(i, n));
            i += n;
        }
    }
    return out;
}

std::size_t utf8Length(std::string_view s)
{
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;  // count lead bytes, not continuations
    return n;
}

void requireCleanName(const std::string& what, const std::string& value, std::size_t maxChars,
                      const std::string& where, const std::string& fix)
{
    if (value.empty()) throw UserError(what + " is empty", where, fix);
    if (hasControlChars(value))
        throw UserError(what + " \"" + escapeControlChars(value) +
                            "\" holds a control character (newline, tab, ...), which would break the file",
                        where, fix);
    if (utf8Length(value) > maxChars)
        throw UserError(what + " \"" + value + "\" is " + std::to_string(utf8Length(value)) +
                            " characters long; the limit is " + std::to_string(maxChars),
                        where, fix);
}

void requireNotFormula(const std::string& what, const std::string& value, const std::string& where,
                       const std::string& fix)
{
    if (startsLikeFormula(value))
        throw UserError(what + " \"" + escapeControlChars(value) +
                            "\" begins with = + - @, a tab or a carriage return: a spreadsheet opening the "
                            "file would run it as a formula",
                        where, fix);
}

} // namespace fp::io
