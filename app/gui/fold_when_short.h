#pragma once
// A part of a page that folds away while the page is shorter than a height (the Prices tab in a
// 1024 x 700 window), behind a toggle that shows it again. Once the user presses the toggle, their
// choice holds at any height.
#include <QString>

class QToolButton;
class QWidget;

namespace fp::gui {

// `toggle` becomes checkable (checked: `part` shown) and reads `label` with ▾ (shown) or ▸ (folded).
// Folded from the start when `page` is shorter than `minHeightPx`; refolded on every resize until
// the user chooses.
void foldWhenShort(QWidget* page, QWidget* part, QToolButton* toggle, const QString& label, int minHeightPx);

} // namespace fp::gui
