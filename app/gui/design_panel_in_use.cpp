// DesignPanel's in-use notes (issue 41, no silent override): where the plan runs another value than a
// field says, the note beside the field says the value in use, and its tooltip the plan's finding, the
// one the Checks tab, the CLI summary and the plan JSON carry (core/plan/overrides.h, checks
// floor.rack-power-nodes, design.override-su-size). The note shows exactly when the finding is there.
#include "design_panel.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>

#include "document.h"
#include "layout/layout.h"
#include "plan/plan.h"
#include "spec/design_fields.h"

namespace fp::gui {
namespace {

QString keyOf(const char* path) { return QString::fromLatin1(path).section(QLatin1Char('/'), -1); }

const Finding* findingOf(const Plan& plan, const char* rule)
{
    for (const Finding& f : plan.findings)
        if (f.rule == rule) return &f;
    return nullptr;
}

QString planesText(int planes, bool rail)
{
    const QString n = QString::number(planes);
    if (rail) return planes == 1 ? DesignPanel::tr("%1 rail plane").arg(n) : DesignPanel::tr("%1 rail planes").arg(n);
    return planes == 1 ? DesignPanel::tr("%1 plane").arg(n) : DesignPanel::tr("%1 planes").arg(n);
}

} // namespace

void DesignPanel::addInUseNote(const char* path)
{
    const QString key = QString::fromLatin1(path);
    Binding* b = bindingFor(key);
    if (!b) return;
    auto* form = qobject_cast<QFormLayout*>(b->editor->parentWidget() ? b->editor->parentWidget()->layout() : nullptr);
    int row = -1;
    QFormLayout::ItemRole role = QFormLayout::FieldRole;
    if (form) form->getWidgetPosition(b->editor, &row, &role);
    if (row < 0) return;
    QLayoutItem* item = form->itemAt(row, QFormLayout::FieldRole);
    form->removeItem(item);
    delete item;  // the layout item only: the editor moves into the row's box below
    auto* box = new QWidget(form->parentWidget());
    auto* h = new QHBoxLayout(box);
    h->setContentsMargins(0, 0, 0, 0);
    h->setSpacing(6);
    h->addWidget(b->editor, 1);
    auto* note = new QLabel(box);
    note->setObjectName(QStringLiteral("inUse_") + keyOf(path));
    note->setTextFormat(Qt::PlainText);
    note->setWordWrap(false);  // one line, never taller than the editor: the rows below stay put
    note->setForegroundRole(QPalette::Link);
    h->addWidget(note);
    form->setWidget(row, QFormLayout::FieldRole, box);
    if (auto* label = qobject_cast<QLabel*>(form->labelForField(box))) label->setBuddy(b->editor);
    m_inUse.insert(keyOf(path), note);
}

QString DesignPanel::inUseNote(const QString& key) const
{
    const QLabel* note = m_inUse.value(key.section(QLatin1Char('/'), -1));
    return note ? note->text() : QString();
}

QString DesignPanel::inUseWhy(const QString& key) const
{
    const QLabel* note = m_inUse.value(key.section(QLatin1Char('/'), -1));
    return note ? note->toolTip() : QString();
}

void DesignPanel::showInUse()
{
    const std::shared_ptr<const Plan> plan = m_document->computePlan();
    const auto set = [this, &plan](const char* path, const char* rule, const auto& text) {
        QLabel* note = m_inUse.value(keyOf(path));
        if (!note) return;
        const Finding* f = plan ? findingOf(*plan, rule) : nullptr;
        if (!f) {
            note->clear();
            note->setToolTip(QString());
            return;
        }
        note->setText(text(*plan));
        note->setToolTip(tr("<p>%1</p><p><b>Fix:</b> %2</p><p>(Checks: %3)</p>")
                             .arg(QString::fromStdString(f->message).toHtmlEscaped(),
                                  QString::fromStdString(f->fix).toHtmlEscaped(), QString::fromLatin1(rule)));
    };
    set(fields::planes.path, "design.override-planes", [](const Plan& p) {
        return tr("uses %1").arg(planesText(p.spec.planes, p.spec.railPlanes));
    });
    set(fields::linkGbps.path, "design.override-link-speed", [](const Plan& p) {
        return tr("uses %1 Gb/s").arg(p.spec.linkGbps);
    });
    set(fields::suNodes.path, "design.override-su-size", [](const Plan& p) {
        return tr("uses %1 (all nodes)").arg(p.fabric.shape.suNodes);
    });
    set(fields::nodesPerRack.path, "floor.rack-power-nodes", [](const Plan& p) {
        return tr("uses %1 (rack power)").arg(layout::nodesPerRack(p.spec.floor));
    });
}

} // namespace fp::gui
