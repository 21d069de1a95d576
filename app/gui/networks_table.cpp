#include "networks_table.h"

#include <QLocale>
#include <QObject>

#include "bom_model.h"
#include "estimate/resilience_text.h"

namespace fp::gui {

QString networkLabel(const NetworkPlan& n)
{
    const QString role = QString::fromUtf8(displayName(n.role));
    if (n.role == NetworkRole::Compute) return role;
    return QStringLiteral("%1 (%2)").arg(role, QString::fromStdString(n.name));
}

QString networksTableHtml(const ClusterPlan& cluster, int viewed, const QPalette& pal)
{
    if (cluster.networks.size() < 2) return {};
    const QLocale en(QLocale::English);
    const QString muted = pal.color(QPalette::PlaceholderText).name();
    const QString mark = pal.color(QPalette::AlternateBase).name();
    const auto count = [&en](long long n) { return en.toString(n); };
    QString html = QObject::tr("<h3 style='margin-bottom:2px'>Networks</h3>"
                               "<p style='color:%1; margin-top:0'>The cluster's %2 networks and their total (the sum). "
                               "The figures below are the marked network's; pick another with <b>Network</b> above "
                               "the tabs.</p>")
                       .arg(muted)
                       .arg(cluster.networks.size());
    html += QStringLiteral("<table cellspacing='0' cellpadding='3' width='100%'><tr>");
    // At 1024 px the columns are narrow: the network column keeps room for its role's longest word
    // ("management"), and the long one-word headers may break at a soft hyphen, not anywhere (they broke
    // "Transceiv|ers", "Switche|s").
    for (const QString& h : {QObject::tr("Network"), QObject::tr("Ports"), QObject::tr("Switch\u00ADes"),
                             QObject::tr("Trans\u00ADceivers"), QObject::tr("Cables"), QObject::tr("Capex"),
                             QObject::tr("Power typical"), QObject::tr("At full load"), QObject::tr("Errors")})
        html += h == QObject::tr("Network") ? QStringLiteral("<th align='left' width='19%'>%1</th>").arg(h)
                                            : QStringLiteral("<th align='right'>%1</th>").arg(h);
    html += QStringLiteral("</tr>");
    const auto row = [&](const QString& name, const QString& ports, const NetworkFigures& f, bool marked, bool total) {
        QString r = marked ? QStringLiteral("<tr bgcolor='%1'>").arg(mark) : QStringLiteral("<tr>");
        const QString b = total ? QStringLiteral("<b>%1</b>") : QStringLiteral("%1");
        r += QStringLiteral("<td>%1</td>").arg(b.arg((marked ? QStringLiteral("▶ ") : QString()) + name.toHtmlEscaped()));
        for (const QString& v : {ports, count(f.switches), count(f.transceivers), count(f.cables), formatUsdShort(f.capexUsd),
                                 formatPowerKw(f.powerKw()), formatPowerKw(f.powerMaxKw()), QString::number(f.errors)})
            r += QStringLiteral("<td align='right'>%1</td>").arg(b.arg(v));
        return r + QStringLiteral("</tr>");
    };
    for (std::size_t i = 0; i < cluster.networks.size(); ++i)
        html += row(networkLabel(cluster.networks[i]), count(cluster.networks[i].endpointPorts), cluster.figures[i],
                    int(i) == viewed, false);
    html += row(QObject::tr("Total"), QString(), cluster.total, false, true);
    // The parts of every network fail and need spares: the cluster's sum, as `plan` prints it under its table.
    html += QObject::tr("</table><p style='margin-top:4px; margin-bottom:0'>Parts of all %1 networks: %2</p>")
                .arg(cluster.networks.size())
                .arg(QString::fromStdString(clusterPartsSummary(cluster.partFailures())).toHtmlEscaped());
    html += QObject::tr("<p style='color:%1; margin-top:2px; font-size:9pt'>Capex and power of the other networks "
                        "count their switches, optics, cables and priced ports; their ports built into a DGX or a "
                        "storage system are not priced again. Prices are estimates unless quoted.</p>")
                .arg(muted);
    return html;
}

} // namespace fp::gui
