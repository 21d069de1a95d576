#pragma once
// PriceComparisonModel: what the plan's priced parts (switch, NIC, transceiver, cable and fibre lines of
// the BOM, spares included; plan/optics_prices.h says which are left out) would cost from each price
// source in the catalog; the Kind column tells them apart. One row per BOM
// line, one column per source with the extended cost (qty x that source's unit price), the cheapest
// source's cell highlighted, and a last row with each source's total. A source with no quote for a
// part leaves that cell empty; its total then covers fewer lines and says how many it misses, so a
// partial total is never mistaken for a complete one.
// With many sources (a price list of 200,000 quotes from as many suppliers) only the most relevant ones
// get a column (plan/optics_prices.h says which); one more column sums up the rest ("199,950 more
// sources": per line how many of them quote it and the cheapest of them). The aggregation is the core's
// compareOpticsPrices, which Document runs on its plan worker; setPlan here runs it in place (tests).
#include <QAbstractTableModel>

#include <memory>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "plan/optics_prices.h"
#include "plan/plan.h"

namespace fp::gui {

class PriceComparisonModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Fixed columns; source columns follow from FirstSource on.
    enum Column { Part, Kind, Qty, PlanSource, PlanCost, FirstSource };
    enum Role { UsdRole = Qt::UserRole + 1, IsTotalRole, IsCheapestRole };

    using QAbstractTableModel::QAbstractTableModel;

    // `catalog` must be the one the plan was made from (its quotes are what is compared). Aggregates
    // on the calling thread: the window uses setComparison with what the plan worker aggregated.
    void setPlan(std::shared_ptr<const Plan>, std::shared_ptr<const Catalog>);
    // `prices` = compareOpticsPrices(*plan, catalog); null with no plan.
    void setComparison(std::shared_ptr<const Plan>, std::shared_ptr<const OpticsPriceComparison> prices);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex&, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation, int role = Qt::DisplayRole) const override;

    int lineCount() const;    // rows without the totals row
    int sourceCount() const;  // sources with a column of their own
    // Sources in the catalog without a column; when > 0 the last column sums them up.
    long long otherSourceCount() const;
    long long totalSourceCount() const;
    int otherSourcesColumn() const;  // -1 when every source has a column
    QString sourceName(int source) const;
    double sourceTotalUsd(int source) const;       // sum over the lines this source quotes
    int sourceMissingLines(int source) const;      // lines this source has no quote for
    double planTotalUsd() const { return m_prices ? m_prices->planUsd : 0.0; }
    // The complete source with the lowest total (-1 when no source quotes every line); always has a column.
    int cheapestCompleteSource() const;
    // One sentence per source for the footer: "estimate-street-2026: $1.23 M (cheapest)" (the first
    // kFooterSources of them), how many more there are, and the legend of the "~" estimate mark when a
    // cell carries one.
    QString summaryText() const;
    bool anyPriceEstimated() const;
    // The price source every line's plan price comes from; empty when lines differ (or there are none).
    // Then the window hides the PlanSource column (a column repeating one name) and the footer names it.
    QString commonPlanSource() const;

    static constexpr int kFooterSources = 8;

private:
    QVariant lineData(const OpticsPriceLine&, int column, int role) const;
    QVariant otherSourcesData(const OpticsPriceLine&, int role) const;
    QVariant totalData(int column, int role) const;
    const BomLine& bomLine(const OpticsPriceLine& line) const { return m_plan->bom.lines[line.bomIndex]; }

    std::shared_ptr<const Plan> m_plan;
    std::shared_ptr<const OpticsPriceComparison> m_prices;
};

} // namespace fp::gui
