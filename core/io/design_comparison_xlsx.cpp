// The "Designs side by side" workbook (io/design_comparison_export.h). Both sheets are written top to
// bottom (XlsxBook is in constant_memory mode); the first refers to the second by its row range, which
// is known before either is written.
#include <algorithm>

#include "common/atomic_file.h"
#include "common/error.h"
#include "io/design_comparison_export.h"
#include "io/xlsx_book.h"

namespace fp::io {
namespace {

// "BOM differences" columns.
enum DiffColumn {
    kDiffDesign = 0, kDiffNetwork, kDiffCategory, kDiffPart, kDiffDescription, kDiffChange, kDiffBaselineQty,
    kDiffQty, kDiffQtyChange, kDiffBaselineUsd, kDiffUsd, kDiffUsdChange, kDiffColumnCount
};

std::size_t differenceRows(const DesignComparison& c)
{
    std::size_t n = 0;
    for (const auto& d : c.differences) n += d.size();
    return n;
}

// "L" of "L1".
std::string columnLetters(int col)
{
    const std::string ref = cellRef(0, col);
    return ref.substr(0, ref.size() - 1);
}

// 'BOM differences'!$L$2:$L$41 (at least one row, so the formula stays valid with no difference).
std::string diffRange(int col, std::size_t rows)
{
    const std::string letters = columnLetters(col);
    return sheetRef(kDesignDifferencesSheet) + "!$" + letters + "$2:$" + letters + "$" +
           std::to_string(std::max<std::size_t>(rows, 1) + 1);
}

void writeDesignsSheet(XlsxBook& book, const DesignComparison& c)
{
    const auto& fmt = book.formats();
    XlsxSheet s = book.addSheet(kDesignsSheet);
    s.width(0, 0, 34);
    s.width(1, int(c.names.size()), 24);
    s.text(0, 0, "Figure", fmt.header);
    for (std::size_t i = 0; i < c.names.size(); ++i)
        s.text(0, int(i) + 1, i == 0 ? c.names[i] + " (baseline)" : c.names[i], fmt.header);
    s.freezeHeader();
    int row = 1;
    std::vector<std::vector<FigureCell>> cells;
    for (const DesignFigures& f : c.figures) cells.push_back(figureCells(f));
    for (std::size_t r = 0; r < cells.front().size(); ++r, ++row) {
        s.text(row, 0, cells.front()[r].label);
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const FigureCell& cell = cells[i][r];
            const int col = int(i) + 1;
            switch (cell.kind) {
            case FigureKind::Text: s.text(row, col, cell.text); break;
            case FigureKind::Count: s.number(row, col, cell.value, fmt.integer); break;
            case FigureKind::Usd: s.number(row, col, cell.value, fmt.usd); break;
            // Shown as figureText prints them (92.3, 373.0, 0.037), the full value kept in the cell.
            case FigureKind::Kilowatts:
            case FigureKind::OneDecimal: s.number(row, col, cell.value, fmt.decimal); break;
            case FigureKind::PerDay: s.number(row, col, cell.value, fmt.perDay); break;
            }
        }
    }
    ++row;
    const int totalsRow = row;
    s.text(row, 0, "BOM total, all networks (USD)", fmt.bold);
    for (std::size_t i = 0; i < c.names.size(); ++i) s.number(row, int(i) + 1, c.bomTotalsUsd[i], fmt.usdBold);
    ++row;
    s.text(row, 0, "BOM change against the baseline (USD)", fmt.bold);
    const std::size_t rows = differenceRows(c);
    for (std::size_t i = 0; i < c.names.size(); ++i) {
        double delta = 0;
        for (const BomDifference& d : c.differences[i]) delta += d.deltaUsd();
        const std::string formula = "=SUMIF(" + diffRange(kDiffDesign, rows) + "," + formulaString(c.names[i]) + "," +
                                    diffRange(kDiffUsdChange, rows) + ")";
        s.formula(row, int(i) + 1, formula, delta, fmt.usdBold);
    }
    s.text(row + 2, 0,
           "The BOM change is the sum of the design's rows on the \"" + kDesignDifferencesSheet +
               "\" sheet; it equals the difference of the BOM totals above (row " + std::to_string(totalsRow + 1) + ").",
           fmt.note);
}

void writeDifferencesSheet(XlsxBook& book, const DesignComparison& c)
{
    const auto& fmt = book.formats();
    XlsxSheet s = book.addSheet(kDesignDifferencesSheet);
    s.header(0, {"Design", "Network", "Category", "Part", "Description", "Change", "Baseline qty", "Qty", "Qty change",
                 "Baseline cost (USD)", "Cost (USD)", "Cost change (USD)"},
             fmt.header);
    s.width(kDiffDesign, kDiffDesign, 28);
    s.width(kDiffNetwork, kDiffCategory, 14);
    s.width(kDiffPart, kDiffPart, 22);
    s.width(kDiffDescription, kDiffDescription, 44);
    s.width(kDiffChange, kDiffQtyChange, 12);
    s.width(kDiffBaselineUsd, kDiffUsdChange, 18);
    s.freezeHeader();
    int row = 1;
    for (std::size_t i = 1; i < c.differences.size(); ++i)
        for (const BomDifference& d : c.differences[i]) {
            s.text(row, kDiffDesign, c.names[i]);
            s.text(row, kDiffNetwork, d.network);
            s.text(row, kDiffCategory, displayName(d.category));
            s.text(row, kDiffPart, d.part);
            s.text(row, kDiffDescription, d.description);
            s.text(row, kDiffChange, toString(d.change));
            s.number(row, kDiffBaselineQty, double(d.baselineQty), fmt.integer);
            s.number(row, kDiffQty, double(d.otherQty), fmt.integer);
            s.formula(row, kDiffQtyChange, "=" + cellRef(row, kDiffQty) + "-" + cellRef(row, kDiffBaselineQty),
                      double(d.qtyDelta()), fmt.integer);
            s.number(row, kDiffBaselineUsd, d.baselineUsd, fmt.usd);
            s.number(row, kDiffUsd, d.otherUsd, fmt.usd);
            s.formula(row, kDiffUsdChange, "=" + cellRef(row, kDiffUsd) + "-" + cellRef(row, kDiffBaselineUsd),
                      d.deltaUsd(), fmt.usd);
            ++row;
        }
    if (row > 1) s.autofilter(0, row - 1, kDiffColumnCount - 1);
    else s.text(1, 0, "No BOM line differs from the baseline's.", fmt.note);
}

} // namespace

void writeDesignComparisonXlsx(const DesignComparison& c, const std::string& path)
{
    if (c.names.empty() || c.figures.size() != c.names.size())
        throw UserError("there is no planned design to compare", path, "give the designs to compare, the baseline first");
    replaceFileAtomically(path, [&](const std::string& tmpPath) {
        XlsxBook book(tmpPath);
        writeDesignsSheet(book, c);
        writeDifferencesSheet(book, c);
        book.close();
    });
}

} // namespace fp::io
