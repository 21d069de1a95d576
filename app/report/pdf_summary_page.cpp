// Page 1: the design summary, in two columns of label/value pairs, then the estimate notes.
#include <algorithm>

#include "report/pdf_pages.h"
#include "report/report_support.h"

namespace fp::report {
namespace {

QString ratio(const Ratio& r) { return QString::fromStdString(ratioText(r)); }  // as written: 1:1.16, 4:3

// A column of label/value lines with small section titles; keeps its own cursor.
class Column {
public:
    Column(PdfDocument& doc, double x, double width, double y) : doc_(doc), x_(x), w_(width), y_(y) {}
    void title(const QString& t)
    {
        y_ += 5;
        QPainter& p = doc_.painter();
        p.setFont(doc_.font(9.5, true));
        p.setPen(QColor(0x22, 0x22, 0x22));
        p.drawText(QRectF(x_, y_, w_, 13), Qt::AlignLeft | Qt::AlignVCenter, t);
        y_ += 13;
        p.setPen(QPen(QColor(0x76, 0xb9, 0x00), 0.8));
        p.drawLine(QPointF(x_, y_), QPointF(x_ + w_, y_));
        y_ += 3;
    }
    void line(const QString& label, const QString& value)
    {
        const double saved = doc_.y();
        doc_.setY(y_);
        doc_.keyValue(label, value, x_, w_);
        doc_.setY(saved);
        y_ += 12;
    }
    double y() const { return y_; }

private:
    PdfDocument& doc_;
    double x_, w_, y_;
};

} // namespace

QString estimatedPricesNote(const Plan& plan)
{
    const bool any = plan.estimates.capex.estimated ||
                     std::any_of(plan.bom.lines.begin(), plan.bom.lines.end(),
                                 [](const BomLine& l) { return l.priceEstimated; });
    if (!any) return {};
    return QStringLiteral("Prices are estimates: no public list prices exist for most of these parts. Figures marked * "
                          "are FabricPlan estimates, not quotes; use them for budgeting and comparison only.");
}

void writeSummaryPage(PdfDocument& doc, const Plan& plan)
{
    const ClusterSpec& spec = plan.spec;
    const Fabric& f = plan.fabric;
    const Estimates& e = plan.estimates;
    doc.newPage(QStringLiteral("Design summary"));
    doc.paragraph(qs(spec.name), 11);
    const QString star = e.capex.estimated ? QStringLiteral(" *") : QString();

    const double gap = 18, colW = (doc.width() - gap) / 2;
    Column left(doc, doc.left(), colW, doc.y());
    left.title(QStringLiteral("Inputs"));
    left.line(QStringLiteral("Fabric"), QString::fromLatin1(displayName(spec.fabric)));
    left.line(QStringLiteral("GPUs"), groupedNumber(spec.gpus));
    left.line(QStringLiteral("GPUs / NICs per node"), QStringLiteral("%1 / %2").arg(spec.gpusPerNode).arg(spec.nicsPerNode));
    left.line(QStringLiteral("Nodes"), groupedNumber(f.nodeCount));
    left.line(QStringLiteral("Switch"), qs(plan.hardware.switchesText(f.shape.tiers)));
    left.line(QStringLiteral("NIC"), qs(plan.hardware.nic.partNumber));
    if (f.shape.fabricGbps > 0) {
        left.line(QStringLiteral("Host link speed"), QStringLiteral("%1 Gb/s").arg(f.shape.linkGbps));
        left.line(QStringLiteral("Fabric link speed"), QStringLiteral("%1 Gb/s").arg(f.shape.fabricGbps));
    } else {
        left.line(QStringLiteral("Link speed"), QStringLiteral("%1 Gb/s").arg(f.shape.linkGbps));
    }
    left.line(QStringLiteral("Planes"), QString::number(f.shape.planes));
    left.line(QStringLiteral("Rail-optimized"), spec.railOptimized ? QStringLiteral("yes") : QStringLiteral("no"));
    left.line(QStringLiteral("Leaf down:up ratio"), ratio(spec.leafOversubscription));
    if (f.shape.tiers >= 3)
        left.line(QStringLiteral("Spine down:up ratio"), ratio(spec.spineOversubscription));

    left.title(QStringLiteral("Topology: %1 tier%2").arg(f.shape.tiers).arg(f.shape.tiers == 1 ? "" : "s"));
    left.line(QStringLiteral("Switches, all tiers"), groupedNumber(double(f.switchCount())));
    for (const TierUsage& u : f.usage()) {
        const QString tier = QString::fromLatin1(toString(u.tier));
        left.line(tier.left(1).toUpper() + tier.mid(1) + QStringLiteral(" switches"),
                  QStringLiteral("%1  (ports %2% used)").arg(groupedNumber(double(u.switches)),
                                                            groupedNumber(u.utilisation() * 100, 1)));
        // Per-tier switch models: each tier's model by name under its count (a short label, as the
        // value takes the room it needs and the label is elided into the rest).
        if (!plan.hardware.oneSwitchOnEveryTier(f.shape.tiers))
            left.line(QStringLiteral("Model"), qs(modelNameOf(plan.hardware.switchOf(u.tier))));
    }
    const std::pair<LinkClass, const char*> classes[] = {{LinkClass::HostLeaf, "Host-leaf links"},
                                                         {LinkClass::LeafSpine, "Leaf-spine links"},
                                                         {LinkClass::SpineCore, "Spine-core links"}};
    for (const auto& [cls, name] : classes)
        if (f.linkCount(cls) > 0) left.line(QString::fromLatin1(name), groupedNumber(double(f.linkCount(cls))));
    left.line(QStringLiteral("Racks"), groupedNumber(double(plan.layout.racks.size())));

    Column right(doc, doc.left() + colW + gap, colW, doc.y());
    right.title(QStringLiteral("Capex") + star);
    right.line(QStringLiteral("Switches"), usd(e.capex.switchesUsd));
    right.line(QStringLiteral("NICs / HCAs"), usd(e.capex.nicsUsd));
    right.line(QStringLiteral("Transceivers"), usd(e.capex.transceiversUsd));
    right.line(QStringLiteral("Cables"), usd(e.capex.cablesUsd));
    right.line(QStringLiteral("Fibre"), usd(e.capex.fibreUsd));
    right.line(QStringLiteral("Patch panels"), usd(e.capex.patchPanelsUsd));
    right.line(QStringLiteral("Spares"), usd(e.capex.sparesUsd));
    right.line(QStringLiteral("Total capex") + star, usd(e.capex.totalUsd));
    right.line(QStringLiteral("Per GPU") + star, usd(e.capex.perGpuUsd));

    right.title(QStringLiteral("Power, effort and TCO"));
    right.line(QStringLiteral("Network power, typical"), qs(formatKw(e.opex.powerKw)));
    // Energy is paid on the typical draw; the facility supplies the full load (switches at their maximum).
    right.line(QStringLiteral("Network power, full load"), qs(formatKw(e.opex.powerMaxKw)));
    right.line(QStringLiteral("Energy per year"), usd(e.opex.energyUsdPerYear));
    right.line(QStringLiteral("Bring-up and tuning"), groupedNumber(e.opex.tuningWeeks, 1) + QStringLiteral(" engineer-weeks"));
    right.line(QStringLiteral("Months to a stable cluster"), groupedNumber(e.opex.monthsToStable, 1));
    right.line(QStringLiteral("TCO over %1 years").arg(spec.economics.horizonYears) + star, usd(e.tcoUsd));

    right.title(QStringLiteral("Performance (models)"));
    right.line(QStringLiteral("Latency, unloaded one way"),
               groupedNumber(e.performance.latencyMinNs) + QStringLiteral("–") +
                   groupedNumber(e.performance.latencyMaxNs) + QStringLiteral(" ns"));
    right.line(QStringLiteral("Injection per GPU"), groupedNumber(e.performance.injectionGbpsPerGpu) + QStringLiteral(" Gb/s"));
    right.line(QStringLiteral("Bisection bandwidth"), qs(formatOneDecimal(e.performance.bisectionTbps)) + QStringLiteral(" Tb/s"));
    right.line(QStringLiteral("All-reduce bus bandwidth"),
               qs(formatOneDecimal(e.performance.allreduceBusbwGBps)) + QStringLiteral(" GB/s"));
    right.line(QStringLiteral("Design-rule checks"),
               QStringLiteral("%1 errors, %2 warnings").arg(plan.errorCount()).arg(plan.warningCount()));

    doc.setY(std::max(left.y(), right.y()) + 6);
    const QString note = estimatedPricesNote(plan);
    if (!note.isEmpty()) doc.paragraph(note, 8.5, QColor(0x9a, 0x5b, 0x00));
    if (!e.notes.empty() || !f.notes.empty()) {
        doc.section(QStringLiteral("How these figures were made"));
        for (const std::string& n : f.notes) doc.paragraph(QStringLiteral("• ") + qs(n), 7.5, QColor(0x33, 0x33, 0x33));
        for (const std::string& n : e.notes) doc.paragraph(QStringLiteral("• ") + qs(n), 7.5, QColor(0x33, 0x33, 0x33));
    }
}

} // namespace fp::report
