// DesignPanel::build(): every spec field, grouped as a network architect reads a design.
#include "design_panel.h"

#include "design_panel_editors.h"

namespace fp::gui {

using detail::partLabel;
using detail::speaks;

void DesignPanel::build()
{
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(6, 6, 6, 6);
    m_layout->setSpacing(8);

    // --- Compute
    QFormLayout* f = addGroup(tr("Compute"));
    {
        auto* name = new QLineEdit(this);
        Binding& b = bind(QStringLiteral("/name"), name, tr("A name for this design; printed on every export."),
                          f, tr("Name"));
        b.load = [this, name] {
            const QSignalBlocker block(name);
            if (name->text().toStdString() != m_document->spec().name)
                name->setText(QString::fromStdString(m_document->spec().name)), name->setCursorPosition(0);
        };
        connect(name, &QLineEdit::editingFinished, this, [this, name] {
            pushSpecChange<std::string>(m_document, QStringLiteral("/name"),
                                        [](ClusterSpec& s) -> std::string& { return s.name; },
                                        name->text().toStdString(), tr("Rename design"));
        });
    }
    addPlatform(f);
    addInt(f, tr("GPUs"), QStringLiteral("/compute/gpus"),
           tr("Total GPUs in the cluster. With one NIC per GPU (the DGX pattern) this is also the number of "
              "scale-out endpoints per plane."),
           [](ClusterSpec& s) -> int& { return s.gpus; }, 0, kMaxGpus);
    addInt(f, tr("GPUs per node"), QStringLiteral("/compute/gpus_per_node"),
           tr("GPUs in one server (8 for HGX/DGX H100/B200/B300)."),
           [](ClusterSpec& s) -> int& { return s.gpusPerNode; }, 0, kMaxGpusPerNode);
    addInt(f, tr("NICs per node"), QStringLiteral("/compute/nics_per_node"),
           tr("Scale-out NICs per server; each NIC is one rail (8 on DGX: one ConnectX per GPU)."),
           [](ClusterSpec& s) -> int& { return s.nicsPerNode; }, 0, kMaxNicsPerNode);
    addPart(f, tr("NIC model"), QStringLiteral("/compute/nic"),
            tr("The scale-out NIC/HCA from the catalog; sets the port speed and cage (OSFP flat-top on "
               "ConnectX-7/8)."),
            [](ClusterSpec& s) -> std::string& { return s.nicModel; }, [this] {
                std::vector<std::pair<QString, QString>> out;
                if (auto c = m_document->catalog())
                    for (const NicModel& n : c->nics)
                        if (speaks(n.protocol, m_document->spec().fabric))
                            out.emplace_back(QString::fromStdString(n.partNumber), partLabel(n));
                return out;
            });
    addLinkSpeed(f);

    // --- Fabric
    f = addGroup(tr("Fabric"));
    addTechnology(f);
    addPart(f, tr("Switch model"), QStringLiteral("/fabric/switch"),
            tr("Leaf/spine/core switch from the catalog, filtered by the technology's protocol. Its radix at "
               "the link speed sets the size of each tier."),
            [](ClusterSpec& s) -> std::string& { return s.switchModel; }, [this] {
                std::vector<std::pair<QString, QString>> out;
                if (auto c = m_document->catalog())
                    for (const SwitchModel& sw : c->switches)
                        if (!sw.generic && speaks(sw.protocol, m_document->spec().fabric))
                            out.emplace_back(QString::fromStdString(sw.partNumber), partLabel(sw));
                return out;
            });
    addInt(f, tr("Generic radix"), QStringLiteral("/fabric/generic_radix"),
           tr("What-if study: a generic switch with this many ports at the link speed instead of the catalog "
              "model. Off uses the switch model."),
           [](ClusterSpec& s) -> int& { return s.genericRadix; }, 0, kMaxRadix, tr("ports"), tr("Off"));
    addEnum<int>(f, tr("Tiers"), QStringLiteral("/fabric/tiers"),
                 tr("Switch tiers: 1 = a single switch, 2 = leaf-spine, 3 = fat-tree with a core tier. Auto "
                    "picks the fewest tiers that fit."),
                 [](ClusterSpec& s) -> int& { return s.tiers; },
                 std::vector<std::pair<int, QString>>{
                     {0, tr("Auto")}, {1, tr("1 (single switch)")}, {2, tr("2 (leaf-spine)")}, {3, tr("3 (fat-tree)")}});
    addBool(f, tr("Rail-optimized"), QStringLiteral("/fabric/rail_optimized"),
            tr("NIC n of every node in a scalable unit goes to leaf n (rail n), as in NVIDIA SuperPOD: "
               "same-rail traffic stays one hop."),
            [](ClusterSpec& s) -> bool& { return s.railOptimized; });
    addInt(f, tr("SU size"), QStringLiteral("/fabric/su_nodes"),
           tr("Nodes per scalable unit (32 in the DGX SuperPOD reference architecture)."),
           [](ClusterSpec& s) -> int& { return s.suNodes; }, 0, 4096, tr("nodes"));
    addInt(f, tr("Planes"), QStringLiteral("/fabric/planes"),
           tr("Independent parallel fabrics; each NIC port splits into one port per plane (multi-plane "
              "designs cut tiers and optics)."),
           [](ClusterSpec& s) -> int& { return s.planes; }, 0, kMaxPlanes);
    addRatio(f, tr("Leaf oversubscription"), QStringLiteral("/fabric/leaf_oversubscription"),
             tr("DOWN:UP ports at the leaf. 1:1 is non-blocking (AI training norm); 2:1 halves the spine tier."),
             [](ClusterSpec& s) -> Ratio& { return s.leafOversubscription; });
    addRatio(f, tr("Spine oversubscription"), QStringLiteral("/fabric/spine_oversubscription"),
             tr("DOWN:UP ports at the spine; used by three-tier fabrics only."),
             [](ClusterSpec& s) -> Ratio& { return s.spineOversubscription; });

    // --- Floor
    f = addGroup(tr("Floor"));
    addInt(f, tr("Racks per row"), QStringLiteral("/floor/racks_per_row"),
           tr("Compute racks in one row; network racks are added at the row end or middle."),
           [](ClusterSpec& s) -> int& { return s.floor.racksPerRow; }, 0, 200);
    addInt(f, tr("Nodes per rack"), QStringLiteral("/floor/nodes_per_rack"),
           tr("Upper bound of servers per rack; the rack power budget may lower it."),
           [](ClusterSpec& s) -> int& { return s.floor.nodesPerRack; }, 0, 64);
    addDouble(f, tr("Rack power budget"), QStringLiteral("/floor/rack_power_budget_kw"),
              tr("Power available per rack. A DGX B300 SuperPOD rack runs about 56 kW; air-cooled rooms "
                 "often allow 15-40 kW."),
              [](ClusterSpec& s) -> double& { return s.floor.rackPowerBudgetKw; }, 0, 1000, 1, tr("kW"));
    addDouble(f, tr("Node power"), QStringLiteral("/floor/node_power_kw"),
              tr("Maximum draw of one GPU server (DGX H100 ≈ 10.2 kW, DGX B200 ≈ 14.3 kW)."),
              [](ClusterSpec& s) -> double& { return s.floor.nodePowerKw; }, 0, 200, 1, tr("kW"));
    addEnum<LeafPlacement>(f, tr("Leaf placement"), QStringLiteral("/floor/leaf_placement"),
                           tr("Where leaf switches stand: a network rack at the end or the middle of each "
                              "row, or in the compute racks (shortest host links, copper)."),
                           [](ClusterSpec& s) -> LeafPlacement& { return s.floor.leafPlacement; },
                           std::vector<std::pair<LeafPlacement, QString>>{
                               {LeafPlacement::EndOfRow, tr("End of row")},
                               {LeafPlacement::MiddleOfRow, tr("Middle of row")},
                               {LeafPlacement::InRack, tr("In rack")}});
    addEnum<SpinePlacement>(f, tr("Spine placement"), QStringLiteral("/floor/spine_placement"),
                            tr("Spines (and cores) in a central network room or at row ends."),
                            [](ClusterSpec& s) -> SpinePlacement& { return s.floor.spinePlacement; },
                            std::vector<std::pair<SpinePlacement, QString>>{
                                {SpinePlacement::CentralRoom, tr("Central room")},
                                {SpinePlacement::EndOfRow, tr("End of row")}});
    addDouble(f, tr("Spine room distance"), QStringLiteral("/floor/spine_room_distance_m"),
              tr("Cable-tray distance from the end of row 1 to the spine room; drives leaf-spine cable "
                 "lengths and whether copper or multimode still reaches."),
              [](ClusterSpec& s) -> double& { return s.floor.spineRoomDistanceM; }, 0, 40000, 1, tr("m"));  // to 40 km: a spine room in another building (LR reaches 10 km)
    addDouble(f, tr("Row pitch"), QStringLiteral("/floor/row_pitch_m"),
              tr("Centre-to-centre distance between rows (rack depth plus the aisle)."),
              [](ClusterSpec& s) -> double& { return s.floor.rowPitchM; }, 0, 50, 1, tr("m"), 0.1);
    addDouble(f, tr("Slack per end"), QStringLiteral("/floor/slack_per_end_m"),
              tr("Service loop added at each end of every cable."),
              [](ClusterSpec& s) -> double& { return s.floor.slackPerEndM; }, 0, 10, 1, tr("m"), 0.1);

    // --- Media policy
    f = addGroup(tr("Media policy"));
    addEnum<MediaObjective>(f, tr("Objective"), QStringLiteral("/media/objective"),
                            tr("Pick the cheapest parts that reach, or the lowest-power ones (copper and "
                               "linear optics first)."),
                            [](ClusterSpec& s) -> MediaObjective& { return s.media.objective; },
                            std::vector<std::pair<MediaObjective, QString>>{
                                {MediaObjective::LowestCost, tr("Lowest cost")},
                                {MediaObjective::LowestPower, tr("Lowest power")}});
    addBool(f, tr("Prefer copper in rack"), QStringLiteral("/media/prefer_copper_in_rack"),
            tr("Use passive DAC where it reaches (≈ 2-3 m at 400G/800G): no optics power, no failures."),
            [](ClusterSpec& s) -> bool& { return s.media.preferCopperInRack; });
    addBool(f, tr("Third-party optics"), QStringLiteral("/media/allow_third_party_optics"),
            tr("Allow MSA-compliant third-party transceivers where the platform qualifies them."),
            [](ClusterSpec& s) -> bool& { return s.media.allowThirdPartyOptics; });
    addEnum<FiberType>(f, tr("Multimode fibre"), QStringLiteral("/media/multimode_fiber"),
                       tr("Installed multimode grade. SR4/SR8 reach at 100G/lane: OM3 ≈ 60 m, OM4/OM5 ≈ 100 m "
                          "(vendor datasheets)."),
                       [](ClusterSpec& s) -> FiberType& { return s.media.multimodeFiber; },
                       std::vector<std::pair<FiberType, QString>>{{FiberType::OM3, QStringLiteral("OM3")},
                                                                  {FiberType::OM4, QStringLiteral("OM4")},
                                                                  {FiberType::OM5, QStringLiteral("OM5")}});

    // --- Economics
    f = addGroup(tr("Economics"));
    addDouble(f, tr("Labour rate"), QStringLiteral("/economics/labour_usd_per_hour"),
              tr("Loaded hourly cost of a network engineer; prices the bring-up and tuning effort (estimate)."),
              [](ClusterSpec& s) -> double& { return s.economics.labourUsdPerHour; }, 0, 2000, 0, tr("$/h"), 5);
    addDouble(f, tr("Skill factor"), QStringLiteral("/economics/skill_factor"),
              tr("> 1 where lossless-Ethernet (PFC/ECN/DCQCN) tuning skills are scarce; scales tuning effort."),
              [](ClusterSpec& s) -> double& { return s.economics.skillFactor; }, 0, 10, 2, {}, 0.1);
    addDouble(f, tr("Energy price"), QStringLiteral("/economics/power_usd_per_kwh"),
              tr("Electricity price used for the network's energy cost."),
              [](ClusterSpec& s) -> double& { return s.economics.powerUsdPerKwh; }, 0, 5, 3, tr("$/kWh"), 0.01);
    addDouble(f, tr("PUE"), QStringLiteral("/economics/pue"),
              tr("Power usage effectiveness: facility power / IT power (1.1 liquid-cooled to 1.6 legacy)."),
              [](ClusterSpec& s) -> double& { return s.economics.pue; }, 0, 5, 2, {}, 0.05);
    addInt(f, tr("Horizon"), QStringLiteral("/economics/horizon_years"),
           tr("Years of operation the TCO covers."),
           [](ClusterSpec& s) -> int& { return s.economics.horizonYears; }, 0, 30, tr("years"));
    addDouble(f, tr("Spare optics"), QStringLiteral("/economics/spares_optics_pct"),
              tr("Spare transceivers and cables, as a share of those installed."),
              [](ClusterSpec& s) -> double& { return s.economics.sparesOpticsPct; }, 0, 100, 1, tr("%"), 0.5);
    addInt(f, tr("Spare switch per"), QStringLiteral("/economics/spare_switch_per_n"),
           tr("One spare switch per this many installed (None = no spare switches)."),
           [](ClusterSpec& s) -> int& { return s.economics.spareSwitchPerN; }, 0, 1000, tr("switches"), tr("None"));
    addBool(f, tr("Include NICs"), QStringLiteral("/economics/include_nics"),
            tr("Count NICs/HCAs in the network capex (they often come with the servers)."),
            [](ClusterSpec& s) -> bool& { return s.economics.includeNics; });
    addEnum<PricePolicy>(f, tr("Price policy"), QStringLiteral("/economics/price_policy"),
                         tr("Which price each part uses: the cheapest qualified quote, a named source's quote, "
                            "or OEM parts only. No public list prices exist: catalog prices are estimates."),
                         [](ClusterSpec& s) -> PricePolicy& { return s.economics.pricePolicy; },
                         std::vector<std::pair<PricePolicy, QString>>{
                             {PricePolicy::CheapestQualified, tr("Cheapest qualified")},
                             {PricePolicy::NamedSource, tr("Named source")},
                             {PricePolicy::OemOnly, tr("OEM only")}});
    addPart(f, tr("Price source"), QStringLiteral("/economics/price_source"),
            tr("The quote source used by the 'Named source' policy."),
            [](ClusterSpec& s) -> std::string& { return s.economics.priceSource; }, [this] {
                std::vector<std::pair<QString, QString>> out{{QString(), tr("(none)")}};
                if (auto c = m_document->catalog())
                    for (const std::string& src : c->priceSources())
                        out.emplace_back(QString::fromStdString(src), QString::fromStdString(src));
                return out;
            });

    // --- Workload
    f = addGroup(tr("Workload"));
    addDouble(f, tr("Communication share"), QStringLiteral("/workload/comm_to_compute_pct"),
              tr("Share of a training step spent in communication. Above ≈ 20 % the fabric's tail latency "
                 "and congestion control decide throughput; this drives the advice."),
              [](ClusterSpec& s) -> double& { return s.workload.commToComputePct; }, 0, 100, 1, tr("%"));
    addDouble(f, tr("Model size"), QStringLiteral("/workload/model_params_billion"),
              tr("Parameters of the model trained, for the estimate of the communication share."),
              [](ClusterSpec& s) -> double& { return s.workload.modelParamsBillion; }, 0, 100000, 0, tr("B params"));
    m_layout->addStretch(1);

    // One label column width for every group, so the fields line up down the whole panel.
    int widest = 0;
    for (QLabel* l : m_labels) widest = std::max(widest, l->sizeHint().width());
    for (QLabel* l : m_labels) l->setMinimumWidth(widest);
}


} // namespace fp::gui
