#include "fit_button.h"

#include <QEvent>
#include <QGraphicsView>
#include <QScrollBar>
#include <QShortcut>
#include <QToolButton>

namespace fp::gui {
namespace {

// Keeps the button at the viewport's top-right corner, left of a vertical scroll bar.
class CornerKeeper : public QObject {
public:
    CornerKeeper(QGraphicsView* view, QToolButton* button) : QObject(button), m_view(view), m_button(button) {}
    void place()
    {
        const QRect vp = m_view->viewport()->geometry();
        const QSize size = m_button->sizeHint();
        m_button->setGeometry(vp.right() - size.width() - 6, vp.top() + 6, size.width(), size.height());
        m_button->raise();
    }

protected:
    bool eventFilter(QObject*, QEvent* e) override
    {
        if (e->type() == QEvent::Resize || e->type() == QEvent::Show || e->type() == QEvent::LayoutRequest) place();
        return false;
    }

private:
    QGraphicsView* m_view;
    QToolButton* m_button;
};

} // namespace

QToolButton* addFitButton(QGraphicsView* view, std::function<void()> fit)
{
    auto* button = new QToolButton(view);
    button->setObjectName(QStringLiteral("fitButton"));
    button->setText(QObject::tr("Fit"));
    button->setToolTip(QObject::tr("Show the whole drawing (Ctrl+0); the mouse wheel zooms, dragging pans"));
    button->setAutoRaise(false);
    button->setFocusPolicy(Qt::NoFocus);
    QObject::connect(button, &QToolButton::clicked, view, [fit] { fit(); });
    auto* shortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_0), view);
    shortcut->setContext(Qt::WidgetWithChildrenShortcut);
    QObject::connect(shortcut, &QShortcut::activated, view, [fit] { fit(); });
    auto* keeper = new CornerKeeper(view, button);
    view->installEventFilter(keeper);
    view->viewport()->installEventFilter(keeper);
    keeper->place();
    return button;
}

} // namespace fp::gui
