#pragma once
// NetworkDialog: one of the design's other networks (issue 38) as a form: its name, role, technology,
// switch, endpoint port model, speed, tiers, node-side ratio, whether its ports are priced, and its
// endpoint groups. OK asks the core (the `check` given, Command::setNetworks' rule) and stays open with
// the reason when the network would be refused, so nothing refused reaches the design.
#include <QDialog>

#include <functional>

#include "catalog/catalog.h"
#include "spec/network_spec.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableWidget;

namespace fp { class Catalog; }

namespace fp::gui {

class NetworkDialog : public QDialog {
    Q_OBJECT
public:
    // The reason `network` is refused, empty when it is accepted (and applied).
    using Apply = std::function<QString(const NetworkSpec&)>;
    NetworkDialog(const Catalog&, const NetworkSpec& initial, Apply apply, QWidget* parent = nullptr);

    NetworkSpec network() const;  // what the form says now
    QString refusal() const;      // the last reason OK was refused (tests read it)
    void accept() override;

    // Endpoint groups: rows of the table (tests fill it as a person would).
    void addEndpointRow(const EndpointGroup&);
    QTableWidget* endpointsTable() const { return m_endpoints; }
    QLineEdit* nameEdit() const { return m_name; }
    QComboBox* switchCombo() const { return m_switch; }

private:
    // A row's power box takes a figure only for fixed servers outside an out-of-band network (whose ports
    // are BMCs of devices counted elsewhere); otherwise it is off at 0, as the core requires.
    void updatePowerBoxes();
    Apply m_apply;
    QLineEdit* m_name = nullptr;
    QComboBox* m_role = nullptr;
    QComboBox* m_fabric = nullptr;
    QComboBox* m_switch = nullptr;
    QComboBox* m_port = nullptr;
    QSpinBox* m_gbps = nullptr;
    QSpinBox* m_fabricGbps = nullptr;  // NetworkSpec::fabricGbps: leaf-spine links faster than the ports
    QComboBox* m_tiers = nullptr;
    QLineEdit* m_ratio = nullptr;
    QCheckBox* m_priced = nullptr;
    QTableWidget* m_endpoints = nullptr;
    QLabel* m_error = nullptr;
};

// A starting point for a new network of `role` (the dialog opens on it): the network the design's platform's
// reference architecture draws for that role (core referenceNetworks: the same one `plan --platform` adds),
// or, for a platform without north-south ports in the catalog, the same RA's switch models with two ports
// per node for storage and in-band and the BMC and every switch's management port on the OOB; named so it
// does not clash with the design's networks.
NetworkSpec suggestedNetwork(NetworkRole role, const ClusterSpec& design, const Catalog& catalog);

} // namespace fp::gui
