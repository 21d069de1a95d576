#pragma once
// PriceComparisonModel: what the plan's optics and cables (transceiver, cable and fibre lines of the
// BOM, spares of them included) would cost from each price source in the catalog. One row per BOM
// line, one column per source with the extended cost (qty x that source's unit price), the cheapest
// source's cell highlighted, and a last row with each source's total. A source with no quote for a
// part leaves that cell empty; its total then covers fewer lines and says how many it misses, so a
// partial total is never mistaken for a complete one.
#include <QAbstractTableModel>

#include <memory>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "plan/plan.h"

namespace fp::gui {

class PriceComparisonModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Fixed columns; source columns follow from FirstSource on.
    enum Column { Part, Kind, Qty, PlanSource, PlanCost, FirstSource };
    enum Role { UsdRole = Qt::UserRole + 1, IsTotalRole, IsCheapestRole };

    using QAbstractTableModel::QAbstractTableModel;

    // `catalog` must be the one the plan was made from (its quotes are what is compared).
    void setPlan(std::shared_ptr<const Plan>, std::shared_ptr<const Catalog>);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex&, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation, int role = Qt::DisplayRole) const override;

    int lineCount() const { return int(m_lines.size()); }  // rows without the totals row
    int sourceCount() const { return int(m_sources.size()); }
    QString sourceName(int source) const;
    double sourceTotalUsd(int source) const;       // sum over the lines this source quotes
    int sourceMissingLines(int source) const;      // lines this source has no quote for
    double planTotalUsd() const { return m_planTotalUsd; }
    // The complete source with the lowest total (-1 when no source quotes every line).
    int cheapestCompleteSource() const;
    // One sentence per source for the footer: "estimate-street-2026: $1.23 M (cheapest)", and the legend
    // of the "~" estimate mark when a cell carries one.
    QString summaryText() const;
    bool anyPriceEstimated() const;

private:
    struct Line {
        const BomLine* bom = nullptr;
        QString kind;
        std::vector<double> extendedUsd;  // per source; < 0 = no quote
        std::vector<double> unitUsd;
        std::vector<char> estimated;      // per source: that quote is an estimate (PriceQuote::estimated)
        int cheapest = -1;                // source index
    };
    struct Total {
        double usd = 0;
        int missing = 0;
        bool estimated = false;  // any of the quotes it sums is an estimate
    };
    QVariant lineData(const Line&, int column, int role) const;
    QVariant totalData(int column, int role) const;

    std::shared_ptr<const Plan> m_plan;
    std::shared_ptr<const Catalog> m_catalog;
    std::vector<std::string> m_sources;
    std::vector<Line> m_lines;
    std::vector<Total> m_totals;
    double m_planTotalUsd = 0;
    bool m_planTotalEstimated = false;
};

} // namespace fp::gui
