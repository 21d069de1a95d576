#pragma once
// The one rule for a text cell that a spreadsheet may open (OWASP "CSV injection"): a cell beginning
// with = + - @ TAB or CR is evaluated as a formula, so it is written with a leading single quote. It
// lives in common so the catalog's price lists (below io) and io's exports share it; io/name_safety.h
// keeps its names for it.
#include <string>
#include <string_view>

namespace fp {

// True when a spreadsheet would evaluate the cell: it begins with = + - @ TAB or CR.
bool cellStartsLikeFormula(std::string_view);
// The cell as a spreadsheet should show it: a formula-looking cell gets a leading single quote;
// plain numbers such as "-3.5" are left alone so sums still work.
std::string spreadsheetCellText(std::string_view);

// For files FabricPlan reads back (price lists): neutraliseCell marks a formula-looking cell, and also
// a cell that already looks marked ("'=x" becomes "''=x"), so unneutraliseCell(neutraliseCell(s)) == s
// for every s. A cell neutraliseCell would not write is read back unchanged.
std::string neutraliseCell(std::string_view);
std::string unneutraliseCell(std::string_view);

// C0 controls (below 0x20, TAB and newlines included) and DEL.
bool cellHasControlChars(std::string_view);
// Control characters written as \xNN.
std::string escapeCellControlChars(std::string_view);

} // namespace fp
