#pragma once
// Internal: names are data, never code. User-chosen text (design name, catalog vendors, price
// sources, the NetBox prefix) reaches files that other programs interpret: spreadsheets evaluate a
// cell beginning with = + - @ TAB or CR (OWASP "CSV injection"), line-oriented formats treat a
// newline as a new record. These helpers neutralise or refuse such text, one rule per target.
#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace fp::io {

// True when a spreadsheet would evaluate the cell: it begins with = + - @ TAB or CR (OWASP).
bool startsLikeFormula(std::string_view);
// The cell as a spreadsheet should show it: a formula-looking cell gets a leading single quote
// (OWASP's advice); plain numbers such as "-3.5" are left alone so sums still work.
std::string spreadsheetText(std::string_view);
// The one rule for a cell of a CSV meant for spreadsheets (bom-csv, cables-csv, labels, and the CLI's
// other CSVs): control characters and bytes that are not UTF-8 written as \xNN (a price source with
// ESC or a newline shows as text, never splits a label or recolours a terminal), then spreadsheetText.
std::string spreadsheetCell(std::string_view);
// RFC 4180 record (export_support's writeCsvRecord) with every field passed through spreadsheetCell.
void writeSpreadsheetCsvRecord(std::ostream&, const std::vector<std::string>&);
// The UTF-8 byte order mark; LibreOffice and Excel then open the CSV as UTF-8, not the locale's code page.
inline constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// C0 controls (below 0x20, TAB and newlines included) and DEL.
bool hasControlChars(std::string_view);
// Control characters, and bytes that are not well-formed UTF-8, written as \xNN: for free text in
// comments and spreadsheet cells (a newline never starts a line; the file stays UTF-8).
std::string escapeControlChars(std::string_view);
// Length in Unicode code points of UTF-8 text (what NetBox's max_length counts).
std::size_t utf8Length(std::string_view);

// Throws UserError("<what> \"<value>\" ...", where, fix) when `value` is empty, holds a control
// character, or is longer than maxChars code points. `where` names the file or setting.
void requireCleanName(const std::string& what, const std::string& value, std::size_t maxChars,
                      const std::string& where, const std::string& fix);
// Throws UserError when `value` begins like a formula: for files that must carry names unchanged
// (an import file) yet are opened in spreadsheets, refusing beats altering the name.
void requireNotFormula(const std::string& what, const std::string& value, const std::string& where,
                       const std::string& fix);

} // namespace fp::io
