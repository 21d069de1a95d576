// A page for a table the caller worked out (io::ReportTable): the Explorer's Pareto front (issue 41).
// The report prints the cells as given; the figures are the sweep's (app/gui/explorer_view.cpp).
#include <algorithm>

#include "report/pdf_pages.h"
#include "report/report_support.h"

namespace fp::report {

void writeTablePage(PdfDocument& doc, const io::ReportTable& table)
{
    doc.newPage(qs(table.title));
    for (const std::string& note : table.notes) doc.paragraph(qs(note), 8.5, QColor(0x33, 0x33, 0x33));
    if (table.columns.empty()) return;
    // Text columns (keys, part numbers) get half again a number's width.
    double units = 0;
    for (std::size_t c = 0; c < table.columns.size(); ++c) units += c < table.numeric.size() && table.numeric[c] ? 1.0 : 1.5;
    std::vector<TableColumn> columns;
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        const bool number = c < table.numeric.size() && table.numeric[c];
        columns.push_back({qs(table.columns[c]), doc.width() * (number ? 1.0 : 1.5) / units,
                           number ? Qt::AlignRight : Qt::AlignLeft});
    }
    doc.tableHeader(columns);
    for (const auto& row : table.rows) {
        std::vector<QString> cells;
        for (std::size_t c = 0; c < columns.size(); ++c) cells.push_back(c < row.size() ? qs(row[c]) : QString());
        doc.tableRow(columns, cells);
    }
}

} // namespace fp::report
