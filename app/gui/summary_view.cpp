#include "io/network_text.h"
#include "summary_view.h"

#include "networks_table.h"

#include <algorithm>
#include <QFileInfo>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QLocale>
#include <QPalette>
#include <QScrollBar>

#include <cmath>

#include "bom_model.h"
#include "cable_model.h"
#include "common/format.h"
#include "common/paths.h"
#include "lossless/lossless.h"
#include "status_colours.h"

namespace fp::gui {

namespace {

QString count(long long n) { return QLocale(QLocale::English).toString(n); }

QString tierName(Tier t)
{
    switch (t) {
    case Tier::Leaf: return QObject::tr("Leaf");
    case Tier::Spine: return QObject::tr("Spine");
    case Tier::Core: return QObject::tr("Core");
    default: return QObject::tr("Node");
    }
}

QString badge(bool estimated)
{
    return estimated ? QStringLiteral(" <span style='background-color:#f4b942; color:#3a2a00; font-size:small;'>"
                                      "&nbsp;estimate&nbsp;</span>")
                     : QString();
}

// Under a headline figure of a plan with errors (GPUs, the input, is left alone).
QString notBuildableMark(const QPalette& pal)
{
    return QStringLiteral("<br><span style='color:%1; font-size:8pt; font-weight:600'>✗ %2</span>")
        .arg(errorColour(pal).name(), QObject::tr("not buildable"));
}

} // namespace

const SummaryFigure* findFigure(const std::vector<SummaryFigure>& figures, const QString& key)
{
    for (const SummaryFigure& f : figures)
        if (f.key == key) return &f;
    return nullptr;
}

std::vector<SummaryFigure> summaryFigures(const Plan& plan, const LinkTallies* counted)
{
    const LinkTallies tallies = talliesFor(plan, counted);
    std::vector<SummaryFigure> out;
    const QLocale en(QLocale::English);
    auto add = [&out](QString key, QString label, QString value, double number, bool estimated) {
        out.push_back(SummaryFigure{std::move(key), std::move(label), std::move(value), number, estimated});
    };
    const Fabric& f = plan.fabric;
    const Estimates& e = plan.estimates;
    add(QStringLiteral("gpus"), QObject::tr("GPUs"), count(plan.spec.gpus), plan.spec.gpus, false);
    add(QStringLiteral("tiers"), QObject::tr("Tiers"), QString::number(f.shape.tiers), f.shape.tiers, false);
    add(QStringLiteral("planes"), QObject::tr("Planes"), QString::number(f.shape.planes), f.shape.planes, false);
    add(QStringLiteral("link.gbps"), f.shape.fabricGbps > 0 ? QObject::tr("Host link speed") : QObject::tr("Link speed"),
        QStringLiteral("%1 Gb/s").arg(f.shape.linkGbps), f.shape.linkGbps, false);
    if (f.shape.fabricGbps > 0)  // leaf-spine and spine-core links faster than the hosts' (a design's fabric speed)
        add(QStringLiteral("fabric.gbps"), QObject::tr("Fabric link speed"), QStringLiteral("%1 Gb/s").arg(f.shape.fabricGbps),
            f.shape.fabricGbps, false);
    add(QStringLiteral("switches.total"), QObject::tr("Switches"), count(f.switchCount()), double(f.switchCount()), false);
    for (const TierUsage& u : f.usage()) {
        const QString t = QString::fromUtf8(toString(u.tier));
        add(QStringLiteral("switches.") + t, QObject::tr("%1 switches").arg(tierName(u.tier)), count(u.switches),
            double(u.switches), false);
        add(QStringLiteral("ports.") + t, QObject::tr("%1 ports used").arg(tierName(u.tier)),
            QStringLiteral("%1 / %2 (%3 %)").arg(count(u.portsUsed), count(u.portsTotal))
                .arg(u.utilisation() * 100.0, 0, 'f', 0),
            u.utilisation(), false);
    }
    for (int c = 0; c < kLinkClassCount; ++c) {
        const long long n = tallies.of(LinkClass(c));
        if (n == 0 && c > 0) continue;
        add(QStringLiteral("links.") + QString::fromUtf8(toString(LinkClass(c))), linkClassName(LinkClass(c)) + QObject::tr(" links"),
            count(n), double(n), false);
    }
    add(QStringLiteral("links.total"), QObject::tr("Links"), count(tallies.total), double(tallies.total), false);
    add(QStringLiteral("capex.total"), QObject::tr("Network capex"), formatUsdShort(e.capex.totalUsd), e.capex.totalUsd,
        e.capex.estimated);
    add(QStringLiteral("capex.per_gpu"), QObject::tr("Capex per GPU"), formatUsd(e.capex.perGpuUsd),
        e.capex.perGpuUsd, e.capex.estimated);
    add(QStringLiteral("power.kw"), QObject::tr("Network power"), formatPowerKw(e.opex.powerKw),
        e.opex.powerKw, true);
    // Typical above (energy is paid on it); the facility must supply the full load, switches at their maximum.
    add(QStringLiteral("power.max_kw"), QObject::tr("Network power at full load"), formatPowerKw(e.opex.powerMaxKw),
        e.opex.powerMaxKw, true);
    add(QStringLiteral("energy.year"), QObject::tr("Energy per year"), formatUsd(e.opex.energyUsdPerYear),
        e.opex.energyUsdPerYear, true);
    add(QStringLiteral("tuning.weeks"), QObject::tr("Tuning effort"),
        QObject::tr("%1 eng-weeks").arg(QString::fromStdString(formatOneDecimal(e.opex.tuningWeeks))),
        e.opex.tuningWeeks, true);
    add(QStringLiteral("months.stable"), QObject::tr("Months to stable"),
        QObject::tr("%1 months").arg(QString::fromStdString(formatOneDecimal(e.opex.monthsToStable))),
        e.opex.monthsToStable, true);
    add(QStringLiteral("tco"), QObject::tr("TCO over %1 years").arg(plan.spec.economics.horizonYears),
        formatUsdShort(e.tcoUsd), e.tcoUsd, true);
    const int longestLead = plan.bom.longestLeadTimeDays();
    add(QStringLiteral("lead.longest"), QObject::tr("Longest lead time"),
        longestLead > 0 ? QObject::tr("%n day(s)", nullptr, longestLead) : QObject::tr("unknown"), longestLead,
        false);
    add(QStringLiteral("latency"), QObject::tr("Latency (unloaded)"),
        QStringLiteral("%1 – %2 ns").arg(QString::fromStdString(withThousands(std::llround(e.performance.latencyMinNs))),
                                          QString::fromStdString(withThousands(std::llround(e.performance.latencyMaxNs)))),
        e.performance.latencyMaxNs, true);
    // Without a platform's NVLink domain the figure rests on an assumption: the card says so, the notes say why.
    const bool noNvlink = !estimate::noNvlinkReason(e.performance.collectives.system, plan.spec.platform).empty();
    add(QStringLiteral("busbw"),
        noNvlink ? QObject::tr("All-reduce bus bandwidth, no NVLink assumed") : QObject::tr("All-reduce bus bandwidth"),
        QStringLiteral("%1 GB/s").arg(QString::fromStdString(formatOneDecimal(e.performance.allreduceBusbwGBps))), e.performance.allreduceBusbwGBps,
        true);
    add(QStringLiteral("bisection"), QObject::tr("Bisection bandwidth"),
        QStringLiteral("%1 Tb/s").arg(QString::fromStdString(formatOneDecimal(e.performance.bisectionTbps))), e.performance.bisectionTbps,
        false);
    add(QStringLiteral("findings.errors"), QObject::tr("Errors"), QString::number(plan.errorCount()),
        plan.errorCount(), false);
    add(QStringLiteral("findings.warnings"), QObject::tr("Warnings"), QString::number(plan.warningCount()),
        plan.warningCount(), false);
    return out;
}

SummaryView::SummaryView(QWidget* parent) : QTextBrowser(parent)
{
    setOpenLinks(false);
    setFrameShape(QFrame::NoFrame);
}

void SummaryView::setPlan(std::shared_ptr<const Plan> plan, const QString& error, const LinkTallies* counted)
{
    m_figures.clear();
    m_banner.clear();
    m_pageHead.clear();
    const QPalette pal = palette();
    const QString text = pal.color(QPalette::Text).name();
    const QString muted = pal.color(QPalette::PlaceholderText).name();
    const QString card = pal.color(QPalette::AlternateBase).name();
    const QString accent = pal.color(QPalette::Highlight).name();
    QString html = QStringLiteral("<html><body style='color:%1; font-size:10pt;'>").arg(text);
    if (!plan) {
        html += error.isEmpty() ? tr("<p style='color:%1'>Planning…</p>").arg(muted)
                                : tr("<h3 style='color:%1'>The design cannot be built</h3><p>%2</p>")
                                      .arg(errorColour(pal).name(), error.toHtmlEscaped());
        setHtml(html + QStringLiteral("</body></html>"));
        return;
    }
    const LinkTallies tallies = talliesFor(*plan, counted);
    m_figures = summaryFigures(*plan, &tallies);
    const NetworkPlan* network = viewedOtherNetwork();
    if (network) asEndpointNetwork(m_figures, *network);
    auto fig = [this](const char* key) { return findFigure(m_figures, QString::fromLatin1(key)); };
    const Plan& p = *plan;

    html += QStringLiteral("<h2 style='margin-bottom:0'>%1</h2><p style='color:%2; margin-top:2px'>%3 · %4 · %5</p>")
                .arg((network ? QString::fromStdString(m_cluster->compute().spec.name) + QStringLiteral(" — ") + networkLabel(*network)
                              : QString::fromStdString(p.spec.name))
                         .toHtmlEscaped(),
                     muted,
                     QString::fromStdString(network ? io::networkTechnologyText(*network) : std::string(displayName(p.spec.fabric))),
                     // One model: its part and description; per-tier models: the parts (the tier table names them).
                     QString::fromStdString(!p.hardware.oneSwitchOnEveryTier(p.fabric.shape.tiers)
                                                ? p.hardware.switchesText(p.fabric.shape.tiers)
                                                : p.hardware.switchesText(p.fabric.shape.tiers) + " " + p.hardware.switchOf(Tier::Leaf).description)
                         .toHtmlEscaped(),
                     QString::fromStdString(p.hardware.nic.partNumber).toHtmlEscaped());
    QString policy = QString::fromUtf8(toString(p.spec.economics.pricePolicy));
    if (p.spec.economics.pricePolicy == PricePolicy::NamedSource)
        policy += QStringLiteral(" '%1'").arg(QString::fromStdString(p.spec.economics.priceSource));
    html += tr("<p style='color:%1; margin-top:0; font-size:9pt'>Priced from %2 · price policy %3</p>")
                .arg(muted, catalogDisplayName(m_catalogPath).toHtmlEscaped(), policy.toHtmlEscaped());

    // A design with other networks (storage, in-band, OOB): every network and the total, above the
    // viewed network's figures, so no network's figures pass for the cluster's.
    if (m_cluster) html += networksTableHtml(*m_cluster, m_viewedNetwork, pal);

    const int errors = p.errorCount();
    if (errors) {
        m_banner = tr("Not buildable: this design has %n error(s).", nullptr, errors) + QLatin1Char(' ') +
                   tr("The figures below describe a fabric that cannot be built as specified; fix the errors "
                      "listed under Checks before using them.");
        QStringList first;
        for (const Finding& fd : p.findings)
            if (fd.severity == Severity::Error && first.size() < 3)
                first << QString::fromStdString(fd.message).toHtmlEscaped();
        html += QStringLiteral("<table width='100%' cellpadding='10' bgcolor='%1'><tr><td style='color:%2'>"
                               "<b style='font-size:12pt'>⚠ %3</b><br>%4<ul style='margin:4px 0 0 0'><li>%5</li></ul>"
                               "</td></tr></table>")
                    .arg(errorFillColour(pal).name(), QStringLiteral("#ffffff"),
                         tr("Not buildable: %n error(s)", nullptr, errors),
                         tr("The figures below describe a fabric that cannot be built as specified; fix the errors "
                            "listed under Checks before using them."),
                         first.join(QStringLiteral("</li><li>")));
    }

    // Key figures as cards (cardsHtml), between the head and the rest of the page.
    m_cardStyle = CardStyle{card, errors ? errorColour(pal).name() : accent, muted, errors ? muted : text,
                            errors ? notBuildableMark(pal) : QString(), errors == 0};
    m_pageHead = html;
    html.clear();

    // Tiers; with per-tier switch models, each tier's model in a column of its own.
    html += tr("<h3>Switch tiers</h3>");
    const bool tiersDiffer = !p.hardware.oneSwitchOnEveryTier(p.fabric.shape.tiers);
    html += QStringLiteral("<table cellspacing='0' cellpadding='5' width='100%' style='border-collapse:collapse'>"
                           "<tr bgcolor='%1'><th align='left'>%2</th>%7<th align='right'>%3</th><th align='right'>%4</th>"
                           "<th align='right'>%5</th><th align='right'>%6</th></tr>")
                .arg(card, tr("Tier"), tr("Switches"), tr("Ports used"), tr("Ports total"), tr("Utilisation"),
                     tiersDiffer ? QStringLiteral("<th align='left'>%1</th>").arg(tr("Switch")) : QString());
    for (const TierUsage& u : p.fabric.usage()) {
        QString model;
        if (tiersDiffer) {
            const SwitchModel& sw = p.hardware.switchOf(u.tier);
            model = QStringLiteral("<td>%1<br><span style='color:%2; font-size:9pt'>%3</span></td>")
                        .arg(QString::fromStdString(sw.partNumber).toHtmlEscaped(), muted,
                             QString::fromStdString(modelNameOf(sw)).toHtmlEscaped());
        }
        html += QStringLiteral("<tr><td>%1</td>%6<td align='right'>%2</td><td align='right'>%3</td><td align='right'>%4</td>"
                               "<td align='right'>%5 %</td></tr>")
                    .arg(tierName(u.tier), count(u.switches), count(u.portsUsed), count(u.portsTotal))
                    .arg(u.utilisation() * 100.0, 0, 'f', 1)
                    .arg(model);
    }
    html += QStringLiteral("</table>");

    // Links per class with their media mix.
    html += tr("<h3>Links</h3>");
    html += QStringLiteral("<table cellspacing='0' cellpadding='5' width='100%'><tr bgcolor='%1'><th align='left'>%2</th>"
                           "<th align='right'>%3</th><th align='right'>%4</th><th align='left'>%5</th></tr>")
                .arg(card, tr("Class"), tr("Links"), tr("Speed"), tr("Media"));
    for (int c = 0; c < kLinkClassCount; ++c) {
        const long long n = tallies.of(LinkClass(c));
        if (!n) continue;
        QStringList mix;
        for (const LinkSolution& s : p.media.solutions)
            if (s.cls == LinkClass(c)) {
                // Each item whole ("Multimode 15.0 m"), the list breaking only after its commas.
                const QString item = unbrokenFigure(QStringLiteral("%1 %2 m").arg(mediaName(s.media)).arg(s.orderLengthM, 0, 'f', 1));
                if (!mix.contains(item)) mix << item;
            }
        if (mix.size() > 6) mix = mix.mid(0, 6) << QStringLiteral("…");
        // Each class at its own speed: the hosts' and the fabric's (FabricShape::gbpsOf).
        html += QStringLiteral("<tr><td>%1</td><td align='right'>%2</td><td align='right'>%3</td><td>%4</td></tr>")
                    .arg(linkClassName(LinkClass(c)), count(n), unbrokenFigure(QStringLiteral("%1 Gb/s").arg(p.fabric.shape.gbpsOf(LinkClass(c)))),
                         mix.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    html += QStringLiteral("</table>");

    // Site: the halls of a floor of several (layout README "Halls", "Sites"), as the CLI summary's "site:".
    if (const Layout& l = p.layout; l.halls > 1) {
        const SitePlacement& site = l.site;
        const bool buildings = site.buildings() > 1;
        html += tr("<h3>Site</h3>");
        html += QStringLiteral("<p>%1 · %2 × %3 m</p>")
                    .arg(buildings ? tr("%1 halls in %2 buildings").arg(l.halls).arg(site.buildings()) : tr("%1 halls").arg(l.halls))
                    .arg(QString::fromStdString(formatMetres(l.floorWidthM)), QString::fromStdString(formatMetres(l.floorDepthM)));
        html += QStringLiteral("<table cellspacing='0' cellpadding='5' width='100%'><tr bgcolor='%1'><th align='left'>%2</th>%3"
                               "<th align='right'>%4</th><th align='right'>%5</th></tr>")
                    .arg(card, tr("Hall"), buildings ? QStringLiteral("<th align='left'>%1</th>").arg(tr("Building")) : QString(),
                         tr("Rows"), tr("Pods"));
        constexpr int kHallsShown = 40;  // a 123-hall site lists its first halls; the floor view shows them all
        for (int h = 0; h < l.halls && h < kHallsShown; ++h) {
            const std::size_t i = std::size_t(h);
            const QString rows = site.hallRowsCapacity[i] > 0 ? tr("%1 of %2").arg(count(site.hallRowsUsed[i]), count(site.hallRowsCapacity[i]))
                                                              : count(site.hallRowsUsed[i]);
            html += QStringLiteral("<tr><td>%1</td>%2<td align='right'>%3</td><td align='right'>%4</td></tr>")
                        .arg(QString::fromStdString(site.hallName(h)).toHtmlEscaped(),
                             buildings ? QStringLiteral("<td>%1</td>").arg(QString::fromStdString(site.buildingNames[std::size_t(site.hallBuilding[i])]).toHtmlEscaped())
                                       : QString(),
                             rows, site.hallPods[i] > 0 ? count(site.hallPods[i]) : QStringLiteral("–"));
        }
        html += QStringLiteral("</table>");
        if (l.halls > kHallsShown) html += QStringLiteral("<p>%1</p>").arg(tr("… and %1 more halls (Floor tab)").arg(l.halls - kHallsShown));
    }

    // Flow control: each tier's worst switch against its buffer (PFC fabrics), or why the fabric needs no
    // headroom; the CLI summary's "lossless:" lines, from the same analysis (Plan::lossless).
    QStringList flowControl;
    for (const std::string& line : lossless::summaryLines(p.lossless)) flowControl << QString::fromStdString(line).toHtmlEscaped();
    if (!flowControl.isEmpty())
        html += tr("<h3>Flow control</h3><ul><li>%1</li></ul>").arg(flowControl.join(QStringLiteral("</li><li>")));

    QStringList notes;
    if (const SummaryFigure* months = fig("months.stable"))
        notes << tr("Expect about %1 from first power-on to a stable production fabric (estimate).")
                     .arg(months->value.toHtmlEscaped());
    if (p.bom.linesWithoutLeadTime() == static_cast<int>(p.bom.lines.size()))
        notes << tr("No lead times in the catalog: import quotes with a lead_time_days column (Tools → Parts catalog → "
                    "Import price list) to see procurement's critical path.");
    else
        notes << tr("Longest lead time %1; no lead time for %n BOM line(s).", nullptr, p.bom.linesWithoutLeadTime())
                     .arg(fig("lead.longest")->value);
    for (const BomLine& l : p.bom.lines)
        if (l.category == BomCategory::Nics && !l.includedWith.empty())
            notes << tr("The %1 NICs built into %2 (%3) are listed in the BOM at no price: the system's price "
                        "includes them, so they are outside the network capex.")
                         .arg(count(l.qty), QString::fromStdString(l.includedWith).toHtmlEscaped(),
                              QString::fromStdString(l.part).toHtmlEscaped());
    for (const std::string& n : p.fabric.notes) notes << QString::fromStdString(n).toHtmlEscaped();
    for (const std::string& n : p.estimates.notes) notes << QString::fromStdString(n).toHtmlEscaped();
    if (!notes.isEmpty())
        html += tr("<h3>How these figures were made</h3><ul style='color:%1'><li>%2</li></ul>")
                    .arg(muted, notes.join(QStringLiteral("</li><li>")));
    html += QStringLiteral("</body></html>");
    m_pageTail = html;
    render();
}

namespace {

const std::vector<const char*> kComputeCardKeys = {"gpus", "switches.total", "links.total", "tiers", "capex.total", "capex.per_gpu",
                                                   "power.kw", "tco", "latency", "busbw", "bisection", "tuning.weeks"};
const std::vector<const char*> kNetworkCardKeys = {"gpus", "switches.total", "links.total", "tiers",
                                                   "capex.total", "capex.per_port", "power.kw", "power.max_kw"};

} // namespace

const NetworkPlan* SummaryView::viewedOtherNetwork() const
{
    if (!m_cluster || m_viewedNetwork <= 0 || m_viewedNetwork >= int(m_cluster->networks.size())) return nullptr;
    return &m_cluster->networks[std::size_t(m_viewedNetwork)];
}

const std::vector<const char*>& SummaryView::cardKeys() const
{
    return viewedOtherNetwork() ? kNetworkCardKeys : kComputeCardKeys;
}

void asEndpointNetwork(std::vector<SummaryFigure>& figures, const NetworkPlan& network)
{
    static const QStringList kComputeOnly = {QStringLiteral("capex.per_gpu"), QStringLiteral("tco"),
                                             QStringLiteral("latency"),       QStringLiteral("busbw"),
                                             QStringLiteral("bisection"),     QStringLiteral("tuning.weeks"),
                                             QStringLiteral("months.stable")};
    std::erase_if(figures, [](const SummaryFigure& f) { return kComputeOnly.contains(f.key); });
    double capex = 0;
    bool estimated = false;
    for (SummaryFigure& f : figures) {
        if (f.key == QLatin1String("gpus")) {
            f.label = QObject::tr("Endpoint ports");
            f.number = double(network.endpointPorts);
            f.value = QLocale(QLocale::English).toString(network.endpointPorts);
        }
        if (f.key == QLatin1String("capex.total")) {
            capex = f.number;
            estimated = f.estimated;
        }
    }
    const double perPort = network.endpointPorts ? capex / double(network.endpointPorts) : 0.0;
    figures.push_back(SummaryFigure{QStringLiteral("capex.per_port"), QObject::tr("Capex per port"), formatUsd(perPort),
                                    perPort, estimated});
}

int SummaryView::keyFigureWidthPx() const
{
    // Four cards across the page, 8 px apart and from its edges, each with 10 px padding and a 3 px bar.
    // The page as if the scroll bar were shown: a long summary shows it, and the cards are then narrower.
    const double page = width() - 2 * frameWidth() - verticalScrollBar()->sizeHint().width() -
                        2 * document()->documentMargin();
    return int((page - 5 * 8) / 4) - 2 * 10 - 3;
}

std::vector<int> SummaryView::cardPointSizes() const
{
    std::vector<int> sizes;
    const int width = keyFigureWidthPx();
    for (const char* key : cardKeys())
        if (const SummaryFigure* f = findFigure(m_figures, QString::fromLatin1(key)))
            sizes.push_back(keyFigurePointSize(f->value, width));
    return sizes;
}

void SummaryView::render()
{
    m_cardSizes = cardPointSizes();
    // Four per row; with errors, each is marked and muted.
    QString html = QStringLiteral("<table width='100%' cellspacing='8' cellpadding='10'>");
    int i = 0;
    for (const char* key : cardKeys()) {
        const SummaryFigure* f = findFigure(m_figures, QString::fromLatin1(key));
        if (!f) continue;
        const CardStyle& c = m_cardStyle;
        if (i % 4 == 0) html += QStringLiteral("<tr>");
        html += QStringLiteral("<td width='25%' bgcolor='%1' style='border-left: 3px solid %2'>"
                               "<span style='color:%3; font-size:9pt'>%4</span>%5<br>"
                               "<span style='font-size:%9pt; font-weight:600; color:%7'>%6</span>%8</td>")
                    .arg(c.fill, c.bar, c.label, f->label.toHtmlEscaped(), c.badges ? badge(f->estimated) : QString(),
                         unbrokenFigure(f->value).toHtmlEscaped(), c.figure)
                    .arg(f->key != QLatin1String("gpus") ? c.mark : QString())  // GPUs, the input, is left alone
                    .arg(m_cardSizes[std::size_t(i)]);
        if (i % 4 == 3) html += QStringLiteral("</tr>");
        ++i;
    }
    if (i % 4) html += QStringLiteral("</tr>");
    html += QStringLiteral("</table>");
    setHtml(m_pageHead + html + m_pageTail);
}

void SummaryView::resizeEvent(QResizeEvent* event)
{
    QTextBrowser::resizeEvent(event);
    // Wider or narrower cards: the figures take the size that fits them on one line.
    if (!m_pageHead.isEmpty() && cardPointSizes() != m_cardSizes) render();
}

QString unbrokenFigure(const QString& value)
{
    QString out;
    out.reserve(value.size() * 2);
    for (const QChar c : value) {
        if (c == QLatin1Char(' ')) {
            out += QChar(0x00A0);  // no-break space
            continue;
        }
        out += c;
        if (c == QLatin1Char('/') || c == QLatin1Char(',') || c == QLatin1Char('-') || c == QChar(0x2013))
            out += QChar(0x2060);  // word joiner: no break after it
    }
    return out;
}

QString catalogDisplayName(const QString& path)
{
    if (path.isEmpty()) return QObject::tr("the catalog");
    const auto same = [&path](const std::string& other) {
        if (other.empty()) return false;
        const QFileInfo a(path), b(QString::fromStdString(other));
        return a.exists() && b.exists() ? a.canonicalFilePath() == b.canonicalFilePath() : a.absoluteFilePath() == b.absoluteFilePath();
    };
    if (same(bundledCatalogPath())) return QObject::tr("the bundled catalog");
    if (same(userCatalogPath())) return QObject::tr("your catalog copy");
    return QFileInfo(path).fileName();
}

int keyFigurePointSize(const QString& value, int widthPx)
{
    // The card's figure font: the view's, semi-bold (font-weight 600) at the size chosen.
    QFont font = QGuiApplication::font();
    font.setWeight(QFont::DemiBold);
    for (int points : {16, 13, 11, 10}) {
        font.setPointSize(points);
        if (QFontMetrics(font).horizontalAdvance(value) <= widthPx) return points;
    }
    return 9;
}

} // namespace fp::gui
