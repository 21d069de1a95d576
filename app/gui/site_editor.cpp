#include "site_editor.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include "commands.h"
#include "document.h"
#include "site_dialog.h"

namespace fp::gui {

SiteEditor::SiteEditor(Document* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    m_summary = new QLabel(this);
    // Its text must not widen the design panel (the window fits 1024 px): it takes what is left.
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* edit = new QPushButton(tr("Edit…"), this);
    edit->setObjectName(QStringLiteral("editSite"));
    edit->setToolTip(tr("Describe the halls and buildings the cluster stands in, and the cable routes between "
                        "buildings (core/layout/README.md, Sites)."));
    connect(edit, &QPushButton::clicked, this, &SiteEditor::editSite);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary, 1);
    layout->addWidget(edit);
    connect(m_document, &Document::specChanged, this, &SiteEditor::refresh);
    refresh();
}

void SiteEditor::refresh()
{
    const SiteSpec& site = m_document->spec().floor.site;
    if (site.empty()) {
        m_summary->setText(tr("Automatic halls"));
        return;
    }
    const int buildings = int(siteBuildings(site).size());
    const QString halls = site.halls.size() == 1 ? tr("1 hall") : tr("%1 halls").arg(site.halls.size());
    m_summary->setText(buildings > 1 ? tr("%1 in %2 buildings").arg(halls).arg(buildings) : halls);
}

void SiteEditor::editSite()
{
    SiteDialog dialog(m_document->spec().floor.site, [this](const SiteSpec& s) { return Command::setSite(m_document, s); }, this);
    emit dialogOpened(&dialog);
    dialog.exec();
}

} // namespace fp::gui
