#pragma once
// Summary tab: the numbers an architect checks first (tiers, switches and links per tier, capex, $/GPU,
// power, latency, bus bandwidth), each marked when it is an estimate. summaryFigures() is the data,
// SummaryView renders it, so tests read the same figures the user sees.
#include <QString>
#include <QTextBrowser>

#include <memory>
#include <vector>

#include "link_tallies.h"
#include "plan/cluster_plan.h"
#include "plan/plan.h"

namespace fp::gui {

struct SummaryFigure {
    QString key;        // stable id, e.g. "switches.leaf", "capex.total"
    QString label;
    QString value;      // formatted, with unit
    double number = 0;  // the raw figure
    bool estimated = false;
};

// `tallies`: the plan's links per class when counted already (Document::linkTallies()).
std::vector<SummaryFigure> summaryFigures(const Plan&, const LinkTallies* tallies = nullptr);
// The figures of a network other than the compute fabric (plan/cluster_plan.h): its endpoints are
// ports, not GPUs, and no job runs on it, so what speaks of compute jobs (latency, bus bandwidth,
// bisection, tuning, TCO, capex per GPU) goes and capex per port comes.
void asEndpointNetwork(std::vector<SummaryFigure>&, const NetworkPlan&);
const SummaryFigure* findFigure(const std::vector<SummaryFigure>&, const QString& key);
// A key figure as its card shows it: one unbreakable line. Spaces become no-break spaces and a word joiner
// follows each character a line may break after ("/", ",", "-", "–"), so "$110.79 M", "874 – 1,711 ns"
// and "1.0 eng-weeks" never split from their units or ranges.
QString unbrokenFigure(const QString& value);
// The largest point size (16, 13, 11, 10 or 9) at which the figure, on one line, fits `widthPx`.
int keyFigurePointSize(const QString& value, int widthPx);
// A catalog file as the summary names it: "the bundled catalog", "your catalog copy" (Tools › Parts
// catalog), or another file by its name alone. A build or install path ("build/data/catalog.sqlite")
// told the reader nothing and crowded the line under the title.
QString catalogDisplayName(const QString& path);

class SummaryView : public QTextBrowser {
    Q_OBJECT
public:
    explicit SummaryView(QWidget* parent = nullptr);
    void setPlan(std::shared_ptr<const Plan>, const QString& error, const LinkTallies* tallies = nullptr);
    // The cluster the plan is a network of, and which (its table of networks heads the page; set before
    // setPlan). Null or one network: no table.
    void setCluster(std::shared_ptr<const ClusterPlan> cluster, int viewedNetwork)
    {
        m_cluster = std::move(cluster);
        m_viewedNetwork = viewedNetwork;
    }
    // The catalog file the plan was priced from, named under the title with the price policy.
    void setCatalogPath(const QString& path) { m_catalogPath = path; }
    const std::vector<SummaryFigure>& figures() const { return m_figures; }
    // The banner over the figures when the plan has design-rule errors (empty when it has none):
    // every headline figure below it is then marked "not buildable", so no number reads as a quote.
    const QString& errorBanner() const { return m_banner; }
    // The text width of a card's figure at the view's width (a quarter of the page less spacing,
    // padding and the bar): about 115 px in a 1024-pixel window.
    int keyFigureWidthPx() const;

protected:
    void resizeEvent(QResizeEvent*) override;

private:
    // The page is head + cards + tail: a resize that changes a figure's size redraws the cards only.
    struct CardStyle {
        QString fill, bar, label, figure;
        QString mark;  // under each figure but GPUs when the plan has errors
        bool badges = true;
    };
    void render();
    const NetworkPlan* viewedOtherNetwork() const;   // null when the compute fabric is shown
    const std::vector<const char*>& cardKeys() const;
    std::vector<int> cardPointSizes() const;

    QString m_pageHead, m_pageTail;
    CardStyle m_cardStyle;
    std::vector<int> m_cardSizes;
    std::vector<SummaryFigure> m_figures;
    QString m_banner;
    QString m_catalogPath;
    std::shared_ptr<const ClusterPlan> m_cluster;
    int m_viewedNetwork = 0;
};

} // namespace fp::gui
