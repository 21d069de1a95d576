#include "network_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "catalog/catalog.h"
#include "catalog/platform_networks.h"
#include "spec/cluster_spec.h"
#include "spec/ratio.h"

namespace fp::gui {
namespace {

constexpr NetworkRole kRoles[] = {NetworkRole::Storage, NetworkRole::InBand, NetworkRole::OutOfBand,
                                  NetworkRole::StorageInBand};
constexpr FabricKind kFabrics[] = {FabricKind::InfiniBand, FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC};
constexpr EndpointCount kPers[] = {EndpointCount::Fixed, EndpointCount::PerComputeNode, EndpointCount::PerSwitch};

QString perText(EndpointCount c)
{
    switch (c) {
    case EndpointCount::Fixed: return QObject::tr("a fixed count");
    case EndpointCount::PerComputeNode: return QObject::tr("one per compute node");
    case EndpointCount::PerSwitch: return QObject::tr("one per switch before");
    }
    return {};
}

// An editable combo of catalog part numbers; the typed text is what the network names.
template <typename Models>
QComboBox* partCombo(const Models& models, const std::string& current, QWidget* parent)
{
    auto* c = new QComboBox(parent);
    c->setEditable(true);
    c->setInsertPolicy(QComboBox::NoInsert);
    for (const auto& m : models) {
        c->addItem(QString::fromStdString(m.partNumber));
        c->setItemData(c->count() - 1, QString::fromStdString(m.description), Qt::ToolTipRole);
    }
    c->setCurrentText(QString::fromStdString(current));
    return c;
}

} // namespace

NetworkDialog::NetworkDialog(const Catalog& catalog, const NetworkSpec& n, Apply apply, QWidget* parent)
    : QDialog(parent), m_apply(std::move(apply))
{
    setWindowTitle(n.name.empty() ? tr("Network") : tr("Network %1").arg(QString::fromStdString(n.name)));
    auto* form = new QFormLayout;
    m_name = new QLineEdit(QString::fromStdString(n.name), this);
    m_name->setToolTip(tr("Unique in the design; names the network's BOM lines, cable rows and labels."));
    form->addRow(tr("&Name"), m_name);
    m_role = new QComboBox(this);
    for (NetworkRole r : kRoles) m_role->addItem(QString::fromUtf8(displayName(r)), int(r));
    m_role->setCurrentIndex(std::max(0, m_role->findData(int(n.role))));
    form->addRow(tr("&Role"), m_role);
    connect(m_role, &QComboBox::currentIndexChanged, this, &NetworkDialog::updatePowerBoxes);
    m_fabric = new QComboBox(this);
    for (FabricKind f : kFabrics) m_fabric->addItem(QString::fromUtf8(displayName(f)), int(f));
    m_fabric->setCurrentIndex(std::max(0, m_fabric->findData(int(n.fabric))));
    form->addRow(tr("&Technology"), m_fabric);
    m_switch = partCombo(catalog.switches, n.switchModel, this);
    m_switch->setToolTip(tr("Every tier's switch (fabricplan-cli catalog list switches)."));
    form->addRow(tr("&Switch"), m_switch);
    m_port = partCombo(catalog.nics, n.portModel, this);
    m_port->setToolTip(tr("The catalog NIC that stands for one endpoint port: its cage and speed decide the "
                          "modules and cables at the endpoint end."));
    form->addRow(tr("Endpoint &port"), m_port);
    m_gbps = new QSpinBox(this);
    m_gbps->setRange(0, 1600);
    m_gbps->setSingleStep(100);
    m_gbps->setSuffix(tr(" Gb/s"));
    m_gbps->setSpecialValueText(tr("Port native"));
    m_gbps->setValue(n.linkGbps);
    form->addRow(tr("&Link speed"), m_gbps);
    m_fabricGbps = new QSpinBox(this);
    m_fabricGbps->setRange(0, 1600);
    m_fabricGbps->setSingleStep(100);
    m_fabricGbps->setSuffix(tr(" Gb/s"));
    m_fabricGbps->setSpecialValueText(tr("Link speed"));
    m_fabricGbps->setValue(n.fabricGbps);
    m_fabricGbps->setToolTip(tr("Leaf-spine links at this speed when faster than the ports' (a multiple of it): "
                                "200G storage ports under 400G uplinks. 'Link speed' runs them at the ports' speed."));
    form->addRow(tr("&Uplink speed"), m_fabricGbps);
    m_tiers = new QComboBox(this);
    m_tiers->addItem(tr("Auto (one switch if it fits)"), 0);
    m_tiers->addItem(tr("1 (one switch)"), 1);
    m_tiers->addItem(tr("2 (leaf-spine)"), 2);
    m_tiers->setCurrentIndex(std::max(0, m_tiers->findData(n.tiers)));
    form->addRow(tr("T&iers"), m_tiers);
    m_ratio = new QLineEdit(QString::fromStdString(ratioText(n.leafOversubscription)), this);
    m_ratio->setToolTip(tr("Node-side DOWN:UP at the leaf, e.g. 1:1, 4:3 or 1:1.16."));
    form->addRow(tr("Leaf &oversubscription"), m_ratio);
    m_priced = new QCheckBox(tr("Price the endpoint ports (off: they come with the DGX or storage system)"), this);
    m_priced->setChecked(n.portsPriced);
    form->addRow(QString(), m_priced);

    m_endpoints = new QTableWidget(0, 5, this);
    m_endpoints->setHorizontalHeaderLabels({tr("Endpoints"), tr("Count follows"), tr("Count"), tr("Ports each"), tr("Power each")});
    m_endpoints->horizontalHeaderItem(4)->setToolTip(
        tr("A fixed group's servers: each one's power draw, counted in its service rack (racks hold fewer servers "
           "when it fills their budget). Off: not given."));
    m_endpoints->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_endpoints->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_endpoints->verticalHeader()->setVisible(false);
    m_endpoints->setMinimumHeight(140);
    for (const EndpointGroup& g : n.endpoints) addEndpointRow(g);
    auto* addRow = new QPushButton(tr("Add endpoints"), this);
    auto* removeRow = new QPushButton(tr("Remove"), this);
    connect(addRow, &QPushButton::clicked, this, [this] { addEndpointRow({tr("storage servers").toStdString(), EndpointCount::Fixed, 1, 1}); });
    connect(removeRow, &QPushButton::clicked, this, [this] {
        if (m_endpoints->currentRow() >= 0) m_endpoints->removeRow(m_endpoints->currentRow());
    });
    auto* rowButtons = new QHBoxLayout;
    rowButtons->addWidget(addRow);
    rowButtons->addWidget(removeRow);
    rowButtons->addStretch(1);

    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_error->setVisible(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &NetworkDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &NetworkDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("What connects to it:"), this));
    layout->addWidget(m_endpoints, 1);
    layout->addLayout(rowButtons);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    resize(720, 560);
}

void NetworkDialog::addEndpointRow(const EndpointGroup& g)
{
    const int row = m_endpoints->rowCount();
    m_endpoints->insertRow(row);
    m_endpoints->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(g.name)));
    auto* per = new QComboBox(m_endpoints);
    for (EndpointCount c : kPers) per->addItem(perText(c), int(c));
    per->setCurrentIndex(std::max(0, per->findData(int(g.per))));
    auto* count = new QSpinBox(m_endpoints);
    count->setRange(0, 10'000'000);
    count->setGroupSeparatorShown(true);
    count->setValue(g.count);
    count->setEnabled(g.per == EndpointCount::Fixed);
    auto* ports = new QSpinBox(m_endpoints);
    ports->setRange(1, 64);
    ports->setValue(g.portsEach);
    auto* power = new QDoubleSpinBox(m_endpoints);
    power->setRange(0, 100'000);
    power->setDecimals(0);
    power->setSingleStep(100);
    power->setSuffix(tr(" W"));
    power->setSpecialValueText(tr("Off"));
    power->setGroupSeparatorShown(true);
    power->setValue(g.powerWEach);
    // A count that follows the nodes or switches takes no number, nor a power (the node's and switch's are
    // counted already): the core refuses either.
    connect(per, &QComboBox::currentIndexChanged, count, [this, per, count] {
        const bool fixed = per->currentData().toInt() == int(EndpointCount::Fixed);
        count->setEnabled(fixed);
        if (!fixed) count->setValue(0);
        updatePowerBoxes();
    });
    m_endpoints->setCellWidget(row, 1, per);
    m_endpoints->setCellWidget(row, 2, count);
    m_endpoints->setCellWidget(row, 3, ports);
    m_endpoints->setCellWidget(row, 4, power);
    updatePowerBoxes();
}

void NetworkDialog::updatePowerBoxes()
{
    const bool oob = m_role->currentData().toInt() == int(NetworkRole::OutOfBand);
    for (int r = 0; r < m_endpoints->rowCount(); ++r) {
        auto* per = qobject_cast<QComboBox*>(m_endpoints->cellWidget(r, 1));
        auto* power = qobject_cast<QDoubleSpinBox*>(m_endpoints->cellWidget(r, 4));
        if (!per || !power) continue;
        const bool takes = !oob && per->currentData().toInt() == int(EndpointCount::Fixed);
        power->setEnabled(takes);
        if (!takes) power->setValue(0);
    }
}

NetworkSpec NetworkDialog::network() const
{
    NetworkSpec n;
    n.name = m_name->text().trimmed().toStdString();
    n.role = NetworkRole(m_role->currentData().toInt());
    n.fabric = FabricKind(m_fabric->currentData().toInt());
    n.switchModel = m_switch->currentText().trimmed().toStdString();
    n.portModel = m_port->currentText().trimmed().toStdString();
    n.linkGbps = m_gbps->value();
    n.fabricGbps = m_fabricGbps->value();
    n.tiers = m_tiers->currentData().toInt();
    Ratio ratio;
    // Unparsable text: a ratio the core refuses (0:0), so OK names the field rather than keep the old one.
    n.leafOversubscription = parseRatio(m_ratio->text().trimmed().toStdString(), ratio) ? Ratio{0, 0} : ratio;
    n.portsPriced = m_priced->isChecked();
    for (int r = 0; r < m_endpoints->rowCount(); ++r) {
        EndpointGroup g;
        g.name = m_endpoints->item(r, 0) ? m_endpoints->item(r, 0)->text().trimmed().toStdString() : std::string();
        g.per = EndpointCount(qobject_cast<QComboBox*>(m_endpoints->cellWidget(r, 1))->currentData().toInt());
        g.count = qobject_cast<QSpinBox*>(m_endpoints->cellWidget(r, 2))->value();
        g.portsEach = qobject_cast<QSpinBox*>(m_endpoints->cellWidget(r, 3))->value();
        g.powerWEach = qobject_cast<QDoubleSpinBox*>(m_endpoints->cellWidget(r, 4))->value();
        n.endpoints.push_back(g);
    }
    return n;
}

QString NetworkDialog::refusal() const { return m_error->isVisible() ? m_error->text() : QString(); }

void NetworkDialog::accept()
{
    const QString refused = m_apply ? m_apply(network()) : QString();
    m_error->setText(refused);
    m_error->setVisible(!refused.isEmpty());
    if (refused.isEmpty()) QDialog::accept();
}

namespace {

// The generic starting point, on the switch models of NVIDIA's DGX SuperPOD H100 RA (QM9700 storage,
// SN4600C in-band at 100GbE, SN2201 OOB at the RJ45 port's 1 Gb/s, 44 down and 4 up).
NetworkSpec genericNetwork(NetworkRole role)
{
    NetworkSpec n;
    n.role = role;
    n.fabric = role == NetworkRole::Storage ? FabricKind::InfiniBand : FabricKind::RoCE;
    n.switchModel = role == NetworkRole::Storage ? "MQM9700-NS2F" : "SN4600C";
    n.portModel = "MCX715105AS-WEAT";  // ConnectX-7 400G QSFP112, as a DGX H100's storage and in-band ports
    n.linkGbps = role == NetworkRole::Storage ? 400 : 100;
    switch (role) {
    case NetworkRole::Storage:
    case NetworkRole::StorageInBand:
        n.endpoints = {{"node storage ports", EndpointCount::PerComputeNode, 0, 2}, {"storage servers", EndpointCount::Fixed, 8, 2}};
        break;
    case NetworkRole::InBand:
        n.endpoints = {{"node in-band ports", EndpointCount::PerComputeNode, 0, 2}, {"management servers", EndpointCount::Fixed, 4, 2}};
        break;
    case NetworkRole::OutOfBand:
        n.switchModel = "SN2201";
        n.portModel = "GEN-1GBE-RJ45-PORT";
        n.linkGbps = 0;
        n.leafOversubscription = Ratio{11, 1, 0};
        n.endpoints = {{"node BMCs", EndpointCount::PerComputeNode, 0, 1}, {"switch management ports", EndpointCount::PerSwitch, 0, 1}};
        break;
    case NetworkRole::Compute: break;
    }
    return n;
}

} // namespace

NetworkSpec suggestedNetwork(NetworkRole role, const ClusterSpec& design, const Catalog& catalog)
{
    NetworkSpec n = genericNetwork(role);
    if (const PlatformModel* platform = catalog.findPlatform(design.platform))
        for (const NetworkSpec& reference : referenceNetworks(*platform, design))
            if (reference.role == role) n = reference;
    const std::string base = toString(role);
    n.name = base;
    const std::vector<NetworkSpec>& taken = design.networks;
    for (int k = 2; std::any_of(taken.begin(), taken.end(), [&n](const NetworkSpec& t) { return t.name == n.name; }); ++k)
        n.name = base + "-" + std::to_string(k);
    return n;
}

} // namespace fp::gui
