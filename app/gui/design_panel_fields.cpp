// DesignPanel::build(): every spec field, grouped as a network architect reads a design.
#include "design_panel.h"

#include "design_panel_editors.h"
#include "networks_editor.h"
#include "site_editor.h"

namespace fp::gui {

using detail::partLabel;

namespace {

// The catalog's source named `typed`: exactly, else the one that matches ignoring case. One pass over
// the quotes (a few ms with 200,000 sources), run when a name is typed, never per edit.
template <typename Visit>
bool anyQuote(const Catalog& catalog, const Visit& visit)
{
    const auto scan = [&](const auto& models) {
        for (const PartBase& m : models)
            for (const PriceQuote& q : m.prices)
                if (visit(q)) return true;
        return false;
    };
    return scan(catalog.transceivers) || scan(catalog.cables) || scan(catalog.switches) || scan(catalog.nics) ||
           scan(catalog.patchPanels);
}

bool hasPriceSource(const Catalog& catalog, const std::string& name)
{
    return anyQuote(catalog, [&name](const PriceQuote& q) { return q.source == name; });
}

// The catalog's source named `typed`: exactly, else the one that matches ignoring case. Passes over the
// quotes (a few ms with 200,000 sources), run when a name is typed, never per edit.
DesignPanel::PartSearch findPriceSource(const Catalog& catalog, const QString& typed)
{
    const std::string exact = typed.toStdString();
    if (hasPriceSource(catalog, exact)) return {exact, {}};
    const auto lower = [](unsigned char c) { return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : int(c); };
    std::vector<std::string> caseless;  // ignoring the case of ASCII letters (no allocation per quote)
    anyQuote(catalog, [&](const PriceQuote& q) {
        if (std::equal(q.source.begin(), q.source.end(), exact.begin(), exact.end(),
                       [&lower](char a, char b) { return lower((unsigned char)a) == lower((unsigned char)b); }) &&
            std::find(caseless.begin(), caseless.end(), q.source) == caseless.end())
            caseless.push_back(q.source);
        return false;
    });
    if (caseless.size() == 1) return {caseless.front(), {}};
    return {std::nullopt, QObject::tr("no price source named '%1' in the catalog").arg(typed)};
}

} // namespace

// The quote source of the 'Named source' policy. A price list may name 200,000 sources (issue 42): the
// list holds those the Prices tab shows (every source up to 50; past that the most relevant to this plan,
// plan/optics_prices.h) and the current one; any other is typed. Filled from the plan worker's
// aggregation: an edit costs at most one exact-name pass over the quotes (the current source when it is
// not listed), where it used to sort every source name and fill the list with all of them.
void DesignPanel::addPriceSource(QFormLayout* f)
{
    auto listed = std::make_shared<QStringList>();
    const auto listedNow = [this] {
        QStringList names;
        if (const auto prices = m_document->opticsPrices())
            for (const PriceSourceTotal& s : prices->sources) names << QString::fromStdString(s.name);
        const QString current = QString::fromStdString(m_document->spec().economics.priceSource);
        if (!current.isEmpty() && !names.contains(current)) {
            const auto catalog = m_document->catalog();
            if (catalog && hasPriceSource(*catalog, current.toStdString())) names << current;
        }
        names.sort();
        return names;
    };
    addPart(f, fields::priceSource,
            tr("The quote source used by the 'Named source' policy. Type any source's name; the list shows the "
               "sources of the Prices tab."),
            [this, listed, listedNow] {
                *listed = listedNow();
                std::vector<std::pair<QString, QString>> out{{QString(), tr("(none)")}};
                for (const QString& name : *listed) out.emplace_back(name, name);
                return out;
            },
            [this](const QString& typed) -> PartSearch {
                if (typed.isEmpty() || typed == tr("(none)")) return {std::string(), {}};
                const auto catalog = m_document->catalog();
                if (!catalog) return {std::nullopt, tr("no catalog is loaded")};
                return findPriceSource(*catalog, typed);
            });
    // The list follows the plan: reload it when a plan brings other sources (not while one is typed).
    connect(m_document, &Document::planReady, this, [this, listed, listedNow] {
        Binding* b = bindingFor(QString::fromLatin1(fields::priceSource.path));
        if (b && b->load && !b->pending && listedNow() != *listed) b->load();
    });
}

void DesignPanel::build()
{
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(6, 6, 6, 6);
    m_layout->setSpacing(8);

    // --- Compute
    QFormLayout* f = addGroup(tr("Compute"));
    {
        auto* name = new QLineEdit(this);
        Binding& b = bind(fields::name, name, tr("A name for this design; printed on every export."), f);
        b.load = [this, name] {
            const QSignalBlocker block(name);
            if (name->text().toStdString() != m_document->spec().name)
                name->setText(QString::fromStdString(m_document->spec().name)), name->setCursorPosition(0);
        };
        connect(name, &QLineEdit::editingFinished, this, [this, name] {
            propose(fields::name, name->text().toStdString(), 0, tr("Rename design"));
        });
    }
    addPlatform(f);
    addInt(f, fields::gpus,
           tr("Total GPUs in the cluster. With one NIC per GPU (the DGX pattern) this is also the number of "
              "scale-out endpoints per plane."), 0, kMaxGpus);
    addInt(f, fields::gpusPerNode,
           tr("GPUs in one server (8 for HGX/DGX H100/B200/B300)."), 0, kMaxGpusPerNode);
    addInt(f, fields::nicsPerNode,
           tr("Scale-out NICs per server; each NIC is one rail (8 on DGX: one ConnectX per GPU)."), 0, kMaxNicsPerNode);
    addPart(f, fields::nic,
            tr("The scale-out NIC/HCA from the catalog; sets the port speed and cage (OSFP flat-top on "
               "ConnectX-7/8)."), [this] {
                std::vector<std::pair<QString, QString>> out;
                if (auto c = m_document->catalog())
                    for (const NicModel& n : c->nics)
                        if (speaksFabric(n.protocol, m_document->spec().fabric))
                            out.emplace_back(QString::fromStdString(n.partNumber), partLabel(n));
                return out;
            },
            [this](const QString& typed) -> PartSearch {
                auto catalog = m_document->catalog();
                if (!catalog || typed.isEmpty()) return {std::nullopt, tr("type a NIC name, e.g. C8180")};
                return detail::searchPart(catalog->nics, m_document->spec().fabric, typed,
                                          [](const std::vector<NicModel>& v, std::string_view t) { return matchNic(v, t); },
                                          tr("NIC"));
            },
            [this](const std::string& part) { return Command::chooseNic(m_document, part); });
    addLinkSpeed(f);

    // --- Fabric
    f = addGroup(tr("Fabric"));
    addTechnology(f);
    addPart(f, fields::switchModel,
            tr("Leaf/spine/core switch from the catalog, filtered by the technology's protocol. Its radix at "
               "the link speed sets the size of each tier."), [this] {
                std::vector<std::pair<QString, QString>> out;
                if (auto c = m_document->catalog())
                    for (const SwitchModel& sw : c->switches)
                        if (!sw.generic && speaksFabric(sw.protocol, m_document->spec().fabric))
                            out.emplace_back(QString::fromStdString(sw.partNumber), partLabel(sw));
                return out;
            },
            switchFinder(false), [this](const std::string& part) { return Command::chooseSwitch(m_document, part); });
    addTierSwitches(f);
    addBool(f, fields::dualTor,
            tr("Each NIC's ports go to two different leaves (dual-homed hosts, dual ToR): a leaf can fail or be "
               "upgraded without cutting a server off."));
    // Its full name was the panel's widest label, and the dock's width (so the tabs' room at 1024 px)
    // followed it: the row says it shorter, its tooltip and every message the full name.
    if (auto* label = qobject_cast<QLabel*>(f->labelForField(editorFor(QString::fromLatin1(fields::dualTor.path)))))
        label->setText(tr("Dual ToR (dual-homed)"));
    addEnum<int>(f, fields::fabricGbps,
                 tr("Speed of the leaf-spine and spine-core links when it differs from the host links' (e.g. "
                    "200G NIC ports under 400G uplinks, as Alibaba HPN builds it; 400G hosts under 800G): a leaf "
                    "cage then carries host ports at the host speed or uplinks at this one. 'Host speed' runs "
                    "every link at the link speed."),
                 std::vector<std::pair<int, QString>>{{0, tr("Host speed")},
                                                      {200, QStringLiteral("200 Gb/s")},
                                                      {400, QStringLiteral("400 Gb/s")},
                                                      {800, QStringLiteral("800 Gb/s")}});
    addInt(f, fields::genericRadix,
           tr("What-if study: a generic switch with this many ports at the link speed instead of the catalog "
              "model. Off uses the switch model."), 0, kMaxRadix, tr("Off"));
    addEnum<int>(f, fields::tiers,
                 tr("Switch tiers: 1 = a single switch, 2 = leaf-spine, 3 = fat-tree with a core tier. Auto "
                    "picks the fewest tiers that fit."),
                 std::vector<std::pair<int, QString>>{
                     {0, tr("Auto")}, {1, tr("1 (single switch)")}, {2, tr("2 (leaf-spine)")}, {3, tr("3 (fat-tree)")}});
    addBool(f, fields::railOptimized,
            tr("NIC n of every node in a scalable unit goes to leaf n (rail n), as in NVIDIA SuperPOD: "
               "same-rail traffic stays one hop."));
    addInt(f, fields::suNodes,
           tr("Nodes per scalable unit (32 in the DGX SuperPOD reference architecture)."), 0, 4096);
    addInt(f, fields::planes,
           tr("Independent parallel fabrics; each NIC port splits into one port per plane (multi-plane "
              "designs cut tiers and optics)."), 0, kMaxPlanes);
    addRatio(f, fields::leafOversubscription,
             tr("DOWN:UP ports at the leaf. 1:1 is non-blocking (AI training norm); 2:1 halves the spine tier."));
    addRatio(f, fields::spineOversubscription,
             tr("DOWN:UP ports at the spine; used by three-tier fabrics only."));

    // --- Networks: the cluster's other networks, a list edited in a dialog (networks_editor.h)
    f = addGroup(tr("Networks"));
    f->addRow(new NetworksEditor(m_document, this));

    // --- Floor
    f = addGroup(tr("Floor"));
    addInt(f, fields::racksPerRow,
           tr("Compute racks in one row; network racks are added at the row end or middle."), 0, 200);
    addInt(f, fields::nodesPerRack,
           tr("Upper bound of servers per rack; the rack power budget may lower it."), 0, 64);
    addDouble(f, fields::rackPowerBudgetKw,
              tr("Power available per rack. A DGX B300 SuperPOD rack runs about 56 kW; air-cooled rooms "
                 "often allow 15-40 kW."), 0, 1000, 1);
    addDouble(f, fields::nodePowerKw,
              tr("Maximum draw of one GPU server (DGX H100 ≈ 10.2 kW, DGX B200 ≈ 14.3 kW)."), 0, 200, 1);
    addEnum<LeafPlacement>(f, fields::leafPlacement,
                           tr("Where leaf switches stand: a network rack at the end or the middle of each "
                              "row, or in the compute racks (shortest host links, copper)."),
                           std::vector<std::pair<LeafPlacement, QString>>{
                               {LeafPlacement::EndOfRow, tr("End of row")},
                               {LeafPlacement::MiddleOfRow, tr("Middle of row")},
                               {LeafPlacement::InRack, tr("In rack")}});
    addEnum<SpinePlacement>(f, fields::spinePlacement,
                            tr("Spines (and cores) in a central network room or at row ends."),
                            std::vector<std::pair<SpinePlacement, QString>>{
                                {SpinePlacement::CentralRoom, tr("Central room")},
                                {SpinePlacement::EndOfRow, tr("End of row")}});
    addDouble(f, fields::spineRoomDistanceM,
              tr("Cable-tray distance from the end of row 1 to the spine room; drives leaf-spine cable "
                 "lengths and whether copper or multimode still reaches."), 0, 40000, 1);  // to 40 km: a spine room in another building (LR reaches 10 km)
    addDouble(f, fields::rowPitchM,
              tr("Centre-to-centre distance between rows (rack depth plus the aisle)."), 0, 50, 1, 0.1);
    addDouble(f, fields::slackPerEndM,
              tr("Service loop added at each end of every cable."), 0, 10, 1, 0.1);
    f->addRow(tr("Site"), new SiteEditor(m_document, this));  // halls and buildings (site_editor.h)

    // --- Media policy
    f = addGroup(tr("Media policy"));
    addEnum<MediaObjective>(f, fields::mediaObjective,
                            tr("Pick the cheapest parts that reach, or the lowest-power ones (copper and "
                               "linear optics first)."),
                            std::vector<std::pair<MediaObjective, QString>>{
                                {MediaObjective::LowestCost, tr("Lowest cost")},
                                {MediaObjective::LowestPower, tr("Lowest power")}});
    addBool(f, fields::preferCopperInRack,
            tr("Use passive DAC where it reaches (≈ 2-3 m at 400G/800G): no optics power, no failures."));
    addBool(f, fields::allowThirdPartyOptics,
            tr("Off: every module and cable is the switch's or NIC's vendor's own part (white-box switches and NICs "
               "whose vendor sells no optics take third-party ones either way). On: third-party parts too; "
               "generic ones are listed as \"Generic, quote needed\"."));
    addEnum<FiberType>(f, fields::multimodeFiber,
                       tr("Installed multimode grade. SR4/SR8 reach at 100G/lane: OM3 ≈ 60 m, OM4/OM5 ≈ 100 m "
                          "(vendor datasheets)."),
                       std::vector<std::pair<FiberType, QString>>{{FiberType::OM3, QStringLiteral("OM3")},
                                                                  {FiberType::OM4, QStringLiteral("OM4")},
                                                                  {FiberType::OM5, QStringLiteral("OM5")}});

    // --- Economics
    f = addGroup(tr("Economics"));
    addDouble(f, fields::labourUsdPerHour,
              tr("Loaded hourly cost of a network engineer; prices the bring-up and tuning effort (estimate)."), 0, 2000, 0, 5);
    addDouble(f, fields::skillFactor,
              tr("> 1 where lossless-Ethernet (PFC/ECN/DCQCN) tuning skills are scarce; scales tuning effort."), 0, 10, 2, 0.1);
    addDouble(f, fields::powerUsdPerKwh,
              tr("Electricity price used for the network's energy cost."), 0, 5, 3, 0.01);
    addDouble(f, fields::pue,
              tr("Power usage effectiveness: facility power / IT power (1.1 liquid-cooled to 1.6 legacy)."), 0, 5, 2, 0.05);
    addInt(f, fields::horizonYears,
           tr("Years of operation the TCO covers."), 0, 30);
    addDouble(f, fields::sparesOptics,
              tr("Spare transceivers and cables, as a share of those installed."), 0, 100, 1, 0.5);
    addInt(f, fields::spareSwitchPerN,
           tr("One spare switch per this many installed (None = no spare switches)."), 0, 1000, tr("None"));
    addBool(f, fields::includeNics,
            tr("Count NICs/HCAs in the network capex (they often come with the servers)."));
    addEnum<PricePolicy>(f, fields::pricePolicy,
                         tr("Which price each part uses: the cheapest qualified quote, a named source's quote, "
                            "or OEM parts only. No public list prices exist: catalog prices are estimates."),
                         std::vector<std::pair<PricePolicy, QString>>{
                             {PricePolicy::CheapestQualified, tr("Cheapest qualified")},
                             {PricePolicy::NamedSource, tr("Named source")},
                             {PricePolicy::OemOnly, tr("OEM only")}});
    addPriceSource(f);

    // --- Workload
    f = addGroup(tr("Workload"));
    addDouble(f, fields::commToComputePct,
              tr("Share of a training step spent in communication. Above ≈ 20 % the fabric's tail latency "
                 "and congestion control decide throughput; this drives the advice."), 0, 100, 1);
    addDouble(f, fields::modelParamsBillion,
              tr("Parameters of the model trained, for the estimate of the communication share."), 0, 100000, 0);

    // --- Lossless (RoCE and Spectrum-X; InfiniBand and UEC ignore these: core/lossless/README.md)
    f = addGroup(tr("Lossless Ethernet"));
    addInt(f, fields::losslessPriority,
           tr("802.1p priority PFC protects (RoCE data). NVIDIA's RoCE default: 3. Priority 0 is refused: every "
              "unmarked flow could pause the fabric."), 0, 7);
    addInt(f, fields::cnpPriority,
           tr("Priority of congestion notification packets, strict. Default 6; never the lossless priority."), 0, 7);
    addInt(f, fields::roceDscp, tr("DSCP marking of RoCE data (default 26)."), 0, 63);
    addInt(f, fields::cnpDscp, tr("DSCP marking of CNPs (default 48, SONiC's map to priority 6)."), 0, 63);
    addInt(f, fields::portMtu,
           tr("Switch port MTU in bytes. At least 4,156 to carry a 4,096-byte RoCE packet; 9,216 is the usual "
              "jumbo MTU and what SONiC's headroom tables assume."), 1280, 16384);
    addInt(f, fields::losslessPriorities,
           tr("Priorities given their own PFC headroom on every port (1 or 2): each one more multiplies the "
              "headroom a switch reserves."), 1, 8);
    addDouble(f, fields::bufferMbOverride,
              tr("Every switch's packet buffer in MB, for a what-if; \"ASIC's\" = the catalog's figure for the "
                 "switch's chip (fabricplan-cli catalog list asics)."),
              0, 100000, 0, 1, tr("ASIC's"));
    m_layout->addStretch(1);

    // One label column width for every group, so the fields line up down the whole panel.
    int widest = 0;
    for (QLabel* l : m_labels) widest = std::max(widest, l->sizeHint().width());
    for (QLabel* l : m_labels) l->setMinimumWidth(widest);
}


} // namespace fp::gui
