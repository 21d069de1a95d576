#pragma once
// SiteDialog: the site the user describes (issue 40; core/layout/README.md "Sites") as two tables, its
// halls (name, building, compute rows, pods by hand) and the routes between buildings (from, to,
// metres), and the core building. No halls: the automatic floor. OK asks the core (the `apply` given,
// Command::setSite's rule: validateSpec's site problems) and stays open with the reason when the site
// would be refused, so nothing refused reaches the design.
#include <QDialog>

#include <functional>

#include "spec/site_spec.h"

class QLabel;
class QLineEdit;
class QTableWidget;

namespace fp::gui {

class SiteDialog : public QDialog {
    Q_OBJECT
public:
    // The reason `site` is refused, empty when it is accepted (and applied).
    using Apply = std::function<QString(const SiteSpec&)>;
    SiteDialog(const SiteSpec& initial, Apply apply, QWidget* parent = nullptr);

    SiteSpec site() const;    // what the form says now
    QString refusal() const;  // the last reason OK was refused (tests read it)
    void accept() override;

    void addHallRow(const HallSpec&);
    void addRouteRow(const SiteRoute&);
    QTableWidget* hallsTable() const { return m_halls; }
    QTableWidget* routesTable() const { return m_routes; }
    QLineEdit* coreBuildingEdit() const { return m_core; }

private:
    Apply m_apply;
    QTableWidget* m_halls = nullptr;
    QTableWidget* m_routes = nullptr;
    QLineEdit* m_core = nullptr;
    QLabel* m_error = nullptr;
};

} // namespace fp::gui
