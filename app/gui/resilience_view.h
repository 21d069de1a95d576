#pragma once
// Resilience tab: what one failure of each kind cuts off or slows down (failure-domain table), the
// expected failures per month by part class (chart), and spares sized by a service level beside the
// percentage rule, with each line's arithmetic. Figures: core/estimate/README.md, "Resilience".
#include <QWidget>

#include <memory>

#include "estimate/failure_ranges.h"
#include "plan/plan.h"

class QChartView;
class QLabel;
class QScrollArea;
class QSplitter;
class QTableWidget;
class QTabWidget;

namespace fp::gui {

class ResilienceView : public QWidget {
    Q_OBJECT
public:
    explicit ResilienceView(QWidget* parent = nullptr);
    void setPlan(std::shared_ptr<const Plan>);
    const QTableWidget* domainTable() const { return m_domains; }

private:
    void fillDomains(const Resilience&, const FailureRangeReport&);
    void fillChart(const Resilience&);
    void fillSpares(const Resilience&);
    void fitDescription();
    void fitSummary();
    bool eventFilter(QObject*, QEvent*) override;

    QLabel* m_summary = nullptr;
    QScrollArea* m_summaryArea = nullptr;
    QSplitter* m_split = nullptr;      // the summary above, the tables below
    bool m_splitMovedByUser = false;   // then the summary keeps the height the user gave it
    QTabWidget* m_panes = nullptr;     // failure domains, expected failures, spares
    QTableWidget* m_domains = nullptr;
    QChartView* m_chart = nullptr;
    QTableWidget* m_spares = nullptr;
    int m_descriptionWidth = 0;  // the description column's width at its contents
};

} // namespace fp::gui
