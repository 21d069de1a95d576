#pragma once
// Compare tab: the same spec planned for every fabric technology, side by side: capex stacked by
// category, TCO over the years, latency, all-reduce bus bandwidth against message size, and the
// advice with its reasons. All figures are estimates and say so.
#include <QWidget>

#include <memory>

#include "plan/cluster_plan.h"
#include "plan/plan.h"

class QChartView;
class QLabel;
class QScrollArea;
class QTextBrowser;

namespace fp::gui {

class CompareView : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);
    // `clusterTotals`: each plan with the design's other networks (Document::clusterTotals); when given, the
    // table carries their capex beside the compute fabric's.
    void setComparison(std::shared_ptr<const Comparison>, const QString& error,
                       std::vector<NetworkFigures> clusterTotals = {});
    int fabricCount() const { return m_comparison ? int(m_comparison->plans.size()) : 0; }
    // The table row of alternative `i` as plain text (fabric, switch, NIC, figures, status) and whether
    // it is shown as buildable; an alternative with design-rule errors is greyed out everywhere.
    QString alternativeRow(int i) const;
    bool isBuildable(int i) const;

    // Whether the charts wait for the tab to be shown (they are rebuilt then, not while hidden).
    bool chartsStale() const { return m_chartsStale; }

    // The page that scrolls (verdicts, then charts), for tests.
    QScrollArea* page() const { return m_page; }
    QTextBrowser* advice() const { return m_advice; }
    static constexpr int kChartMinHeightPx = 230;

protected:
    void showEvent(QShowEvent*) override;
    bool eventFilter(QObject*, QEvent*) override;

private:
    void rebuild();
    void fitAdvice();
    QString switchesWeighedHtml(const QString& muted) const;

    std::shared_ptr<const Comparison> m_comparison;
    std::vector<NetworkFigures> m_clusterTotals;
    QString m_error;
    bool m_chartsStale = false;
    QChartView* m_capex = nullptr;
    QChartView* m_tco = nullptr;
    QChartView* m_latency = nullptr;
    QChartView* m_busbw = nullptr;
    QTextBrowser* m_advice = nullptr;
    QScrollArea* m_page = nullptr;
};

} // namespace fp::gui
