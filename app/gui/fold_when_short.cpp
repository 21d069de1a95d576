#include "fold_when_short.h"

#include <QEvent>
#include <QPointer>
#include <QToolButton>
#include <QWidget>

#include <optional>

namespace fp::gui {
namespace {

class Folder : public QObject {
public:
    Folder(QWidget* page, QWidget* part, QToolButton* toggle, QString label, int minHeightPx)
        : QObject(page), m_page(page), m_part(part), m_toggle(toggle), m_label(std::move(label)), m_minHeightPx(minHeightPx)
    {
        m_toggle->setCheckable(true);
        connect(m_toggle, &QToolButton::clicked, this, [this](bool show) {
            m_choice = !show;
            update();
        });
        m_page->installEventFilter(this);
        update();
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == m_page && (event->type() == QEvent::Resize || event->type() == QEvent::Show)) update();
        return QObject::eventFilter(watched, event);
    }

private:
    void update()
    {
        if (!m_page || !m_part || !m_toggle) return;
        const bool fold = m_choice.value_or(m_page->height() < m_minHeightPx);
        m_part->setHidden(fold);
        m_toggle->setChecked(!fold);
        m_toggle->setText(m_label + (fold ? QStringLiteral(" ▸") : QStringLiteral(" ▾")));
    }

    QPointer<QWidget> m_page, m_part;
    QPointer<QToolButton> m_toggle;
    QString m_label;
    int m_minHeightPx;
    std::optional<bool> m_choice;  // folded, once the user pressed the toggle
};

} // namespace

void foldWhenShort(QWidget* page, QWidget* part, QToolButton* toggle, const QString& label, int minHeightPx)
{
    new Folder(page, part, toggle, label, minHeightPx);
}

} // namespace fp::gui
