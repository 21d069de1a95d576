#include "price_comparison_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>

#include "bom_model.h"  // formatUsd, withEstimateMark
#include "status_colours.h"

namespace fp::gui {

namespace {

// Translucent, so the highlight reads on light and dark palettes alike.
const QColor kCheapestTint(46, 160, 67, 70);

// The optics-and-cables part a line is about, or nullptr (switches, NICs, panels, spare switches).
const PartBase* opticsPart(const BomLine& line, const Catalog& catalog, QString* kind)
{
    switch (line.category) {
    case BomCategory::Transceivers: *kind = QObject::tr("Transceiver"); break;
    case BomCategory::Cables: *kind = QObject::tr("Cable"); break;
    case BomCategory::Fibre: *kind = QObject::tr("Fibre"); break;
    case BomCategory::Spares:
        if (catalog.findTransceiver(line.part)) *kind = QObject::tr("Spare transceiver");
        else if (catalog.findCable(line.part)) *kind = QObject::tr("Spare cable");
        else return nullptr;
        break;
    default: return nullptr;
    }
    if (const PartBase* p = catalog.findTransceiver(line.part)) return p;
    return catalog.findCable(line.part);
}

} // namespace

void PriceComparisonModel::setPlan(std::shared_ptr<const Plan> plan, std::shared_ptr<const Catalog> catalog)
{
    beginResetModel();
    m_plan = std::move(plan);
    m_catalog = std::move(catalog);
    m_lines.clear();
    m_sources.clear();
    m_totals.clear();
    m_planTotalUsd = 0;
    m_planTotalEstimated = false;
    if (m_plan && m_catalog) {
        m_sources = m_catalog->priceSources();
        m_totals.assign(m_sources.size(), Total{});
        for (const BomLine& bomLine : m_plan->bom.lines) {
            Line line;
            line.bom = &bomLine;
            const PartBase* part = opticsPart(bomLine, *m_catalog, &line.kind);
            if (!part) continue;
            line.extendedUsd.assign(m_sources.size(), -1.0);
            line.unitUsd.assign(m_sources.size(), -1.0);
            line.estimated.assign(m_sources.size(), 0);
            for (std::size_t s = 0; s < m_sources.size(); ++s) {
                for (const PriceQuote& q : part->prices)
                    if (q.source == m_sources[s]) {
                        line.unitUsd[s] = q.priceUsd;
                        line.extendedUsd[s] = double(bomLine.qty) * q.priceUsd;
                        line.estimated[s] = q.estimated;
                    }
                if (line.extendedUsd[s] < 0) {
                    ++m_totals[s].missing;
                    continue;
                }
                m_totals[s].usd += line.extendedUsd[s];
                m_totals[s].estimated = m_totals[s].estimated || line.estimated[s];
                if (line.cheapest < 0 || line.extendedUsd[s] < line.extendedUsd[std::size_t(line.cheapest)])
                    line.cheapest = int(s);
            }
            m_planTotalUsd += bomLine.extendedUsd;
            m_planTotalEstimated = m_planTotalEstimated || bomLine.priceEstimated;
            m_lines.push_back(std::move(line));
        }
    }
    endResetModel();
}

int PriceComparisonModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || m_lines.empty()) return 0;
    return int(m_lines.size()) + 1;  // + totals
}

int PriceComparisonModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : FirstSource + int(m_sources.size());
}

QString PriceComparisonModel::sourceName(int source) const
{
    return source >= 0 && source < sourceCount() ? QString::fromStdString(m_sources[std::size_t(source)]) : QString();
}

double PriceComparisonModel::sourceTotalUsd(int source) const
{
    return source >= 0 && source < sourceCount() ? m_totals[std::size_t(source)].usd : 0.0;
}

int PriceComparisonModel::sourceMissingLines(int source) const
{
    return source >= 0 && source < sourceCount() ? m_totals[std::size_t(source)].missing : 0;
}

int PriceComparisonModel::cheapestCompleteSource() const
{
    int best = -1;
    for (int s = 0; s < sourceCount(); ++s)
        if (m_totals[std::size_t(s)].missing == 0 && (best < 0 || m_totals[std::size_t(s)].usd < m_totals[std::size_t(best)].usd))
            best = s;
    return best;
}

bool PriceComparisonModel::anyPriceEstimated() const
{
    for (const Line& line : m_lines) {
        if (line.bom->priceEstimated) return true;
        for (char e : line.estimated)
            if (e) return true;
    }
    return false;
}

QString PriceComparisonModel::summaryText() const
{
    if (m_lines.empty()) return {};
    QStringList parts;
    const int best = cheapestCompleteSource();
    for (int s = 0; s < sourceCount(); ++s) {
        QString t = tr("<b>%1</b> %2").arg(sourceName(s).toHtmlEscaped(), formatUsd(sourceTotalUsd(s)));
        const int missing = sourceMissingLines(s);
        if (missing == lineCount()) {
            parts << tr("<b>%1</b> quotes none of these parts").arg(sourceName(s).toHtmlEscaped());
            continue;
        }
        if (missing) t += missing == 1 ? tr(" (no quote for 1 line)") : tr(" (no quote for %1 lines)").arg(missing);
        else if (s == best) t += tr(" (cheapest)");
        parts << t;
    }
    return tr("This plan's optics and cables would cost: %1 &nbsp;·&nbsp; the plan's own choice: %2")
               .arg(parts.join(QStringLiteral(" &nbsp;·&nbsp; ")), formatUsd(m_planTotalUsd)) +
           (anyPriceEstimated() ? QLatin1Char(' ') + estimateLegendHtml() : QString());
}

QVariant PriceComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    const bool total = index.row() == int(m_lines.size());
    if (role == IsTotalRole) return total;
    if (total) return totalData(index.column(), role);
    return lineData(m_lines[std::size_t(index.row())], index.column(), role);
}

QVariant PriceComparisonModel::lineData(const Line& line, int column, int role) const
{
    const BomLine& b = *line.bom;
    const int source = column - FirstSource;
    if (role == Qt::DisplayRole) {
        switch (column) {
        case Part: return QString::fromStdString(b.part);
        case Kind: return line.kind;
        case Qty: return QLocale(QLocale::English).toString(b.qty);
        case PlanSource: return QString::fromStdString(b.priceSource);
        case PlanCost: return withEstimateMark(formatUsd(b.extendedUsd), b.priceEstimated);
        default:
            return line.extendedUsd[std::size_t(source)] < 0
                       ? QStringLiteral("—")
                       : withEstimateMark(formatUsd(line.extendedUsd[std::size_t(source)]), line.estimated[std::size_t(source)]);
        }
    }
    if (role == UsdRole) {
        if (column == PlanCost) return b.extendedUsd;
        if (source >= 0) return line.extendedUsd[std::size_t(source)];
        return {};
    }
    if (role == IsCheapestRole) return source >= 0 && source == line.cheapest;
    if (role == Qt::ForegroundRole &&
        ((column == PlanCost && b.priceEstimated) || (source >= 0 && line.estimated[std::size_t(source)])))
        return QBrush(estimateColour());
    if (role == Qt::TextAlignmentRole)
        return column >= Qty && column != PlanSource ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role == Qt::BackgroundRole && source >= 0 && source == line.cheapest) return QBrush(kCheapestTint);
    if (role == Qt::FontRole && source >= 0 && source == line.cheapest) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role == Qt::ToolTipRole) {
        if (column == Part) return QString::fromStdString(b.description);
        if (source >= 0 && line.unitUsd[std::size_t(source)] >= 0)
            return tr("%1 × %2 each from %3").arg(QLocale(QLocale::English).toString(b.qty),
                                                  formatUsd(line.unitUsd[std::size_t(source)]), sourceName(source)) +
                   (line.estimated[std::size_t(source)] ? tr(" — an estimate: no public price exists") : QString());
        if (source >= 0) return tr("%1 has no quote for %2").arg(sourceName(source), QString::fromStdString(b.part));
    }
    return {};
}

QVariant PriceComparisonModel::totalData(int column, int role) const
{
    const int source = column - FirstSource;
    const int best = cheapestCompleteSource();
    if (role == Qt::DisplayRole) {
        if (column == Part) return tr("Total optics and cables");
        if (column == PlanCost) return withEstimateMark(formatUsd(m_planTotalUsd), m_planTotalEstimated);
        if (source >= 0) {
            const QString usd = withEstimateMark(formatUsd(sourceTotalUsd(source)), m_totals[std::size_t(source)].estimated);
            if (sourceMissingLines(source) == lineCount()) return QStringLiteral("—");
            const int missing = sourceMissingLines(source);
            if (!missing) return usd;
            return missing == 1 ? tr("%1 (−1 line)").arg(usd) : tr("%1 (−%2 lines)").arg(usd).arg(missing);
        }
        return {};
    }
    if (role == UsdRole) {
        if (column == PlanCost) return m_planTotalUsd;
        if (source >= 0) return sourceTotalUsd(source);
        return {};
    }
    if (role == IsCheapestRole) return source >= 0 && source == best;
    if (role == Qt::ForegroundRole && ((column == PlanCost && m_planTotalEstimated) ||
                                       (source >= 0 && m_totals[std::size_t(source)].estimated)))
        return QBrush(estimateColour());
    if (role == Qt::FontRole) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role == Qt::TextAlignmentRole)
        return column >= Qty && column != PlanSource ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role == Qt::BackgroundRole && source >= 0 && source == best) return QBrush(kCheapestTint);
    if (role == Qt::ToolTipRole && source >= 0 && sourceMissingLines(source))
        return tr("%1 has no quote for %2 of these lines; the total covers the others only")
            .arg(sourceName(source)).arg(sourceMissingLines(source));
    return {};
}

QVariant PriceComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Part: return tr("Part");
    case Kind: return tr("Kind");
    case Qty: return tr("Qty");
    case PlanSource: return tr("Plan uses");
    case PlanCost: return tr("Plan cost");
    default: return section - FirstSource < sourceCount() ? sourceName(section - FirstSource) : QVariant();
    }
}

} // namespace fp::gui
