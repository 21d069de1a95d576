#pragma once
// Summary tab: the numbers an architect checks first (tiers, switches and links per tier, capex, $/GPU,
// power, latency, bus bandwidth), each marked when it is an estimate. summaryFigures() is the data,
// SummaryView renders it, so tests read the same figures the user sees.
#include <QString>
#include <QTextBrowser>

#include <memory>
#include <vector>

#include "link_tallies.h"
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
const SummaryFigure* findFigure(const std::vector<SummaryFigure>&, const QString& key);
// The point size of a key figure on its card: a card is about eight 16 pt digits wide at 1024 px, so a
// longer unbroken figure ("3,006,208", "400,000.0") takes a smaller size rather than splitting mid-number.
int keyFigurePointSize(const QString& value);

class SummaryView : public QTextBrowser {
    Q_OBJECT
public:
    explicit SummaryView(QWidget* parent = nullptr);
    void setPlan(std::shared_ptr<const Plan>, const QString& error, const LinkTallies* tallies = nullptr);
    // The catalog file the plan was priced from, named under the title with the price policy.
    void setCatalogPath(const QString& path) { m_catalogPath = path; }
    const std::vector<SummaryFigure>& figures() const { return m_figures; }
    // The banner over the figures when the plan has design-rule errors (empty when it has none):
    // every headline figure below it is then marked "not buildable", so no number reads as a quote.
    const QString& errorBanner() const { return m_banner; }

private:
    std::vector<SummaryFigure> m_figures;
    QString m_banner;
    QString m_catalogPath;
};

} // namespace fp::gui
