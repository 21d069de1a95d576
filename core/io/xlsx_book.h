#pragma once
// Internal: a thin RAII layer over libxlsxwriter for the BOM workbook. The workbook is opened in
// constant_memory mode (rows stream to temporary files as they are written, so a 300k-row cable
// plan never sits in memory) which means every sheet must be written top to bottom, row by row.
#include <string>
#include <string_view>

#include <xlsxwriter.h>

namespace fp::io {

// The one rule for text in a workbook cell: as it is, but bytes that are not UTF-8 and NUL become U+FFFD
// and the text is cut at Excel's 32,767 characters on a character boundary (libxlsxwriter writes other
// control characters as Excel's _xHHHH_ escapes). Every string cell goes through XlsxSheet::text.
std::string xlsxCellText(std::string_view);

// Cell formats shared by all sheets.
struct XlsxFormats {
    lxw_format* header = nullptr;     // bold, shaded, bottom border
    lxw_format* title = nullptr;      // bold, larger
    lxw_format* bold = nullptr;
    lxw_format* usd = nullptr;        // $#,##0.00
    lxw_format* usdBold = nullptr;
    lxw_format* usdEstimated = nullptr;  // amber fill: an estimated price
    lxw_format* integer = nullptr;    // #,##0
    lxw_format* decimal = nullptr;    // #,##0.0
    lxw_format* decimalBold = nullptr;
    lxw_format* perDay = nullptr;     // 0.000: interruptions a day, as formatPerDay prints them
    lxw_format* perDayBold = nullptr;
    lxw_format* rate = nullptr;       // #,##0.00: failures a month or a year, as formatTwoDecimals prints them
    lxw_format* rateBold = nullptr;
    lxw_format* note = nullptr;       // italic, wrapped
};

class XlsxSheet {
public:
    explicit XlsxSheet(lxw_worksheet* ws) : ws_(ws) {}
    void text(int row, int col, std::string_view, lxw_format* = nullptr) const;
    void number(int row, int col, double, lxw_format* = nullptr) const;
    // A live formula with its computed value cached, so viewers that do not recalculate still
    // show the right figure.
    void formula(int row, int col, const std::string& formula, double cachedValue, lxw_format* = nullptr) const;
    void header(int row, const std::initializer_list<std::string_view>& titles, lxw_format*) const;
    void width(int firstCol, int lastCol, double chars) const;
    void freezeHeader(int rows = 1) const;
    void autofilter(int firstRow, int lastRow, int lastCol) const;
    lxw_worksheet* raw() const { return ws_; }

private:
    lxw_worksheet* ws_;
};

// Owns the workbook; if it is destroyed without close() (an exception, a cancel) nothing is written.
class XlsxBook {
public:
    explicit XlsxBook(const std::string& path);  // throws UserError
    ~XlsxBook();
    XlsxBook(const XlsxBook&) = delete;
    XlsxBook& operator=(const XlsxBook&) = delete;

    XlsxSheet addSheet(const std::string& name);
    const XlsxFormats& formats() const { return formats_; }
    void close();  // writes the file; throws UserError

private:
    std::string path_;
    lxw_workbook* book_ = nullptr;
    XlsxFormats formats_;
};

// "A1" style cell reference, 0-based row and column: cellRef(1, 4) == "E2".
std::string cellRef(int row, int col);
// A sheet name quoted for formulas: 'Cable plan'.
std::string sheetRef(const std::string& sheet);
// A string literal for a formula: "NICs / HCAs" (quotes doubled).
std::string formulaString(std::string_view);

} // namespace fp::io
