#pragma once
// --screenshot: open a design in the window offscreen, wait until its plan (and, for the Compare tab,
// the comparison) is in, show a tab and write QWidget::grab() to a PNG.
#include <QString>

namespace fp::gui {

class MainWindow;

// Waits at most `timeoutMs` for the plan. Returns false with the reason in *error.
bool renderScreenshot(MainWindow&, const QString& designPath, const QString& tab, const QString& pngPath,
                      QString* error, int timeoutMs = 120'000);
// Waits (processing events) until the document has no work pending; false on timeout.
bool waitForPlan(MainWindow&, int timeoutMs);

} // namespace fp::gui
