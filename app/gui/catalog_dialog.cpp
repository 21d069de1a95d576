#include "catalog_dialog.h"

#include <QComboBox>
#include <QDate>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "catalog/catalog_db.h"
#include "common/paths.h"
#include "catalog_model.h"
#include "common/error.h"

namespace fp::gui {

namespace {

// Category filter on top of the text filter.
class CatalogProxy : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    QString category;

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override
    {
        if (!category.isEmpty() &&
            sourceModel()->index(row, CatalogPartsModel::Category, parent).data().toString() != category)
            return false;
        return QSortFilterProxyModel::filterAcceptsRow(row, parent);
    }
};

} // namespace

CatalogDialog::CatalogDialog(std::shared_ptr<const Catalog> catalog, QString userDbPath, QWidget* parent)
    : QDialog(parent), m_dbPath(std::move(userDbPath)),
      m_catalogFile(m_dbPath.isEmpty() && catalog ? QString::fromStdString(catalog->path) : m_dbPath),
      m_bundledPath(QString::fromStdString(bundledCatalogPath()))
{
    setWindowTitle(tr("Parts catalog"));
    resize(1100, 640);
    m_model = new CatalogPartsModel(this);
    m_model->setCatalog(catalog);
    if (!m_dbPath.isEmpty())
        m_model->setPriceEditor([this](const QString& part, double usd) {
            QString error;
            if (setUserPrice(part, usd, &error)) return true;
            QMessageBox::warning(this, tr("Price not saved"), error);
            return false;
        });
    auto* proxy = new CatalogProxy(this);
    m_proxy = proxy;
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);

    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter by part number, vendor or description"));
    m_filter->setClearButtonEnabled(true);
    m_category = new QComboBox(this);
    m_category->addItem(tr("All categories"), QString());
    for (const char* c : {"switch", "nic", "transceiver", "cable", "patch_panel"})
        m_category->addItem(QString::fromLatin1(c), QString::fromLatin1(c));
    m_table = new QTableView(this);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(CatalogPartsModel::Category, Qt::AscendingOrder);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(CatalogPartsModel::PartNumber, 190);
    m_table->setColumnWidth(CatalogPartsModel::Description, 360);
    m_table->setColumnWidth(CatalogPartsModel::Category, 90);
    m_table->setColumnWidth(CatalogPartsModel::Vendor, 100);

    auto* top = new QHBoxLayout;
    top->addWidget(m_filter, 1);
    top->addWidget(m_category);
    auto* note = new QLabel(m_dbPath.isEmpty()
                                ? tr("Read-only: the catalog was given on the command line.")
                                : tr("Prices marked ~ are estimates (no public prices exist). Double-click a price to "
                                     "enter your own quote; it is kept in your catalog copy (%1).").arg(m_dbPath),
                            this);
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    const bool editable = !m_dbPath.isEmpty();
    auto addButton = [&](const QString& text, void (CatalogDialog::*slot)(), bool enabled) {
        QPushButton* b = buttons->addButton(text, QDialogButtonBox::ActionRole);
        b->setEnabled(enabled);
        connect(b, &QPushButton::clicked, this, slot);
    };
    addButton(tr("Add custom part…"), &CatalogDialog::onAddCustomPart, editable);
    addButton(tr("Import price list…"), &CatalogDialog::onImportPrices, editable);
    addButton(tr("Export price list…"), &CatalogDialog::onExportPrices, !m_catalogFile.isEmpty());
    addButton(tr("Restore default prices…"), &CatalogDialog::onRestoreDefaults, editable);
    m_rates = new QTreeWidget(this);
    m_rates->setObjectName(QStringLiteral("failureRates"));
    m_rates->setRootIsDecorated(false);
    m_rates->setAlternatingRowColors(true);
    m_rates->setHeaderLabels({tr("Part class"), tr("AFR %/yr"), tr("Spare share"), tr("Basis"), tr("Source")});
    m_rates->setColumnWidth(0, 200);
    if (catalog) showFailureRates(*catalog);
    auto* partsPage = new QWidget(this);
    auto* partsLayout = new QVBoxLayout(partsPage);
    partsLayout->setContentsMargins(0, 0, 0, 0);
    partsLayout->addLayout(top);
    partsLayout->addWidget(m_table, 1);
    auto* ratesPage = new QWidget(this);
    auto* ratesLayout = new QVBoxLayout(ratesPage);
    ratesLayout->setContentsMargins(0, 0, 0, 0);
    ratesLayout->addWidget(m_rates, 1);
    auto* ratesNote = new QLabel(tr("Annualised failure rates per part: they size spares and the expected failures on the Resilience "
                                    "tab (job interruptions use the job-stopping ranges, core/estimate/README.md). Set your own with "
                                    "fabricplan-cli catalog set-failure-rate CLASS AFR_PCT --source TEXT --catalog FILE."),
                                 ratesPage);
    ratesNote->setWordWrap(true);
    ratesLayout->addWidget(ratesNote);
    auto* tabs = new QTabWidget(this);
    tabs->addTab(partsPage, tr("Parts"));
    tabs->addTab(ratesPage, tr("Failure rates"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(tabs, 1);
    layout->addWidget(note);
    layout->addWidget(buttons);
    connect(m_filter, &QLineEdit::textChanged, this, &CatalogDialog::applyFilter);
    connect(m_category, &QComboBox::currentIndexChanged, this, &CatalogDialog::applyFilter);
}

void CatalogDialog::showFailureRates(const Catalog& catalog)
{
    m_rates->clear();
    for (const FailureRateEntry& e : catalog.failureRates) {
        auto* item = new QTreeWidgetItem(m_rates);
        item->setText(0, QString::fromStdString(e.partClass));
        item->setText(1, QString::number(e.afrPct, 'g', 4));
        item->setText(2, QString::number(e.replacementShare, 'g', 3));
        item->setText(3, e.userEdited ? tr("yours") : e.estimated ? tr("estimate") : tr("published"));
        item->setText(4, QString::fromStdString(e.source));
        item->setToolTip(4, QString::fromStdString(e.source));
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
    }
}

void CatalogDialog::applyFilter()
{
    static_cast<CatalogProxy*>(m_proxy)->category = m_category->currentData().toString();
    m_proxy->setFilterFixedString(m_filter->text());
    m_proxy->invalidate();
}

bool CatalogDialog::setUserPrice(const QString& part, double usd, QString* error)
{
    try {
        PriceQuote q;
        q.source = "user";
        q.priceUsd = usd;
        q.currency = "USD";
        q.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
        q.basis = "quote";
        q.estimated = false;
        setPrice(m_dbPath.toStdString(), part.toStdString(), q);
        reload();
        return true;
    } catch (const UserError& e) {
        if (error) *error = QString::fromStdString(e.oneLine());
    } catch (const std::exception& e) {
        if (error) *error = QString::fromLocal8Bit(e.what());
    }
    return false;
}

void CatalogDialog::reload()
{
    auto reloaded = std::make_shared<const Catalog>(loadCatalog(m_dbPath.toStdString()));
    // The model is reset after the edit returns, so views do not lose their place mid-edit.
    QMetaObject::invokeMethod(this, [this, reloaded] {
        m_model->setCatalog(reloaded);
        showFailureRates(*reloaded);
    }, Qt::QueuedConnection);
    emit catalogChanged(reloaded);
}

} // namespace fp::gui
