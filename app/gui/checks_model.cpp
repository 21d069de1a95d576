#include "checks_model.h"

#include <QApplication>
#include <QBrush>
#include <QIcon>
#include <QStyle>

namespace fp::gui {

void ChecksModel::setPlan(std::shared_ptr<const Plan> plan)
{
    beginResetModel();
    m_plan = std::move(plan);
    endResetModel();
}

const Finding* ChecksModel::findingAt(int row) const
{
    if (!m_plan || row < 0 || row >= int(m_plan->findings.size())) return nullptr;
    return &m_plan->findings[std::size_t(row)];
}

int ChecksModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_plan ? 0 : int(m_plan->findings.size());
}

int ChecksModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ChecksModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Finding& f = *findingAt(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return f.severity == Severity::Error ? tr("Error")
                   : f.severity == Severity::Warning ? tr("Warning") : tr("Info");
        case Rule: return QString::fromStdString(f.rule);
        case Where: return QString::fromStdString(f.where);
        case Message: return QString::fromStdString(f.message);
        case Fix: return QString::fromStdString(f.fix);
        default: return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == Message || index.column() == Fix)
            return QStringLiteral("<p>%1</p><p><i>%2</i></p>")
                .arg(QString::fromStdString(f.message).toHtmlEscaped(), QString::fromStdString(f.fix).toHtmlEscaped());
        return {};
    case Qt::DecorationRole:
        if (index.column() != SeverityColumn) return {};
        return QApplication::style()->standardIcon(f.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                                                   : f.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                                                     : QStyle::SP_MessageBoxInformation);
    case LinkRole: return qlonglong(f.link);
    case DeviceRole: return qlonglong(f.device);
    case SeverityRole: return int(f.severity);
    default: return {};
    }
}

QVariant ChecksModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case Rule: return tr("Rule");
    case Where: return tr("Where");
    case Message: return tr("Finding");
    case Fix: return tr("How to fix");
    default: return {};
    }
}

} // namespace fp::gui
