#include "design_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

#include "change_value.h"
#include "document.h"
#include "spec/validate.h"

namespace fp::gui {

namespace {

const QString kInvalidStyle = QStringLiteral("border: 2px solid #d32f2f; border-radius: 3px;");

// The spec is only read through the accessors here; they take a non-const reference because the
// same accessor also writes in the undo command.
ClusterSpec& readable(Document* d) { return const_cast<ClusterSpec&>(d->spec()); }

bool speaks(Protocol p, FabricKind f)
{
    if (p == Protocol::Both) return true;
    return isEthernet(f) ? p == Protocol::Ethernet : p == Protocol::InfiniBand;
}

QString partLabel(const PartBase& part)
{
    return QStringLiteral("%1 — %2").arg(QString::fromStdString(part.partNumber),
                                        QString::fromStdString(part.description));
}

} // namespace

DesignPanel::DesignPanel(Document* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    build();
    connect(m_document, &Document::specChanged, this, &DesignPanel::refresh);
    refresh();
}

QFormLayout* DesignPanel::addGroup(const QString& title)
{
    auto* box = new QGroupBox(title, this);
    auto* form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    form->setContentsMargins(8, 6, 8, 6);
    form->setVerticalSpacing(4);
    m_layout->addWidget(box);
    return form;
}

DesignPanel::Binding& DesignPanel::bind(const QString& key, QWidget* editor, const QString& tooltip,
                                        QFormLayout* form, const QString& label)
{
    editor->setToolTip(tooltip);
    editor->setObjectName(key.section(QLatin1Char('/'), -1));
    form->addRow(label, editor);
    if (auto* l = qobject_cast<QLabel*>(form->labelForField(editor))) {
        l->setToolTip(tooltip);
        m_labels.push_back(l);
    }
    m_bindings.push_back(Binding{key, editor, tooltip, {}, false});
    return m_bindings.back();
}

template <typename Access>
void DesignPanel::addInt(QFormLayout* form, const QString& label, const QString& key, const QString& tip,
                         Access access, int min, int max, const QString& suffix, const QString& specialText)
{
    auto* spin = new QSpinBox(this);
    spin->setRange(min, max);
    spin->setKeyboardTracking(false);  // one command per committed value, not per keystroke
    spin->setGroupSeparatorShown(true);
    if (!suffix.isEmpty()) spin->setSuffix(QLatin1Char(' ') + suffix);
    if (!specialText.isEmpty()) spin->setSpecialValueText(specialText);
    Binding& b = bind(key, spin, tip, form, label);
    b.load = [this, spin, access] {
        const QSignalBlocker block(spin);
        spin->setValue(access(readable(m_document)));
    };
    connect(spin, &QSpinBox::valueChanged, this, [this, key, label, access](int v) {
        pushSpecChange<int>(m_document, key, access, v, tr("Change %1").arg(label));
    });
}

template <typename Access>
void DesignPanel::addDouble(QFormLayout* form, const QString& label, const QString& key, const QString& tip,
                            Access access, double min, double max, int decimals, const QString& suffix,
                            double step)
{
    auto* spin = new QDoubleSpinBox(this);
    spin->setRange(min, max);
    spin->setDecimals(decimals);
    spin->setSingleStep(step);
    spin->setKeyboardTracking(false);
    spin->setGroupSeparatorShown(true);
    if (!suffix.isEmpty()) spin->setSuffix(QLatin1Char(' ') + suffix);
    Binding& b = bind(key, spin, tip, form, label);
    b.load = [this, spin, access] {
        const QSignalBlocker block(spin);
        spin->setValue(access(readable(m_document)));
    };
    connect(spin, &QDoubleSpinBox::valueChanged, this, [this, key, label, access](double v) {
        pushSpecChange<double>(m_document, key, access, v, tr("Change %1").arg(label));
    });
}

template <typename Access>
void DesignPanel::addBool(QFormLayout* form, const QString& label, const QString& key, const QString& tip,
                          Access access)
{
    auto* check = new QCheckBox(this);
    Binding& b = bind(key, check, tip, form, label);
    b.load = [this, check, access] {
        const QSignalBlocker block(check);
        check->setChecked(access(readable(m_document)));
    };
    connect(check, &QCheckBox::toggled, this, [this, key, label, access](bool v) {
        pushSpecChange<bool>(m_document, key, access, v, tr("Change %1").arg(label));
    });
}

template <typename E, typename Access>
void DesignPanel::addEnum(QFormLayout* form, const QString& label, const QString& key, const QString& tip,
                          Access access, const std::vector<std::pair<E, QString>>& choices)
{
    auto* combo = new QComboBox(this);
    for (const auto& [value, text] : choices) combo->addItem(text, static_cast<int>(value));
    Binding& b = bind(key, combo, tip, form, label);
    b.load = [this, combo, access] {
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(combo->findData(static_cast<int>(access(readable(m_document)))));
    };
    connect(combo, &QComboBox::activated, this, [this, combo, key, label, access](int index) {
        pushSpecChange<E>(m_document, key, access, static_cast<E>(combo->itemData(index).toInt()),
                          tr("Change %1").arg(label));
    });
}

template <typename Access>
void DesignPanel::addRatio(QFormLayout* form, const QString& label, const QString& key, const QString& tip,
                           Access access)
{
    auto* box = new QWidget(this);
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    auto* down = new QSpinBox(box);
    auto* up = new QSpinBox(box);
    for (QSpinBox* s : {down, up}) {
        s->setRange(1, 64);
        s->setKeyboardTracking(false);
    }
    down->setToolTip(tr("Down ports (towards the hosts)"));
    up->setToolTip(tr("Up ports (towards the next tier)"));
    row->addWidget(down, 1);
    row->addWidget(new QLabel(QStringLiteral(":"), box));
    row->addWidget(up, 1);
    Binding& b = bind(key, box, tip, form, label);
    b.load = [this, down, up, access] {
        const QSignalBlocker b1(down), b2(up);
        const Ratio r = access(readable(m_document));
        down->setValue(r.down);
        up->setValue(r.up);
    };
    auto commit = [this, down, up, key, label, access] {
        pushSpecChange<Ratio>(m_document, key, access, Ratio{down->value(), up->value()},
                              tr("Change %1").arg(label));
    };
    connect(down, &QSpinBox::valueChanged, this, commit);
    connect(up, &QSpinBox::valueChanged, this, commit);
}

template <typename Access>
void DesignPanel::addPart(QFormLayout* form, const QString& label, const QString& key, const QString& tip,
                          Access access, std::function<std::vector<std::pair<QString, QString>>()> choices)
{
    auto* combo = new QComboBox(this);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(14);
    Binding& b = bind(key, combo, tip, form, label);
    b.load = [this, combo, access, choices] {
        const QSignalBlocker block(combo);
        combo->clear();
        for (const auto& [part, text] : choices()) combo->addItem(part, part), combo->setItemData(combo->count() - 1, text, Qt::ToolTipRole);
        const QString current = QString::fromStdString(access(readable(m_document)));
        int index = combo->findData(current);
        if (index < 0 && !current.isEmpty()) {
            combo->addItem(tr("%1 (not available)").arg(current), current);
            index = combo->count() - 1;
        }
        combo->setCurrentIndex(index);
    };
    connect(combo, &QComboBox::activated, this, [this, combo, key, label, access](int index) {
        pushSpecChange<std::string>(m_document, key, access, combo->itemData(index).toString().toStdString(),
                                    tr("Change %1").arg(label));
    });
}

void DesignPanel::addTechnology(QFormLayout* form)
{
    const QString tip = tr("Scale-out fabric technology. InfiniBand: credit-based lossless, adaptive routing, "
                           "SHARP in-network reduction. RoCEv2: RDMA over lossless Ethernet (PFC/ECN), "
                           "needs careful tuning. Spectrum-X: NVIDIA Ethernet with SuperNIC adaptive routing. "
                           "UEC: Ultra Ethernet transport with packet spraying.");
    auto* combo = new QComboBox(this);
    for (FabricKind f : {FabricKind::InfiniBand, FabricKind::RoCE, FabricKind::SpectrumX, FabricKind::UEC})
        combo->addItem(QString::fromUtf8(displayName(f)), static_cast<int>(f));
    Binding& b = bind(QStringLiteral("/fabric/technology"), combo, tip, form, tr("Technology"));
    b.load = [this, combo] {
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(combo->findData(static_cast<int>(m_document->spec().fabric)));
    };
    connect(combo, &QComboBox::activated, this, [this, combo](int index) {
        const auto fabric = static_cast<FabricKind>(combo->itemData(index).toInt());
        if (fabric == m_document->spec().fabric) return;
        // A technology change keeps the design buildable: swap a switch that cannot speak it.
        QUndoStack* stack = m_document->undoStack();
        stack->beginMacro(tr("Change technology to %1").arg(QString::fromUtf8(displayName(fabric))));
        pushSpecChange<FabricKind>(m_document, QStringLiteral("/fabric/technology"),
                                   [](ClusterSpec& s) -> FabricKind& { return s.fabric; }, fabric, {});
        if (auto catalog = m_document->catalog()) {
            const SwitchModel* current = catalog->findSwitch(m_document->spec().switchModel);
            if (!current || !speaks(current->protocol, fabric)) {
                for (const SwitchModel& sw : catalog->switches)
                    if (!sw.generic && speaks(sw.protocol, fabric)) {
                        pushSpecChange<std::string>(m_document, QStringLiteral("/fabric/switch"),
                                                    [](ClusterSpec& s) -> std::string& { return s.switchModel; },
                                                    sw.partNumber, {});
                        break;
                    }
            }
        }
        stack->endMacro();
    });
}

void DesignPanel::addLinkSpeed(QFormLayout* form)
{
    addEnum<int>(form, tr("Link speed"), QStringLiteral("/compute/link_gbps"),
                 tr("Per-port link speed. 'NIC native' runs each NIC port at its full speed (e.g. 400G NDR "
                    "for ConnectX-7); a lower speed uses breakout on the switch side."),
                 [](ClusterSpec& s) -> int& { return s.linkGbps; },
                 std::vector<std::pair<int, QString>>{{0, tr("NIC native")},
                                                      {100, QStringLiteral("100 Gb/s")},
                                                      {200, QStringLiteral("200 Gb/s")},
                                                      {400, QStringLiteral("400 Gb/s")},
                                                      {800, QStringLiteral("800 Gb/s")}});
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
              [](ClusterSpec& s) -> double& { return s.floor.spineRoomDistanceM; }, 0, 2000, 1, tr("m"));
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

void DesignPanel::refresh()
{
    for (Binding& b : m_bindings)
        if (b.load) b.load();
    applyValidation();
}

void DesignPanel::applyValidation()
{
    QHash<QString, QStringList> problemsByKey;
    for (const SpecProblem& p : validateSpec(m_document->spec())) {
        const QString field = QString::fromStdString(p.field);
        QString text = QString::fromStdString(p.message);
        if (!p.fix.empty()) text += QStringLiteral(" — ") + QString::fromStdString(p.fix);
        // Match on the full path, else on the last segment (the design file's key).
        for (const Binding& b : m_bindings)
            if (b.key == field || b.key.section(QLatin1Char('/'), -1) == field.section(QLatin1Char('/'), -1)) {
                problemsByKey[b.key].append(text);
                break;
            }
    }
    for (Binding& b : m_bindings) {
        const auto it = problemsByKey.constFind(b.key);
        const bool flagged = it != problemsByKey.constEnd();
        if (flagged) {
            b.editor->setStyleSheet(kInvalidStyle);
            b.editor->setToolTip(QStringLiteral("<p><b style='color:#d32f2f'>%1</b></p><p>%2</p>")
                                     .arg(it->join(QStringLiteral("<br>")).toHtmlEscaped(), b.tooltip.toHtmlEscaped()));
        } else if (b.flagged) {
            b.editor->setStyleSheet(QString());
            b.editor->setToolTip(b.tooltip);
        }
        b.flagged = flagged;
    }
}

QWidget* DesignPanel::editorFor(const QString& key) const
{
    for (const Binding& b : m_bindings)
        if (b.key == key || b.key.section(QLatin1Char('/'), -1) == key) return b.editor;
    return nullptr;
}

bool DesignPanel::isFlagged(const QString& key) const
{
    for (const Binding& b : m_bindings)
        if (b.key == key || b.key.section(QLatin1Char('/'), -1) == key) return b.flagged;
    return false;
}

QStringList DesignPanel::fieldKeys() const
{
    QStringList keys;
    for (const Binding& b : m_bindings) keys << b.key;
    return keys;
}

} // namespace fp::gui
