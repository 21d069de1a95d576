#include "io/name_safety.h"

#include <cstdio>
#include <cstdlib>

#include "common/error.h"
#include "common/user_text.h"
#include "io/export_support.h"

namespace fp::io {
namespace {

// "-3.5" or "+2": a number a spreadsheet should keep as a number, not a formula to defuse.
bool isPlainNumber(std::string_view s)
{
    if (s.size() < 2) return false;
    std::size_t i = 1, digits = 0;
    bool dot = false;
    for (; i < s.size(); ++i) {
        if (s[i] >= '0' && s[i] <= '9') ++digits;
        else if (s[i] == '.' && !dot) dot = true;
        else return false;
    }
    return digits > 0;
}

} // namespace

bool startsLikeFormula(std::string_view s)
{
    if (s.empty()) return false;
    switch (s.front()) {
    case '=': case '+': case '-': case '@': case '\t': case '\r': return true;
    default: return false;
    }
}

std::string spreadsheetText(std::string_view s)
{
    if (!startsLikeFormula(s) || ((s.front() == '-' || s.front() == '+') && isPlainNumber(s)))
        return std::string(s);
    return "'" + std::string(s);
}

std::string spreadsheetCell(std::string_view s) { return spreadsheetText(escapeControlChars(s)); }

void writeSpreadsheetCsvRecord(std::ostream& out, const std::vector<std::string>& fields)
{
    std::vector<std::string> safe;
    safe.reserve(fields.size());
    for (const auto& f : fields) safe.push_back(spreadsheetCell(f));
    writeCsvRecord(out, safe);
}

bool hasControlChars(std::string_view s)
{
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7F) return true;
    return false;
}

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
