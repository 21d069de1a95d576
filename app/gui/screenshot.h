#pragma once
// --screenshot: open a design in the window offscreen, wait until its plan (and, for the Compare tab,
// the comparison) is in, show a tab and write QWidget::grab() to a PNG.
#include <QPalette>
#include <QSize>
#include <QString>
#include <QStringList>

namespace fp::gui {

class MainWindow;

// Waits at most `timeoutMs` for the plan. Returns false with the reason in *error.
// `size` is the window's (1400 x 900 by default; 1024 x 700 is the smallest the layout is made for).
// `network`: the name of the design's network the views show (empty: the compute fabric).
// `explore`, for the explorer tab: the axes its sweep varies ("vary.KEY=V1+V2", a '+' for each ',' of the
// field; "vary.KEY" ticks a try-both box), then chart figures, filters and pins set after the sweep, in
// order: "x=FIGURE,y=FIGURE,capex=MAX,power=MAX,busbw=MIN,pin=N+M" (figures as sweep --pareto names them,
// capex in $ M, variant numbers from 1; pin=front pins the front drawn then); a bad part is an error.
// Tab "compare-designs" shows File > Compare designs: the design against the files in `compareWith`,
// the comparison window (not the main window) at `size`.
bool renderScreenshot(MainWindow&, const QString& designPath, const QString& tab, const QString& pngPath,
                      QString* error, int timeoutMs = 120'000, QSize size = QSize(1400, 900),
                      const QString& network = QString(), const QString& explore = QString(),
                      const QStringList& compareWith = {});
// A dark palette for --dark screenshots (Fusion style), as a dark desktop theme gives the app.
QPalette darkScreenshotPalette();
// Waits (processing events) until the document has no work pending; false on timeout.
bool waitForPlan(MainWindow&, int timeoutMs);

} // namespace fp::gui
