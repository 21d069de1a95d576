#include "bom_model.h"

#include "common/format.h"

#include <QBrush>
#include <QFont>
#include <QGuiApplication>
#include <QLocale>
#include <QPalette>

#include <cmath>

#include "status_colours.h"

namespace fp::gui {

QString formatUsd(double usd)
{
    return QStringLiteral("$") + QLocale(QLocale::English).toString(usd, 'f', 0);
}

QString formatUsdShort(double usd)
{
    return QString::fromStdString(fp::formatUsdShort(usd));  // the shared rule (common/format.h)
}

QString withEstimateMark(const QString& price, bool estimated)
{
    return estimated ? price + QStringLiteral(" ~") : price;
}

QString estimateLegendHtml(const QPalette& palette)
{
    return QObject::tr("<span style='color:%1'>(~ estimate: no public prices exist)</span>").arg(estimateColour(palette).name());
}

QString formatPowerW(double watts)
{
    // From 1 kW the shared rule (common/format.h), as the CLI and the PDF print power: never megawatts.
    if (watts >= 1e3) return formatPowerKw(watts / 1e3);
    return QLocale(QLocale::English).toString(watts, 'f', 0) + QStringLiteral(" W");
}

QString formatPowerKw(double kw) { return QString::fromStdString(fp::formatKw(kw)); }

void BomModel::setPlan(std::shared_ptr<const Plan> plan)
{
    beginResetModel();
    m_plan = std::move(plan);
    m_rows.clear();
    if (m_plan) {
        const auto& lines = m_plan->bom.lines;
        for (int c = int(BomCategory::Switches); c <= int(kLastBomCategory); ++c) {
            Row subtotal;
            subtotal.kind = SubtotalRow;
            subtotal.category = BomCategory(c);
            subtotal.allIncluded = true;
            bool any = false;
            for (const BomLine& line : lines) {
                if (line.category != subtotal.category) continue;
                any = true;
                m_rows.push_back(Row{LineRow, line.category, &line, 0, 0, 0, line.priceEstimated});
                // Subtotals are summed here from the lines shown, so the table adds up by construction.
                subtotal.subtotalUsd += line.extendedUsd;
                subtotal.subtotalPowerW += line.extendedPowerW;
                subtotal.subtotalPowerMaxW += line.extendedPowerMaxW;
                subtotal.subtotalQty += line.qty;
                subtotal.estimated = subtotal.estimated || line.priceEstimated;
                subtotal.allIncluded = subtotal.allIncluded && !line.includedWith.empty();
            }
            if (any) m_rows.push_back(subtotal);
        }
    }
    endResetModel();
}

int BomModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int BomModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

double BomModel::totalUsd() const { return m_plan ? m_plan->bom.totalUsd : 0.0; }
double BomModel::totalPowerW() const { return m_plan ? m_plan->bom.totalPowerW : 0.0; }
double BomModel::totalPowerMaxW() const { return m_plan ? m_plan->bom.totalPowerMaxW : 0.0; }

bool BomModel::anyPriceEstimated() const
{
    if (!m_plan) return false;
    for (const BomLine& l : m_plan->bom.lines)
        if (l.priceEstimated) return true;
    return false;
}

QVariant BomModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& row = m_rows[std::size_t(index.row())];
    const QLocale en(QLocale::English);
    if (role == RowKindRole) return int(row.kind);
    if (role == CategoryRole) return int(row.category);

    if (row.kind == SubtotalRow) {
        switch (role) {
        case Qt::DisplayRole:
            switch (index.column()) {
            case Category: return QString::fromUtf8(displayName(row.category));
            case Part: return tr("Subtotal");
            case Qty: return en.toString(row.subtotalQty);
            case Extended:
                if (row.allIncluded) return tr("included");
                return withEstimateMark(formatUsd(row.subtotalUsd), row.estimated);
            case Power: return formatPowerW(row.subtotalPowerW);
            case PowerMax: return formatPowerW(row.subtotalPowerMaxW);
            default: return {};
            }
        case SortRole: return {};
        case Qt::FontRole: {
            QFont f;
            f.setBold(true);
            return f;
        }
        case Qt::BackgroundRole: return QGuiApplication::palette().alternateBase();
        case Qt::TextAlignmentRole:
            return index.column() >= Qty && index.column() <= PowerMax ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                      : QVariant();
        default: return {};
        }
    }

    const BomLine& l = *row.line;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Category: return QString::fromUtf8(displayName(l.category));
        case Part: return QString::fromStdString(l.part);
        case Vendor: return QString::fromStdString(l.vendor);
        case Description: return QString::fromStdString(l.description);
        case Qty: return en.toString(l.qty);
        case UnitPrice:
            if (!l.includedWith.empty()) return tr("included");  // bought with the platform, not the network
            return withEstimateMark(formatUsd(l.unitPriceUsd), l.priceEstimated);
        case Extended:
            if (!l.includedWith.empty()) return tr("included");
            return withEstimateMark(formatUsd(l.extendedUsd), l.priceEstimated);
        case Power: return formatPowerW(l.extendedPowerW);
        case PowerMax: return formatPowerW(l.extendedPowerMaxW);
        case PriceSource: return QString::fromStdString(l.priceSource);
        case UsedFor: return QString::fromStdString(l.usedFor);
        default: return {};
        }
    case SortRole:
        switch (index.column()) {
        case Qty: return l.qty;
        case UnitPrice: return l.unitPriceUsd;
        case Extended: return l.extendedUsd;
        case Power: return l.extendedPowerW;
        case PowerMax: return l.extendedPowerMaxW;
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::TextAlignmentRole:
        return index.column() >= Qty && index.column() <= PowerMax ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                  : QVariant();
    case Qt::ToolTipRole:
        if (index.column() == Power || index.column() == PowerMax)
            return l.unitPowerMaxW != l.unitPowerW
                       ? tr("Typical %1 per unit (energy is paid on it); %2 per unit at full load (the rack "
                            "and facility budgets)")
                             .arg(formatPowerW(l.unitPowerW), formatPowerW(l.unitPowerMaxW))
                       : tr("%1 per unit, typical and at full load").arg(formatPowerW(l.unitPowerW));
        if ((index.column() == UnitPrice || index.column() == Extended) && !l.includedWith.empty())
            return tr("Built into %1: the system's price includes these parts, so they add nothing to the "
                      "network's capex")
                .arg(QString::fromStdString(l.includedWith));
        if (index.column() == UnitPrice || index.column() == Extended)
            return l.priceEstimated ? tr("Estimated price (no public price exists); source: %1")
                                          .arg(QString::fromStdString(l.priceSource))
                                    : tr("Price from %1").arg(QString::fromStdString(l.priceSource));
        if (index.column() == Part || index.column() == Description)
            return QStringLiteral("<p>%1</p><p>Used for: %2</p>")
                .arg(QString::fromStdString(l.description).toHtmlEscaped(), QString::fromStdString(l.usedFor).toHtmlEscaped());
        if (!l.source.empty()) return tr("Datasheet: %1").arg(QString::fromStdString(l.source));
        return {};
    case Qt::ForegroundRole:
        if ((index.column() == UnitPrice || index.column() == Extended) && l.priceEstimated)
            return QBrush(estimateColour());
        if (index.column() == Category) return QGuiApplication::palette().placeholderText();  // repeated: quieter
        return {};
    default: return {};
    }
}

QVariant BomModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Category: return tr("Category");
    case Part: return tr("Part");
    case Vendor: return tr("Vendor");
    case Description: return tr("Description");
    case Qty: return tr("Qty");
    case UnitPrice: return tr("Unit price");
    case Extended: return tr("Extended");
    case Power: return tr("Power");
    case PowerMax: return tr("Max power");
    case PriceSource: return tr("Price source");
    case UsedFor: return tr("Used for");
    default: return {};
    }
}

BomProxyModel::BomProxyModel(QObject* parent) : QSortFilterProxyModel(parent)
{
    setSortRole(BomModel::SortRole);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setFilterKeyColumn(-1);
}

bool BomProxyModel::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    // Category order and "subtotal last" hold whatever the sort order: the view reverses lessThan
    // for a descending sort, so these keys are pre-reversed to cancel that.
    const bool descending = sortOrder() == Qt::DescendingOrder;
    const int lc = left.data(BomModel::CategoryRole).toInt(), rc = right.data(BomModel::CategoryRole).toInt();
    if (lc != rc) return descending ? lc > rc : lc < rc;
    const int lk = left.data(BomModel::RowKindRole).toInt(), rk = right.data(BomModel::RowKindRole).toInt();
    if (lk != rk) return descending ? lk > rk : lk < rk;
    const QVariant l = left.data(BomModel::SortRole), r = right.data(BomModel::SortRole);
    if (l.typeId() == QMetaType::QString || r.typeId() == QMetaType::QString)
        return QString::localeAwareCompare(l.toString(), r.toString()) < 0;
    return l.toDouble() < r.toDouble();
}

bool BomProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex first = sourceModel()->index(sourceRow, 0, sourceParent);
    const bool subtotal = first.data(BomModel::RowKindRole).toInt() == BomModel::SubtotalRow;
    if (filterRegularExpression().pattern().isEmpty()) return true;
    if (subtotal) return false;
    return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

} // namespace fp::gui
