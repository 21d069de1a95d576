#include "common/spreadsheet_cell.h"

#include <cstdio>

namespace fp {
namespace {

// "-3.5" or "+2": a number a spreadsheet should keep as a number, not a formula to defuse.
bool isPlainNumber(std::string_view s)
{
    if (s.size() < 2) return false;
    std::size_t digits = 0;
    bool dot = false;
    for (std::size_t i = 1; i < s.size(); ++i) {
        if (s[i] >= '0' && s[i] <= '9') ++digits;
        else if (s[i] == '.' && !dot) dot = true;
        else return false;
    }
    return digits > 0;
}

bool needsMark(std::string_view s)
{
    if (!s.empty() && s.front() == '\'') return needsMark(s.substr(1));
    return cellStartsLikeFormula(s) && !((s.front() == '-' || s.front() == '+') && isPlainNumber(s));
}

} // namespace

bool cellStartsLikeFormula(std::string_view s)
{
    if (s.empty()) return false;
    switch (s.front()) {
    case '=': case '+': case '-': case '@': case '\t': case '\r': return true;
    default: return false;
    }
}

std::string spreadsheetCellText(std::string_view s)
{
    if (!cellStartsLikeFormula(s) || ((s.front() == '-' || s.front() == '+') && isPlainNumber(s)))
        return std::string(s);
    return "'" + std::string(s);
}

std::string neutraliseCell(std::string_view s)
{
    return needsMark(s) ? "'" + std::string(s) : std::string(s);
}

std::string unneutraliseCell(std::string_view s)
{
    if (!s.empty() && s.front() == '\'' && needsMark(s.substr(1))) return std::string(s.substr(1));
    return std::string(s);
}

bool cellHasControlChars(std::string_view s)
{
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7F) return true;
    return false;
}

std::string escapeCellControlChars(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (unsigned char c : s) {
        if (c < 0x20 || c == 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", unsigned(c));
            out += buf;
        } else {
            out += char(c);
        }
    }
    return out;
}

} // namespace fp
