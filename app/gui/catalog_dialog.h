#pragma once
// Catalog browser and editor: every part with its price, power and datasheet; filter by text and
// category; double-click a price to set your own (fp::setPrice); add a custom part (fp::addCustomPart);
// import/export a price list as CSV (fp::importPriceCsv / exportPriceCsv, the import's report always
// shown); restore the bundled prices (fp::restoreDefaultPrices). Every edit goes to the user's catalog
// copy, which is then reloaded and handed back through catalogChanged (the document replans).
// A second tab shows the failure rates per part class (read-only; set with fabricplan-cli catalog
// set-failure-rate).
#include <QDialog>
#include <QStringList>

#include <memory>

#include "catalog/catalog.h"
#include "catalog/price_csv.h"

class QLineEdit;
class QComboBox;
class QTableView;
class QSortFilterProxyModel;
class QTreeWidget;

namespace fp::gui {

class CatalogPartsModel;
struct CustomPartRequest;

class CatalogDialog : public QDialog {
    Q_OBJECT
public:
    // `userDbPath` may be empty (read-only browsing, e.g. a --catalog given on the command line).
    CatalogDialog(std::shared_ptr<const Catalog>, QString userDbPath, QWidget* parent = nullptr);
    CatalogPartsModel* model() const { return m_model; }
    // Writes a user price and reloads; returns false with the reason in *error.
    bool setUserPrice(const QString& part, double usd, QString* error);

    // Platforms offered for a custom part's qualification (the current plan's switch and NIC).
    void setDefaultPlatforms(const QStringList& platforms) { m_platforms = platforms; }
    // Where "Restore default prices" takes prices from; fp::bundledCatalogPath() unless set.
    void setBundledCatalogPath(const QString& path) { m_bundledPath = path; }
    const QString& userDbPath() const { return m_dbPath; }

    // The edits behind the buttons, without their dialogs (tests call these). Each returns false
    // with the user-facing reason in *error; on success the catalog is reloaded.
    bool addCustomPart(const CustomPartRequest&, QString* error);
    bool restoreDefaults(QString* error);
    // A price list with any bad line changes nothing unless `validLinesOnly` (the report lists them).
    bool importPrices(const QString& csvPath, PriceImportReport* report, QString* error,
                      bool validLinesOnly = false);
    bool exportPrices(const QString& csvPath, QString* error) const;
    // The import report as text: rows applied, then every unknown part and problem with file:line.
    static QString importReportText(const PriceImportReport&, const QString& fileName);

signals:
    void catalogChanged(std::shared_ptr<const fp::Catalog>);

private:
    void applyFilter();
    void showFailureRates(const Catalog&);
    void reload();  // reloads m_dbPath into the table and emits catalogChanged; throws
    void onAddCustomPart();
    void onRestoreDefaults();
    void onImportPrices();
    void onExportPrices();

    QString m_dbPath;
    QString m_catalogFile;  // what Export reads: the user copy, else the read-only catalog's file
    QString m_bundledPath;
    QStringList m_platforms;
    CatalogPartsModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_filter;
    QComboBox* m_category;
    QTableView* m_table;
    QTreeWidget* m_rates;
};

} // namespace fp::gui
