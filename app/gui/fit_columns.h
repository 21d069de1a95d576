#pragma once
// Columns that resize instead of running off to the right (issue 41, "fits a laptop"): a table's columns
// fitted to their contents; when they do not fit the viewport, first every column drops to its cells'
// width (a header wider than its figures elides), then the `elidable` text columns narrow together.
// Figures and part numbers never elide (a cut-off price reads as another price). The full text is the
// cell's and the header's tooltip. No elidable column goes under `minWidth`; when even that does not
// fit, the table scrolls as before.
#include <vector>

class QTableView;

namespace fp::gui {

// Fits now, again whenever the model is reset or the viewport changes width.
void keepColumnsInView(QTableView* table, std::vector<int> elidable, int minWidth = 72);
// Fits a table given to keepColumnsInView again now: for tables filled item by item (a QTableWidget
// resets no model). Does nothing to other tables.
void refitColumns(QTableView* table);

} // namespace fp::gui
