#pragma once
// ChecksModel: the plan's findings (errors first), one row each, with the device/link they point at.
#include <QAbstractTableModel>

#include <memory>

#include "plan/plan.h"

namespace fp::gui {

class ChecksModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SeverityColumn, Rule, Where, Message, Fix, ColumnCount };
    enum Role { LinkRole = Qt::UserRole + 1, DeviceRole, SeverityRole };

    using QAbstractTableModel::QAbstractTableModel;
    void setPlan(std::shared_ptr<const Plan>);
    const Finding* findingAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex&, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const Plan> m_plan;
};

} // namespace fp::gui
