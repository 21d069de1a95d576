#include "design_panel.h"

#include "design_panel_editors.h"
#include "status_colours.h"

#include "common/error.h"
#include "plan/fabric_defaults.h"

namespace fp::gui {

using detail::partLabel;

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
            // Defaults that fit (core rule, plan/fabric_defaults.h): the fabric's first switch and NIC
            // that plan without design-rule errors, the current ones first where they run it.
            try {
                const ClusterSpec picked = plan::partsForFabric(m_document->spec(), fabric, *catalog).spec;
                if (picked.switchModel != m_document->spec().switchModel && picked.genericRadix == 0)
                    pushSpecChange<std::string>(m_document, QStringLiteral("/fabric/switch"),
                                                [](ClusterSpec& s) -> std::string& { return s.switchModel; },
                                                picked.switchModel, {});
                if (picked.nicModel != m_document->spec().nicModel)
                    pushSpecChange<std::string>(m_document, QStringLiteral("/compute/nic"),
                                                [](ClusterSpec& s) -> std::string& { return s.nicModel; },
                                                picked.nicModel, {});
            } catch (const UserError&) {
                // Nothing in the catalog builds it: keep the parts; the plan shows why.
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
            // The palette's error tone, so the flag stays visible on a dark palette too.
            const QString red = errorColour(palette()).name();
            b.editor->setStyleSheet(QStringLiteral("border: 2px solid %1; border-radius: 3px;").arg(red));
            b.editor->setToolTip(QStringLiteral("<p><b style='color:%1'>%2</b></p><p>%3</p>")
                                     .arg(red, it->join(QStringLiteral("<br>")).toHtmlEscaped(),
                                          b.tooltip.toHtmlEscaped()));
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
