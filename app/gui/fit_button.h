#pragma once
// The "Fit" control of the drawing views (topology, floor; issue 41): a small button over the top-right
// corner of the view's viewport and the Ctrl+0 shortcut (while the view has focus), both calling `fit`,
// which puts the whole drawing back in the window after the user zoomed or panned.
#include <functional>

class QGraphicsView;
class QToolButton;

namespace fp::gui {

QToolButton* addFitButton(QGraphicsView* view, std::function<void()> fit);

} // namespace fp::gui
