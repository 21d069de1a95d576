#pragma once
// "Add custom part…": a form for a part of the user's own (a transceiver, a cable or a switch) with
// the technical fields the planning stages read, its price, and the platforms it is qualified on.
// The dialog only builds the request; CatalogDialog::addCustomPart writes it to the catalog copy.
#include <QDialog>
#include <QStringList>

#include "catalog/parts.h"

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;
class QStackedWidget;
class QCheckBox;

namespace fp::gui {

struct CustomPartRequest {
    PartCategory category = PartCategory::Transceiver;  // Transceiver, Cable or Switch
    TransceiverModel transceiver;
    CableModel cable;
    SwitchModel switchModel;
    QStringList qualifiedOn;  // platform part numbers (switches, NICs) that accept the part
    const PartBase& base() const;
};

class CustomPartDialog : public QDialog {
    Q_OBJECT
public:
    // `platforms`: part numbers offered for qualification (the current plan's switch and NIC first).
    explicit CustomPartDialog(const QStringList& platforms, QWidget* parent = nullptr);
    // The part the fields describe (price as a "user" quote of today, not estimated).
    CustomPartRequest request() const;

private:
    QWidget* makeTransceiverPage();
    QWidget* makeCablePage();
    QWidget* makeSwitchPage();

    QComboBox* m_kind;
    QStackedWidget* m_pages;
    // Common.
    QLineEdit* m_partNumber;
    QLineEdit* m_vendor;
    QLineEdit* m_description;
    QLineEdit* m_source;
    QDoubleSpinBox* m_priceUsd;
    QDoubleSpinBox* m_powerW;
    QComboBox* m_protocol;
    QLineEdit* m_qualifiedOn;
    // Transceiver.
    QComboBox* m_formFactor;
    QCheckBox* m_finned;
    QSpinBox* m_modulePorts;
    QSpinBox* m_moduleGbps;
    QLineEdit* m_pmd;
    QComboBox* m_medium;
    QDoubleSpinBox* m_reachM;
    QLineEdit* m_connector;
    QDoubleSpinBox* m_lossDb;
    // Cable.
    QComboBox* m_cableKind;
    QComboBox* m_cableForm;
    QSpinBox* m_cableGbps;
    QSpinBox* m_legs;
    QDoubleSpinBox* m_lengthM;
    QComboBox* m_fiberType;
    QCheckBox* m_endBFinned;
    // Switch.
    QLineEdit* m_asic;
    QSpinBox* m_cages;
    QComboBox* m_cageType;
    QSpinBox* m_cageGbps;
    QSpinBox* m_portsPerCage;
    QSpinBox* m_latencyNs;
    QDoubleSpinBox* m_cagePowerW;
    QSpinBox* m_rackUnits;
};

} // namespace fp::gui
