#pragma once
// Catalog browser: every part with its price, power and datasheet; filter by text and category;
// double-click a price to set your own (written to the user's catalog copy with fp::setPrice, then
// the catalog is reloaded and handed back through catalogChanged).
#include <QDialog>

#include <memory>

#include "catalog/catalog.h"

class QLineEdit;
class QComboBox;
class QTableView;
class QSortFilterProxyModel;

namespace fp::gui {

class CatalogPartsModel;

class CatalogDialog : public QDialog {
    Q_OBJECT
public:
    // `userDbPath` may be empty (read-only browsing, e.g. a --catalog given on the command line).
    CatalogDialog(std::shared_ptr<const Catalog>, QString userDbPath, QWidget* parent = nullptr);
    CatalogPartsModel* model() const { return m_model; }
    // Writes a user price and reloads; returns false with the reason in *error.
    bool setUserPrice(const QString& part, double usd, QString* error);

signals:
    void catalogChanged(std::shared_ptr<const fp::Catalog>);

private:
    void applyFilter();

    QString m_dbPath;
    CatalogPartsModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_filter;
    QComboBox* m_category;
    QTableView* m_table;
};

} // namespace fp::gui
