#include "networks_editor.h"

#include <QHBoxLayout>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QVBoxLayout>

#include "commands.h"
#include "document.h"
#include "network_dialog.h"

namespace fp::gui {

NetworksEditor::NetworksEditor(Document* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("networksList"));
    m_list->setToolTip(tr("The cluster's networks beside the compute fabric. Each is planned as the compute "
                          "fabric is; the Summary sums them and Network above the tabs shows one."));
    m_list->setMaximumHeight(110);
    m_list->setWordWrap(true);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* add = new QPushButton(tr("Add"), this);
    auto* menu = new QMenu(add);
    for (NetworkRole role : {NetworkRole::Storage, NetworkRole::InBand, NetworkRole::OutOfBand, NetworkRole::StorageInBand})
        menu->addAction(QString::fromUtf8(displayName(role)), this, [this, role] { addNetwork(role); });
    add->setMenu(menu);
    m_edit = new QPushButton(tr("Edit…"), this);
    m_remove = new QPushButton(tr("Remove"), this);
    connect(m_edit, &QPushButton::clicked, this, [this] { editNetwork(m_list->currentRow()); });
    connect(m_remove, &QPushButton::clicked, this, [this] { removeNetwork(m_list->currentRow()); });
    connect(m_list, &QListWidget::itemDoubleClicked, this, [this] { editNetwork(m_list->currentRow()); });
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        m_edit->setEnabled(row >= 0);
        m_remove->setEnabled(row >= 0);
    });
    auto* buttons = new QHBoxLayout;
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addWidget(add);
    buttons->addWidget(m_edit);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list);
    layout->addLayout(buttons);
    connect(m_document, &Document::specChanged, this, &NetworksEditor::refresh);
    refresh();
}

void NetworksEditor::refresh()
{
    const auto& networks = m_document->spec().networks;
    const int row = m_list->currentRow();
    m_list->clear();
    if (networks.empty()) {
        auto* none = new QListWidgetItem(tr("Compute fabric only: Add a storage, in-band or OOB network"));
        none->setFlags(Qt::NoItemFlags);
        m_list->addItem(none);
    }
    for (const NetworkSpec& n : networks) {
        auto* item = new QListWidgetItem(tr("%1 · %2 %3").arg(QString::fromStdString(n.name), QString::fromUtf8(displayName(n.fabric)),
                                                              QString::fromStdString(n.switchModel)));
        item->setToolTip(QString::fromUtf8(displayName(n.role)));
        m_list->addItem(item);
    }
    if (!networks.empty()) m_list->setCurrentRow(std::min(std::max(row, 0), int(networks.size()) - 1));
    m_edit->setEnabled(!networks.empty());
    m_remove->setEnabled(!networks.empty());
}

bool NetworksEditor::runDialog(const NetworkSpec& initial, int index)
{
    const auto catalog = m_document->catalog();
    if (!catalog) return false;
    NetworkDialog dialog(*catalog, initial, [this, index](const NetworkSpec& n) {
        std::vector<NetworkSpec> next = m_document->spec().networks;
        if (index < 0) next.push_back(n);
        else next[std::size_t(index)] = n;
        const QString text = index < 0 ? tr("Add network %1").arg(QString::fromStdString(n.name))
                                       : tr("Change network %1").arg(QString::fromStdString(n.name));
        return Command::setNetworks(m_document, std::move(next), text);
    }, this);
    emit dialogOpened(&dialog);
    return dialog.exec() == QDialog::Accepted;
}

void NetworksEditor::addNetwork(NetworkRole role)
{
    runDialog(suggestedNetwork(role, m_document->spec(), *m_document->catalog()), -1);
}

void NetworksEditor::editNetwork(int index)
{
    const auto& networks = m_document->spec().networks;
    if (index < 0 || index >= int(networks.size())) return;
    runDialog(networks[std::size_t(index)], index);
}

void NetworksEditor::removeNetwork(int index)
{
    std::vector<NetworkSpec> next = m_document->spec().networks;
    if (index < 0 || index >= int(next.size())) return;
    const QString name = QString::fromStdString(next[std::size_t(index)].name);
    next.erase(next.begin() + index);
    // Removing cannot make the others invalid, except a per-switch count that followed it; the core says.
    const QString refused = Command::setNetworks(m_document, std::move(next), tr("Remove network %1").arg(name));
    if (!refused.isEmpty()) m_document->announce(refused);
}

} // namespace fp::gui
