#include "site_dialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace fp::gui {
namespace {

QTableWidget* makeTable(int columns, const QStringList& headers, QWidget* parent)
{
    auto* t = new QTableWidget(0, columns, parent);
    t->setHorizontalHeaderLabels(headers);
    t->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    t->verticalHeader()->setVisible(false);
    t->setMinimumHeight(120);
    return t;
}

// Add and Remove under a table.
QHBoxLayout* rowButtons(QTableWidget* table, const QString& addText, std::function<void()> add, QWidget* parent)
{
    auto* addButton = new QPushButton(addText, parent);
    auto* remove = new QPushButton(QObject::tr("Remove"), parent);
    QObject::connect(addButton, &QPushButton::clicked, parent, std::move(add));
    QObject::connect(remove, &QPushButton::clicked, parent, [table] {
        if (table->currentRow() >= 0) table->removeRow(table->currentRow());
    });
    auto* row = new QHBoxLayout;
    row->addWidget(addButton);
    row->addWidget(remove);
    row->addStretch(1);
    return row;
}

std::string textAt(const QTableWidget* t, int row, int column)
{
    const QTableWidgetItem* item = t->item(row, column);
    return item ? item->text().trimmed().toStdString() : std::string();
}

} // namespace

SiteDialog::SiteDialog(const SiteSpec& initial, Apply apply, QWidget* parent) : QDialog(parent), m_apply(std::move(apply))
{
    setWindowTitle(tr("Site: halls and buildings"));
    auto* intro = new QLabel(tr("Describe the halls the cluster stands in: each hall's building and the rows of compute "
                                "racks it holds. Pods (or scalable units) fill the halls in order, or give each hall its "
                                "pods by hand. Cables between buildings run via their centres and the route given "
                                "below. No halls: FabricPlan lays out the floor itself."),
                             this);
    intro->setWordWrap(true);
    m_halls = makeTable(4, {tr("Hall"), tr("Building"), tr("Rows"), tr("Pods (by hand)")}, this);
    for (const HallSpec& h : initial.halls) addHallRow(h);
    m_routes = makeTable(3, {tr("From building"), tr("To building"), tr("Route (m)")}, this);
    for (const SiteRoute& r : initial.routes) addRouteRow(r);
    m_core = new QLineEdit(QString::fromStdString(initial.coreBuilding), this);
    m_core->setPlaceholderText(tr("the first hall's building"));
    m_core->setToolTip(tr("The building whose centre holds the core room (two tiers: the spines)."));

    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_error->setVisible(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SiteDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(new QLabel(tr("<b>Halls</b>"), this));
    layout->addWidget(m_halls, 2);
    layout->addLayout(rowButtons(m_halls, tr("Add hall"), [this] {
        const std::string building = m_halls->rowCount() > 0 ? textAt(m_halls, m_halls->rowCount() - 1, 1) : std::string();
        addHallRow({tr("Hall %1").arg(m_halls->rowCount() + 1).toStdString(), building, 32, 0});
    }, this));
    layout->addWidget(new QLabel(tr("<b>Routes between buildings</b>"), this));
    layout->addWidget(m_routes, 1);
    layout->addLayout(rowButtons(m_routes, tr("Add route"), [this] { addRouteRow({"", "", 100.0}); }, this));
    auto* core = new QFormLayout;
    core->addRow(tr("Core building"), m_core);
    layout->addLayout(core);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    resize(620, 560);
}

void SiteDialog::addHallRow(const HallSpec& h)
{
    const int row = m_halls->rowCount();
    m_halls->insertRow(row);
    m_halls->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(h.name)));
    m_halls->setItem(row, 1, new QTableWidgetItem(QString::fromStdString(h.building)));
    auto* rows = new QSpinBox(m_halls);
    rows->setRange(1, 100000);
    rows->setValue(h.rows);
    auto* pods = new QSpinBox(m_halls);
    pods->setRange(0, 100000);
    pods->setSpecialValueText(tr("by rule"));
    pods->setValue(h.pods);
    m_halls->setCellWidget(row, 2, rows);
    m_halls->setCellWidget(row, 3, pods);
}

void SiteDialog::addRouteRow(const SiteRoute& r)
{
    const int row = m_routes->rowCount();
    m_routes->insertRow(row);
    m_routes->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(r.from)));
    m_routes->setItem(row, 1, new QTableWidgetItem(QString::fromStdString(r.to)));
    auto* length = new QDoubleSpinBox(m_routes);
    length->setRange(0, 100000);
    length->setDecimals(0);
    length->setSuffix(QStringLiteral(" m"));
    length->setValue(r.lengthM);
    m_routes->setCellWidget(row, 2, length);
}

SiteSpec SiteDialog::site() const
{
    SiteSpec s;
    for (int r = 0; r < m_halls->rowCount(); ++r)
        s.halls.push_back({textAt(m_halls, r, 0), textAt(m_halls, r, 1), qobject_cast<QSpinBox*>(m_halls->cellWidget(r, 2))->value(),
                           qobject_cast<QSpinBox*>(m_halls->cellWidget(r, 3))->value()});
    for (int r = 0; r < m_routes->rowCount(); ++r)
        s.routes.push_back({textAt(m_routes, r, 0), textAt(m_routes, r, 1), qobject_cast<QDoubleSpinBox*>(m_routes->cellWidget(r, 2))->value()});
    s.coreBuilding = m_core->text().trimmed().toStdString();
    return s;
}

QString SiteDialog::refusal() const { return m_error->isVisible() ? m_error->text() : QString(); }

void SiteDialog::accept()
{
    const QString refused = m_apply ? m_apply(site()) : QString();
    m_error->setText(refused);
    m_error->setVisible(!refused.isEmpty());
    if (refused.isEmpty()) QDialog::accept();
}

} // namespace fp::gui
