#include "io/xlsx_book.h"

#include <algorithm>

#include "common/error.h"
#include "common/user_text.h"

namespace fp::io {

std::string xlsxCellText(std::string_view s)
{
    // Excel's cell limit is 32,767 characters; cut on a character boundary, never inside one.
    constexpr std::size_t kMaxCellChars = 32767;
    std::string out;
    out.reserve(std::min(s.size(), kMaxCellChars));
    std::size_t chars = 0;
    for (std::size_t i = 0; i < s.size() && chars < kMaxCellChars; ++chars) {
        const std::size_t n = utf8SequenceLength(s, i);
        if (n == 0 || s[i] == '\0') {
            out += "\xEF\xBF\xBD";  // U+FFFD: XML cannot carry the byte, and a NUL would end the C string
            ++i;
        } else {
            out.append(s.substr(i, n));
            i += n;
        }
    }
    return out;
}

void XlsxSheet::text(int row, int col, std::string_view s, lxw_format* f) const
{
    if (s.empty()) return;  // a blank cell, not an empty string cell
    worksheet_write_string(ws_, lxw_row_t(row), lxw_col_t(col), xlsxCellText(s).c_str(), f);
}

void XlsxSheet::number(int row, int col, double v, lxw_format* f) const
{
    worksheet_write_number(ws_, lxw_row_t(row), lxw_col_t(col), v, f);
}

void XlsxSheet::formula(int row, int col, const std::string& formula, double cachedValue, lxw_format* f) const
{
    worksheet_write_formula_num(ws_, lxw_row_t(row), lxw_col_t(col), formula.c_str(), f, cachedValue);
}

void XlsxSheet::header(int row, const std::initializer_list<std::string_view>& titles, lxw_format* f) const
{
    int col = 0;
    for (std::string_view t : titles) text(row, col++, t, f);
}

void XlsxSheet::width(int firstCol, int lastCol, double chars) const
{
    worksheet_set_column(ws_, lxw_col_t(firstCol), lxw_col_t(lastCol), chars, nullptr);
}

void XlsxSheet::freezeHeader(int rows) const { worksheet_freeze_panes(ws_, lxw_row_t(rows), 0); }

void XlsxSheet::autofilter(int firstRow, int lastRow, int lastCol) const
{
    worksheet_autofilter(ws_, lxw_row_t(firstRow), 0, lxw_row_t(lastRow), lxw_col_t(lastCol));
}

namespace {
lxw_format* makeFormat(lxw_workbook* b, const char* numFormat, bool bold = false, bool italic = false)
{
    lxw_format* f = workbook_add_format(b);
    if (numFormat) format_set_num_format(f, numFormat);
    if (bold) format_set_bold(f);
    if (italic) format_set_italic(f);
    return f;
}
} // namespace

XlsxBook::XlsxBook(const std::string& path) : path_(path)
{
    lxw_workbook_options options{};
    options.constant_memory = LXW_TRUE;
    options.use_zip64 = LXW_TRUE;  // a million-row cable plan passes the 4 GB zip limit uncompressed
    book_ = workbook_new_opt(path.c_str(), &options);
    if (!book_)
        throw UserError("cannot start the workbook", path, "check that the folder exists and is writable");

    formats_.header = makeFormat(book_, nullptr, true);
    format_set_bg_color(formats_.header, 0xD9E2F3);
    format_set_bottom(formats_.header, LXW_BORDER_THIN);
    format_set_text_wrap(formats_.header);
    formats_.title = makeFormat(book_, nullptr, true);
    format_set_font_size(formats_.title, 14);
    formats_.bold = makeFormat(book_, nullptr, true);
    formats_.usd = makeFormat(book_, "$#,##0.00");
    formats_.usdBold = makeFormat(book_, "$#,##0.00", true);
    formats_.usdEstimated = makeFormat(book_, "$#,##0.00");
    format_set_bg_color(formats_.usdEstimated, 0xFFF2CC);
    formats_.integer = makeFormat(book_, "#,##0");
    formats_.decimal = makeFormat(book_, "#,##0.0");
    formats_.decimalBold = makeFormat(book_, "#,##0.0", true);
    formats_.perDay = makeFormat(book_, "0.000");
    formats_.perDayBold = makeFormat(book_, "0.000", true);
    formats_.rate = makeFormat(book_, "#,##0.00");
    formats_.rateBold = makeFormat(book_, "#,##0.00", true);
    formats_.note = makeFormat(book_, nullptr, false, true);
}

XlsxBook::~XlsxBook()
{
    if (book_) lxw_workbook_free(book_);  // abandoned: frees memory and temp files, writes nothing
}

XlsxSheet XlsxBook::addSheet(const std::string& name)
{
    lxw_worksheet* ws = workbook_add_worksheet(book_, name.c_str());
    if (!ws) throw UserError("cannot add the sheet '" + name + "'", path_);
    return XlsxSheet(ws);
}

void XlsxBook::close()
{
    lxw_workbook* b = book_;
    book_ = nullptr;  // workbook_close frees it whatever the outcome
    const lxw_error err = workbook_close(b);
    if (err != LXW_NO_ERROR)
        throw UserError(std::string("cannot write the workbook: ") + lxw_strerror(err), path_,
                        "check that the folder is writable and the disk is not full");
}

std::string cellRef(int row, int col)
{
    char buf[32];
    lxw_rowcol_to_cell(buf, lxw_row_t(row), lxw_col_t(col));
    return buf;
}

std::string sheetRef(const std::string& sheet)
{
    std::string s = "'";
    for (char c : sheet) {
        if (c == '\'') s += '\'';
        s += c;
    }
    return s + "'";
}

std::string formulaString(std::string_view v)
{
    std::string s = "\"";
    for (char c : v) {
        if (c == '"') s += '"';
        s += c;
    }
    return s + "\"";
}

} // namespace fp::io
