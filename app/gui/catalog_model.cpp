#include "catalog_model.h"

#include <QBrush>
#include <QColor>

#include "bom_model.h"
#include "status_colours.h"

namespace fp::gui {

void CatalogPartsModel::setCatalog(std::shared_ptr<const Catalog> catalog)
{
    beginResetModel();
    m_catalog = std::move(catalog);
    m_parts.clear();
    if (m_catalog) {
        for (const auto& p : m_catalog->switches) m_parts.push_back(&p);
        for (const auto& p : m_catalog->nics) m_parts.push_back(&p);
        for (const auto& p : m_catalog->transceivers) m_parts.push_back(&p);
        for (const auto& p : m_catalog->cables) m_parts.push_back(&p);
        for (const auto& p : m_catalog->patchPanels) m_parts.push_back(&p);
    }
    endResetModel();
}

const PriceQuote* CatalogPartsModel::cheapest(const PartBase& part) const
{
    const PriceQuote* best = nullptr;
    for (const PriceQuote& q : part.prices)
        if (!best || q.priceUsd < best->priceUsd) best = &q;
    return best;
}

int CatalogPartsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_parts.size());
}

int CatalogPartsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant CatalogPartsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const PartBase& p = *m_parts[std::size_t(index.row())];
    const PriceQuote* q = cheapest(p);
    if (role == Qt::EditRole && index.column() == Price) return q ? q->priceUsd : 0.0;
    if (role == Qt::ForegroundRole && index.column() == Price && q && q->estimated)
        return QBrush(estimateColour());
    if (role == Qt::TextAlignmentRole)
        return index.column() == Price || index.column() == PowerW ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                   : QVariant();
    if (role == Qt::ToolTipRole && index.column() == Price && q)
        return tr("%1 (%2, %3)%4")
            .arg(QString::fromStdString(q->source), QString::fromStdString(q->basis), QString::fromStdString(q->date),
                 q->estimated ? tr(" — an estimate: no public price exists") : QString());
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case PartNumber: return QString::fromStdString(p.partNumber);
    case Category: return QString::fromUtf8(toString(p.category));
    case Vendor: return QString::fromStdString(p.vendor);
    case Description: return QString::fromStdString(p.description);
    case Price: return q ? formatUsd(q->priceUsd) + (q->estimated ? QStringLiteral(" ~") : QString()) : QString();
    case PriceBasis: return q ? QString::fromStdString(q->source) : QString();
    case PowerW: return QString::number(p.powerW, 'f', 1) + (p.powerEstimated ? QStringLiteral(" ~") : QString());
    case Source: return QString::fromStdString(p.source);
    default: return {};
    }
}

bool CatalogPartsModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || index.column() != Price || !m_priceEditor) return false;
    bool ok = false;
    const double usd = value.toDouble(&ok);
    if (!ok || usd < 0) return false;
    return m_priceEditor(QString::fromStdString(m_parts[std::size_t(index.row())]->partNumber), usd);
}

Qt::ItemFlags CatalogPartsModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == Price && m_priceEditor) f |= Qt::ItemIsEditable;
    return f;
}

QVariant CatalogPartsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case PartNumber: return tr("Part number");
    case Category: return tr("Category");
    case Vendor: return tr("Vendor");
    case Description: return tr("Description");
    case Price: return tr("Price (USD)");
    case PriceBasis: return tr("Price source");
    case PowerW: return tr("Power (W)");
    case Source: return tr("Datasheet");
    default: return {};
    }
}

} // namespace fp::gui
