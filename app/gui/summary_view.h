#pragma once
// Summary tab: the numbers an architect checks first (tiers, switches and links per tier, capex, $/GPU,
// power, latency, bus bandwidth), each marked when it is an estimate. summaryFigures() is the data,
// SummaryView renders it, so tests read the same figures the user sees.
#include <QString>
#include <QTextBrowser>

#include <memory>
#include <vector>

#include "plan/plan.h"

namespace fp::gui {

struct SummaryFigure {
    QString key;        // stable id, e.g. "switches.leaf", "capex.total"
    QString label;
    QString value;      // formatted, with unit
    double number = 0;  // the raw figure
    bool estimated = false;
};

std::vector<SummaryFigure> summaryFigures(const Plan&);
const SummaryFigure* findFigure(const std::vector<SummaryFigure>&, const QString& key);

class SummaryView : public QTextBrowser {
    Q_OBJECT
public:
    explicit SummaryView(QWidget* parent = nullptr);
    void setPlan(std::shared_ptr<const Plan>, const QString& error);
    const std::vector<SummaryFigure>& figures() const { return m_figures; }

private:
    std::vector<SummaryFigure> m_figures;
};

} // namespace fp::gui
