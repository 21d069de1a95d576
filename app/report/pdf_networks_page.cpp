// The Networks page of a cluster with several networks (issue 38), after the design summary: the totals
// table (one row per network, then their sum: ClusterPlan::total, never added up here), then a section per
// network with its topology line, switches, BOM by category, capex, power and findings. The pages after it
// describe the compute fabric, as they do for a design without other networks.
#include "estimate/resilience_text.h"
#include "io/network_text.h"
#include "report/pdf_pages.h"
#include "report/report_support.h"

namespace fp::report {
namespace {

constexpr std::size_t kMaxFindingsPerNetwork = 20;  // the rest are in the JSON and the CLI's output

QString kw(double w) { return kilowatts(w / 1000.0); }

std::vector<QString> figuresRow(const QString& name, const QString& role, const NetworkFigures& f)
{
    return {name,
            role,
            groupedNumber(double(f.switches)),
            groupedNumber(double(f.transceivers)),
            groupedNumber(double(f.cables)),
            usd(f.capexUsd),
            kw(f.powerW),
            kw(f.powerMaxW),
            QString::number(f.errors)};
}

void writeNetworkSection(PdfDocument& doc, const NetworkPlan& n, const NetworkFigures& f)
{
    const Plan& p = n.plan;
    doc.ensureSpace(140);
    doc.section(QStringLiteral("Network %1: %2").arg(qs(n.name), QString::fromUtf8(displayName(n.role))));
    doc.paragraph(QStringLiteral("Topology: ") + qs(io::networkTopologyText(n)));
    QString switches = QStringLiteral("Switches: %1").arg(groupedNumber(double(f.switches)));
    QStringList tiers;
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core})
        if (p.fabric.switchCount(t) > 0)
            tiers << QStringLiteral("%1 %2 x %3")
                         .arg(QString::fromUtf8(toString(t)), groupedNumber(double(p.fabric.switchCount(t))),
                              qs(p.hardware.switchModel(p.hardware.modelOf(t)).partNumber));
    if (!tiers.isEmpty()) switches += QStringLiteral(" (") + tiers.join(QStringLiteral(", ")) + QLatin1Char(')');
    doc.paragraph(switches + QStringLiteral("; endpoint ports: %1; transceivers: %2; cables: %3")
                                 .arg(groupedNumber(double(n.endpointPorts)), groupedNumber(double(f.transceivers)),
                                      groupedNumber(double(f.cables))));
    doc.paragraph(QStringLiteral("Capex: %1; power: %2 kW typical, %3 kW max (switches, optics, cables and every NIC "
                                 "port)")
                      .arg(usd(f.capexUsd), kw(f.powerW), kw(f.powerMaxW)));
    // Its parts fail and need spares, as `plan`'s "parts:" line under the network says.
    doc.paragraph(QStringLiteral("Parts: ") + qs(partFailuresSummary(p.resilience)) + QStringLiteral("; ") +
                  qs(sparesSummary(p.resilience)));

    static const std::vector<TableColumn> bomColumns = {
        {QStringLiteral("Category"), 130}, {QStringLiteral("Lines"), 50, Qt::AlignRight},
        {QStringLiteral("Quantity"), 80, Qt::AlignRight}, {QStringLiteral("Extended (USD)"), 110, Qt::AlignRight},
        {QStringLiteral("Power (kW)"), 70, Qt::AlignRight}};
    doc.tableHeader(bomColumns);
    for (BomCategory c : kBomCategories) {
        long long lines = 0, qty = 0;
        for (const BomLine& l : p.bom.lines)
            if (l.category == c) ++lines, qty += l.qty;
        if (lines == 0) continue;
        doc.tableRow(bomColumns, {QString::fromUtf8(displayName(c)), QString::number(lines), groupedNumber(double(qty)),
                                  usd(p.bom.subtotalUsd(c)), kw(p.bom.subtotalPowerW(c))});
    }
    doc.tableRow(bomColumns, {QStringLiteral("BOM total"), QString::number(p.bom.lines.size()), QString(),
                              usd(p.bom.totalUsd), kw(p.bom.totalPowerW)},
                 true);

    std::vector<const Finding*> shown;
    for (const Finding& x : p.findings)
        if (x.severity != Severity::Info) shown.push_back(&x);
    doc.paragraph(QStringLiteral("Findings: %1 errors, %2 warnings").arg(f.errors).arg(f.warnings), 8.5);
    for (std::size_t i = 0; i < shown.size() && i < kMaxFindingsPerNetwork; ++i)
        doc.paragraph(QStringLiteral("%1 [%2] %3: %4")
                          .arg(QString::fromUtf8(toString(shown[i]->severity)), qs(shown[i]->rule), qs(shown[i]->where),
                               qs(shown[i]->message)),
                      8, shown[i]->severity == Severity::Error ? QColor(0xb0, 0x00, 0x20) : QColor(0x8a, 0x5a, 0x00));
    if (shown.size() > kMaxFindingsPerNetwork)
        doc.paragraph(QStringLiteral("... and %1 more (see the plan JSON)").arg(shown.size() - kMaxFindingsPerNetwork), 8);
}

} // namespace

void writeNetworksPage(PdfDocument& doc, const ClusterPlan& c)
{
    doc.newPage(QStringLiteral("Networks"));
    doc.paragraph(QStringLiteral("The cluster has %1 networks. The total is the sum of the networks; the pages after "
                                 "this one describe the compute fabric.")
                      .arg(c.networks.size()));
    doc.section(QStringLiteral("Totals by network"));
    static const std::vector<TableColumn> columns = {
        {QStringLiteral("Network"), 54, Qt::AlignLeft, false}, {QStringLiteral("Role"), 84, Qt::AlignLeft, false},
        {QStringLiteral("Switches"), 44, Qt::AlignRight}, {QStringLiteral("Transceivers"), 66, Qt::AlignRight},
        {QStringLiteral("Cables"), 40, Qt::AlignRight}, {QStringLiteral("Capex (USD)"), 68, Qt::AlignRight},
        {QStringLiteral("Power (kW)"), 58, Qt::AlignRight}, {QStringLiteral("Max (kW)"), 50, Qt::AlignRight},
        {QStringLiteral("Errors"), 36, Qt::AlignRight}};
    doc.tableHeader(columns);
    for (std::size_t i = 0; i < c.networks.size(); ++i)
        doc.tableRow(columns, figuresRow(qs(c.networks[i].name), QString::fromUtf8(displayName(c.networks[i].role)),
                                         c.figures[i]));
    doc.tableRow(columns, figuresRow(QStringLiteral("Total"), QString(), c.total), true);
    doc.paragraph(QStringLiteral("Parts of all %1 networks: ").arg(c.networks.size()) +
                  qs(clusterPartsSummary(c.partFailures())));
    for (std::size_t i = 0; i < c.networks.size(); ++i) writeNetworkSection(doc, c.networks[i], c.figures[i]);
}

} // namespace fp::report
