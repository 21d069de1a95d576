#pragma once
// CatalogPartsModel: every part of a Catalog in one table (the catalog browser). The price column is
// editable; an edit is handed to `priceEdited` (the dialog writes it to the user's catalog copy).
#include <QAbstractTableModel>

#include <functional>
#include <memory>
#include <vector>

#include "catalog/catalog.h"

namespace fp::gui {

class CatalogPartsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { PartNumber, Category, Vendor, Description, Price, PriceBasis, PowerW, Source, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;
    void setCatalog(std::shared_ptr<const Catalog>);
    // Called with (part number, new USD price); returns false (and the edit is refused) on failure.
    void setPriceEditor(std::function<bool(const QString&, double)> editor) { m_priceEditor = std::move(editor); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex&, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex&, const QVariant&, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex&) const override;
    QVariant headerData(int section, Qt::Orientation, int role = Qt::DisplayRole) const override;

private:
    const PriceQuote* cheapest(const PartBase&) const;

    std::shared_ptr<const Catalog> m_catalog;
    std::vector<const PartBase*> m_parts;
    std::function<bool(const QString&, double)> m_priceEditor;
};

} // namespace fp::gui
