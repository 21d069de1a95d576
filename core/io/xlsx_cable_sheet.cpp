// The cable plan sheet(s), streamed one row per physical cable, and the design-checks sheet.
#include <algorithm>

#include "bom/bom.h"
#include "io/export_support.h"
#include "io/xlsx_sheets.h"

namespace fp::io::xlsx {
namespace {

// Excel's row limit is 1,048,576; one row is the header.
constexpr std::size_t kCableRowsPerSheet = 1048575;

XlsxSheet startCableSheet(XlsxBook& book, const std::string& sheet, int number)
{
    XlsxSheet s = book.addSheet(cableSheetName(sheet, number));
    s.width(0, 0, 10);
    s.width(1, 1, 46);
    s.width(2, 2, 11);
    s.width(3, 3, 22);
    s.width(4, 5, 11);
    s.width(6, 6, 22);
    s.width(7, 8, 11);
    s.width(9, 9, 11);
    s.width(10, 12, 22);
    s.width(13, 15, 11);
    s.header(0, {"Cable ID", "Label", "Link class", "A device", "A port", "A rack", "Z device", "Z port", "Z rack",
                 "Media", "Cable part", "A module", "Z module", "Length (m)", "A hall", "Z hall"},
             book.formats().header);
    s.freezeHeader();
    return s;
}

} // namespace

std::string cableSheetName(const std::string& sheet, int number)
{
    return number == 1 ? sheet : sheet + " (" + std::to_string(number) + ")";
}

int cableSheetCount(std::size_t cables)
{
    return int(std::max<std::size_t>(1, (cables + kCableRowsPerSheet - 1) / kCableRowsPerSheet));
}

void writeCableSheets(XlsxBook& book, const ExportContext& ctx, double progressFrom, double progressTo,
                      const std::string& sheet, const std::string& labelPrefix)
{
    const auto& fmt = book.formats();
    int sheetNumber = 1;
    XlsxSheet s = startCableSheet(book, sheet, sheetNumber);
    std::size_t rowsOnSheet = 0;
    auto closeSheet = [&] { s.autofilter(0, int(std::max<std::size_t>(rowsOnSheet, 1)), 15); };

    streamCables(ctx, progressFrom, progressTo, [&](const CableRow& c) {
        if (rowsOnSheet == kCableRowsPerSheet) {
            closeSheet();
            s = startCableSheet(book, sheet, ++sheetNumber);
            rowsOnSheet = 0;
        }
        const int row = int(++rowsOnSheet);
        s.text(row, 0, cableId(c.index));
        s.text(row, 1, labelPrefix.empty() ? c.label : labelPrefix + c.label);  // a network's cables: "storage <label>"
        s.text(row, 2, toString(c.cls));
        s.text(row, 3, c.aDevice);
        s.text(row, 4, c.aPort);
        s.text(row, 5, c.aRack);
        s.text(row, 6, c.zDevice);
        s.text(row, 7, c.zPort);
        s.text(row, 8, c.zRack);
        s.text(row, 9, c.media);
        s.text(row, 10, c.cablePart);
        s.text(row, 11, c.aModule);
        s.text(row, 12, c.zModule);
        s.number(row, 13, c.lengthM, fmt.decimal);
        s.text(row, 14, c.aHall);
        s.text(row, 15, c.zHall);
    });
    closeSheet();
}

void writeChecksSheet(XlsxBook& book, const ExportContext& ctx)
{
    XlsxSheet s = book.addSheet(kChecksSheet);
    s.width(0, 0, 10);
    s.width(1, 1, 26);
    s.width(2, 2, 28);
    s.width(3, 4, 70);
    s.header(0, {"Severity", "Rule", "Where", "Message", "How to fix"}, book.formats().header);
    s.freezeHeader();
    int row = 1;
    for (const Finding& f : ctx.plan.findings) {
        s.text(row, 0, toString(f.severity));
        s.text(row, 1, f.rule);
        s.text(row, 2, f.where);
        s.text(row, 3, f.message);
        s.text(row, 4, f.fix);
        ++row;
    }
    if (row == 1) s.text(1, 0, "No findings: every design rule passed.", book.formats().note);
    s.autofilter(0, std::max(row - 1, 1), 4);
}

} // namespace fp::io::xlsx
