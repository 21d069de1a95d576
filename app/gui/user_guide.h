#pragma once
// Help › User guide: the README's "Using the window" section (and the rest of the README below it),
// rendered in a window of its own; no browser or network needed.
class QWidget;
class QString;

namespace fp::gui {

// The README's text, or an empty string (and *where says where it was looked for) if it is missing.
QString userGuideMarkdown(QString* where = nullptr);
void showUserGuide(QWidget* parent);

} // namespace fp::gui
