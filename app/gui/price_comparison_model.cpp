#include "price_comparison_model.h"

#include <cstdlib>

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>

#include <algorithm>

#include "bom_model.h"  // formatUsd, withEstimateMark
#include "status_colours.h"

namespace fp::gui {

namespace {

// Translucent, so the highlight reads on light and dark palettes alike.
const QColor kCheapestTint(46, 160, 67, 70);

QString kindText(OpticsLineKind kind)
{
    switch (kind) {
    case OpticsLineKind::Switch: return QObject::tr("Switch");
    case OpticsLineKind::Nic: return QObject::tr("NIC");
    case OpticsLineKind::SpareSwitch: return QObject::tr("Spare switch");
    case OpticsLineKind::SpareNic: return QObject::tr("Spare NIC");
    case OpticsLineKind::Transceiver: return QObject::tr("Transceiver");
    case OpticsLineKind::Cable: return QObject::tr("Cable");
    case OpticsLineKind::Fibre: return QObject::tr("Fibre");
    case OpticsLineKind::SpareTransceiver: return QObject::tr("Spare transceiver");
    case OpticsLineKind::SpareCable: return QObject::tr("Spare cable");
    }
    return {};
}

QString count(long long n) { return QLocale(QLocale::English).toString(n); }

QString moreSources(long long n)
{
    return n == 1 ? QObject::tr("1 more source") : QObject::tr("%1 more sources").arg(count(n));
}

} // namespace

void PriceComparisonModel::setPlan(std::shared_ptr<const Plan> plan, std::shared_ptr<const Catalog> catalog)
{
    std::shared_ptr<const OpticsPriceComparison> prices;
    if (plan && catalog) prices = std::make_shared<const OpticsPriceComparison>(compareOpticsPrices(*plan, *catalog));
    setComparison(std::move(plan), std::move(prices));
}

void PriceComparisonModel::setComparison(std::shared_ptr<const Plan> plan,
                                         std::shared_ptr<const OpticsPriceComparison> prices)
{
    beginResetModel();
    m_plan = std::move(plan);
    m_prices = m_plan ? std::move(prices) : nullptr;
    endResetModel();
}

int PriceComparisonModel::lineCount() const { return m_prices ? int(m_prices->lines.size()) : 0; }

int PriceComparisonModel::sourceCount() const { return m_prices ? int(m_prices->sources.size()) : 0; }

long long PriceComparisonModel::otherSourceCount() const { return m_prices ? (long long)m_prices->otherSources() : 0; }

long long PriceComparisonModel::totalSourceCount() const { return m_prices ? (long long)m_prices->totalSources : 0; }

int PriceComparisonModel::otherSourcesColumn() const
{
    return otherSourceCount() > 0 ? FirstSource + sourceCount() : -1;
}

int PriceComparisonModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || lineCount() == 0) return 0;
    return lineCount() + 1;  // + totals
}

int PriceComparisonModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : FirstSource + sourceCount() + (otherSourceCount() > 0 ? 1 : 0);
}

QString PriceComparisonModel::sourceName(int source) const
{
    return source >= 0 && source < sourceCount() ? QString::fromStdString(m_prices->sources[std::size_t(source)].name)
                                                 : QString();
}

double PriceComparisonModel::sourceTotalUsd(int source) const
{
    return source >= 0 && source < sourceCount() ? m_prices->sources[std::size_t(source)].usd : 0.0;
}

int PriceComparisonModel::sourceMissingLines(int source) const
{
    return source >= 0 && source < sourceCount() ? lineCount() - m_prices->sources[std::size_t(source)].quotedLines : 0;
}

int PriceComparisonModel::cheapestCompleteSource() const { return m_prices ? m_prices->cheapestComplete : -1; }

QString PriceComparisonModel::commonPlanSource() const
{
    if (!m_prices || m_prices->lines.empty()) return QString();
    const std::string& first = bomLine(m_prices->lines.front()).priceSource;
    for (const OpticsPriceLine& line : m_prices->lines)
        if (bomLine(line).priceSource != first) return QString();
    return QString::fromStdString(first);
}

bool PriceComparisonModel::anyPriceEstimated() const
{
    if (!m_prices) return false;
    if (m_prices->planEstimated) return true;
    for (const PriceSourceTotal& s : m_prices->sources)
        if (s.estimated) return true;
    for (const OpticsPriceLine& line : m_prices->lines)
        if (line.otherCheapest.quoted() && line.otherCheapest.estimated) return true;
    return false;
}

QString PriceComparisonModel::summaryText() const
{
    if (lineCount() == 0) return {};
    QStringList parts;
    const int best = cheapestCompleteSource();
    const int listed = std::min(sourceCount(), kFooterSources);
    for (int s = 0; s < listed; ++s) {
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
    if (sourceCount() > listed) parts << tr("%1 in the table").arg(moreSources(sourceCount() - listed));
    QString text = tr("This plan's priced parts would cost: %1 &nbsp;·&nbsp; the plan's own choice: %2")
                       .arg(parts.join(QStringLiteral(" &nbsp;·&nbsp; ")), formatUsd(planTotalUsd()));
    if (const QString common = commonPlanSource(); !common.isEmpty())
        text += tr(", every line from <b>%1</b>").arg(common.toHtmlEscaped());
    if (const long long others = otherSourceCount(); others > 0) {
        // Many sources: the buyer's two answers, then what the table leaves out and why.
        text += tr(" &nbsp;·&nbsp; the cheapest quote of every line: %1").arg(formatUsd(m_prices->bestMixUsd));
        if (m_prices->linesWithoutQuote)
            text += tr(" (%n line(s) without any quote)", nullptr, m_prices->linesWithoutQuote);
        text += tr("<br>and %1 not shown (%2 sources in the catalog; the table keeps the cheapest source of each "
                   "line and those quoting the most lines, cheapest first")
                    .arg(moreSources(others), count(totalSourceCount()));
        if (const auto none = (long long)m_prices->otherSourcesQuotingNone; none > 0)
            text += tr("; %1 of them quote none of these parts").arg(count(none));
        text += QLatin1Char(')');
    }
    return text + (anyPriceEstimated() ? QLatin1Char(' ') + estimateLegendHtml() : QString());
}

QVariant PriceComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    const bool total = index.row() == lineCount();
    if (role == IsTotalRole) return total;
    if (total) return totalData(index.column(), role);
    const OpticsPriceLine& line = m_prices->lines[std::size_t(index.row())];
    if (index.column() == otherSourcesColumn()) return otherSourcesData(line, role);
    return lineData(line, index.column(), role);
}

QVariant PriceComparisonModel::lineData(const OpticsPriceLine& line, int column, int role) const
{
    const BomLine& b = bomLine(line);
    const int source = column - FirstSource;
    const SourceQuote* quote = source >= 0 ? &line.quotes[std::size_t(source)] : nullptr;
    if (role == Qt::DisplayRole) {
        switch (column) {
        case Part: return QString::fromStdString(b.part);
        case Kind: return kindText(line.kind);
        case Qty: return count(b.qty);
        case PlanSource: return QString::fromStdString(b.priceSource);
        case PlanCost: return withEstimateMark(formatUsd(b.extendedUsd), b.priceEstimated);
        default:
            return !quote->quoted() ? QStringLiteral("—") : withEstimateMark(formatUsd(quote->extendedUsd), quote->estimated);
        }
    }
    if (role == UsdRole) {
        if (column == PlanCost) return b.extendedUsd;
        if (quote) return quote->extendedUsd;
        return {};
    }
    if (role == IsCheapestRole) return source >= 0 && source == line.cheapest;
    if (role == Qt::ForegroundRole && ((column == PlanCost && b.priceEstimated) || (quote && quote->quoted() && quote->estimated)))
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
        if (quote && quote->quoted())
            return tr("%1 × %2 each from %3").arg(count(b.qty), formatUsd(quote->unitUsd), sourceName(source)) +
                   (quote->estimated ? tr(" — an estimate: no public price exists") : QString());
        if (quote) return tr("%1 has no quote for %2").arg(sourceName(source), QString::fromStdString(b.part));
    }
    return {};
}

// The last column: what the sources without a column of their own offer for this line.
QVariant PriceComparisonModel::otherSourcesData(const OpticsPriceLine& line, int role) const
{
    const SourceQuote& q = line.otherCheapest;
    if (role == Qt::DisplayRole) {
        if (!line.otherQuotes) return QStringLiteral("—");
        const QString from = withEstimateMark(formatUsd(q.extendedUsd), q.estimated);
        return line.otherQuotes == 1 ? tr("%1 (1 quote)").arg(from) : tr("from %1 (%2 quotes)").arg(from, count(line.otherQuotes));
    }
    if (role == UsdRole) return line.otherQuotes ? q.extendedUsd : -1.0;
    if (role == IsCheapestRole) return false;  // each line's cheapest source has a column of its own
    if (role == Qt::ForegroundRole && line.otherQuotes && q.estimated) return QBrush(estimateColour());
    if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        const BomLine& b = bomLine(line);
        if (!line.otherQuotes)
            return tr("None of the other %1 sources quotes %2").arg(count(otherSourceCount()), QString::fromStdString(b.part));
        return tr("%1 of the other %2 sources quote %3; the cheapest is %4: %5 × %6 each")
            .arg(count(line.otherQuotes), count(otherSourceCount()), QString::fromStdString(b.part),
                 QString::fromStdString(line.otherCheapestSource), count(b.qty), formatUsd(q.unitUsd));
    }
    return {};
}

QVariant PriceComparisonModel::totalData(int column, int role) const
{
    const int source = column - FirstSource;
    const int best = cheapestCompleteSource();
    if (column == otherSourcesColumn()) {
        if (role == Qt::DisplayRole) return tr("and %1").arg(moreSources(otherSourceCount()));
        if (role == Qt::FontRole) {
            QFont f;
            f.setBold(true);
            return f;
        }
        if (role == Qt::TextAlignmentRole) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        if (role == Qt::ToolTipRole)
            return tr("The table shows %1 of the %2 sources: the cheapest source of each line, then those quoting "
                      "the most lines, cheapest first.").arg(count(sourceCount()), count(totalSourceCount()));
        if (role == IsCheapestRole) return false;
        return {};
    }
    if (role == Qt::DisplayRole) {
        if (column == Part) return tr("Total priced parts");
        if (column == PlanCost) return withEstimateMark(formatUsd(planTotalUsd()), m_prices->planEstimated);
        if (source >= 0) {
            const QString usd = withEstimateMark(formatUsd(sourceTotalUsd(source)), m_prices->sources[std::size_t(source)].estimated);
            if (sourceMissingLines(source) == lineCount()) return QStringLiteral("—");
            const int missing = sourceMissingLines(source);
            if (!missing) return usd;
            return missing == 1 ? tr("%1 (−1 line)").arg(usd) : tr("%1 (−%2 lines)").arg(usd).arg(missing);
        }
        return {};
    }
    if (role == UsdRole) {
        if (column == PlanCost) return planTotalUsd();
        if (source >= 0) return sourceTotalUsd(source);
        return {};
    }
    if (role == IsCheapestRole) return source >= 0 && source == best;
    if (role == Qt::ForegroundRole && ((column == PlanCost && m_prices->planEstimated) ||
                                       (source >= 0 && m_prices->sources[std::size_t(source)].estimated)))
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

namespace {

// A long source name ("estimate-street-2026") on two lines, broken at the '-', '_' or space nearest its
// middle: the column is then as wide as its figures, not as its name (fit_columns.h).
QString twoLines(const QString& name)
{
    if (name.size() <= 12) return name;
    int best = -1;
    for (int i = 1; i + 1 < name.size(); ++i)
        if ((name[i] == QLatin1Char('-') || name[i] == QLatin1Char('_') || name[i] == QLatin1Char(' ')) &&
            (best < 0 || std::abs(i - name.size() / 2) < std::abs(best - name.size() / 2)))
            best = i;
    if (best < 0) return name;
    const bool keep = name[best] != QLatin1Char(' ');  // a dash stays at the end of the first line
    return name.left(best + (keep ? 1 : 0)) + QLatin1Char('\n') + name.mid(best + 1);
}

} // namespace

QVariant PriceComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    // The tooltip repeats the name: a narrow column elides it (fit_columns.h).
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole)) return {};
    switch (section) {
    case Part: return tr("Part");
    case Kind: return tr("Kind");
    case Qty: return tr("Qty");
    case PlanSource: return tr("Plan uses");
    case PlanCost: return tr("Plan cost");
    default:
        if (section - FirstSource < sourceCount()) {
            const QString name = sourceName(section - FirstSource);
            return role == Qt::DisplayRole ? twoLines(name) : name;
        }
        if (section == otherSourcesColumn()) return moreSources(otherSourceCount());
        return {};
    }
}

} // namespace fp::gui
