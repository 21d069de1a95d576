#pragma once
// BomModel: the plan's bill of materials as a table, grouped by category, with a subtotal row after
// each category. BomProxyModel sorts within categories (groups and subtotals stay in place) and
// filters lines by text; subtotal rows are hidden while a filter is active (they would not add up).
#include <QAbstractTableModel>
#include <QGuiApplication>
#include <QPalette>
#include <QSortFilterProxyModel>

#include <memory>
#include <vector>

#include "plan/plan.h"

namespace fp::gui {

class BomModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Money and quantity first (what fits a laptop screen), provenance to the right. Power twice: typical
    // (energy is paid on it) and at full load (a switch's maximum: racks and facility).
    enum Column { Category, Part, Description, Qty, UnitPrice, Extended, Power, PowerMax, Vendor, PriceSource, UsedFor,
                  ColumnCount };
    enum Role { RowKindRole = Qt::UserRole + 1, CategoryRole, SortRole };
    enum RowKind { LineRow = 0, SubtotalRow = 1 };

    using QAbstractTableModel::QAbstractTableModel;

    void setPlan(std::shared_ptr<const Plan>);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex&, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation, int role = Qt::DisplayRole) const override;

    double totalUsd() const;
    double totalPowerW() const;     // typical
    double totalPowerMaxW() const;  // switches at their maximum
    bool anyPriceEstimated() const;

private:
    struct Row {
        RowKind kind = LineRow;
        BomCategory category = BomCategory::Switches;
        const BomLine* line = nullptr;  // LineRow
        double subtotalUsd = 0, subtotalPowerW = 0;
        long long subtotalQty = 0;
        bool estimated = false;
        bool allIncluded = false;  // SubtotalRow: every line comes with the platform (reads "included", not "$0")
        double subtotalPowerMaxW = 0;
    };
    std::shared_ptr<const Plan> m_plan;
    std::vector<Row> m_rows;
};

class BomProxyModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit BomProxyModel(QObject* parent = nullptr);

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
};

QString formatUsd(double usd);           // "$1,234,567"
QString formatUsdShort(double usd);      // "$7.11 M", "$812 k", "$950"
// A price as every table shows it: an estimate (no public or quoted price) carries " ~", drawn in
// estimateColour, and the table's legend (estimateLegendHtml) says what "~" means.
QString withEstimateMark(const QString& price, bool estimated);  // "$1,234 ~"
QString estimateLegendHtml(const QPalette& = QGuiApplication::palette());  // "(~ estimate: no public prices exist)" in estimateColour
QString formatPowerW(double watts);  // a part's power: "850 W", from 1 kW as formatPowerKw ("12.3 kW")
QString formatPowerKw(double kw);   // a network's power: "0.9 kW", "11,144.3 kW" (common/format.h's rule)

} // namespace fp::gui
