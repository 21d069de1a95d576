#pragma once
// A table the caller has already worked out, for a report to print as a page of its own (the window's
// Explorer front, issue 41): a title, a note under it, column titles and rows of text. Plain data, so
// the core's ExportContext can carry it without knowing where it came from.
#include <string>
#include <vector>

namespace fp::io {

struct ReportTable {
    std::string title;                           // the page's heading
    std::vector<std::string> notes;              // paragraphs under it: what the rows are, how chosen
    std::vector<std::string> columns;            // column titles
    std::vector<bool> numeric;                   // per column: right-aligned (empty: none)
    std::vector<std::vector<std::string>> rows;  // one cell per column
};

} // namespace fp::io
