#include "design_panel.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QKeyEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QWheelEvent>

#include "design_panel_editors.h"
#include "status_colours.h"


namespace fp::gui {

using detail::partLabel;

DesignPanel::DesignPanel(Document* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    build();
    for (const char* path : {fields::planes.path, fields::linkGbps.path, fields::suNodes.path, fields::nodesPerRack.path})
        addInUseNote(path);
    connect(m_document, &Document::planReady, this, &DesignPanel::showInUse);
    m_hint = new QLabel(this);
    m_hint->setObjectName(QStringLiteral("pendingHint"));
    m_hint->setWordWrap(true);
    m_hint->setTextFormat(Qt::PlainText);
    m_hint->setContentsMargins(6, 4, 6, 4);
    m_hint->setAutoFillBackground(true);
    m_hint->setBackgroundRole(QPalette::ToolTipBase);
    m_hint->setForegroundRole(QPalette::ToolTipText);
    m_hint->hide();
    // Not in the layout: it floats over the fields (placeHint), so showing it never moves a field
    // under the user's typing. Clicks pass through to what it covers.
    m_hint->setAttribute(Qt::WA_TransparentForMouseEvents);
    connect(qApp, &QApplication::focusChanged, this, [this] { placeHint(); });
    connect(m_document, &Document::specChanged, this, &DesignPanel::refresh);
    refresh();
    showInUse();
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
    Binding b;
    b.key = key;
    b.editor = editor;
    b.tooltip = tooltip;
    b.label = label;
    m_bindings.push_back(b);
    if (qobject_cast<QAbstractSpinBox*>(editor) || qobject_cast<QComboBox*>(editor) || qobject_cast<QLineEdit*>(editor)) {
        guard(editor);
        // The red or dashed frame is a style sheet, which draws the field shorter than the native frame
        // (20 px for 23 in Fusion): keep the native height, so a flag never moves the fields below.
        editor->setMinimumHeight(editor->sizeHint().height());
    }
    if (auto* combo = qobject_cast<QComboBox*>(editor); combo && combo->lineEdit()) {
        // A searchable part combo: Esc in its text reverts it too (eventFilter); a committed name ends
        // the undo session.
        combo->lineEdit()->installEventFilter(this);
        connect(combo->lineEdit(), &QLineEdit::editingFinished, this,
                [this] { closeEditSession(m_document->undoStack()); });
    }
    for (QAbstractSpinBox* spin : editor->findChildren<QAbstractSpinBox*>()) guard(spin);  // compound editors
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
        Command::setTechnology(m_document, static_cast<FabricKind>(combo->itemData(index).toInt()));
    });
}

void DesignPanel::addPlatform(QFormLayout* form)
{
    const QString tip = tr("The server or rack-scale system (catalog platforms). Picking one sets GPUs and NICs "
                           "per node, the NIC, node power and nodes per rack; its NVLink domain shapes the "
                           "collective estimates. The fields below can still be changed afterwards.");
    auto* combo = new QComboBox(this);
    // Short entries, the description as each item's tooltip: the panel must not grow wider than the others.
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(12);
    Binding& b = bind(QStringLiteral("/compute/platform"), combo, tip, form, tr("Platform"));
    b.load = [this, combo] {
        const QSignalBlocker block(combo);
        combo->clear();
        combo->addItem(tr("None"), QString());
        combo->setItemData(0, tr("No platform: every GPU is its own endpoint of the fabric"), Qt::ToolTipRole);
        if (auto c = m_document->catalog())
            for (const PlatformModel& p : c->platforms) {
                combo->addItem(QString::fromStdString(p.id), QString::fromStdString(p.id));
                combo->setItemData(combo->count() - 1, QString::fromStdString(p.description), Qt::ToolTipRole);
            }
        combo->setCurrentIndex(std::max(0, combo->findData(QString::fromStdString(m_document->spec().platform))));
    };
    connect(combo, &QComboBox::activated, this, [this, combo](int index) {
        Command::choosePlatform(m_document, combo->itemData(index).toString().toStdString());
    });
}

void DesignPanel::addTierSwitches(QFormLayout* form)
{
    for (Tier tier : {Tier::Leaf, Tier::Spine, Tier::Core}) {
        const DesignField<std::string>& field = switchFieldOf(tier);
        addPart(form, field,
                tr("The %1 tier's own switch, when it differs from the fabric's switch (a spine with more ports, "
                   "say). Same as the fabric switch by default; ignored by a generic radix.")
                    .arg(QString::fromUtf8(toString(tier))),
                [this] {
                    std::vector<std::pair<QString, QString>> out{{QString(), tr("Same as fabric switch")}};
                    if (auto c = m_document->catalog())
                        for (const SwitchModel& sw : c->switches)
                            if (!sw.generic && speaksFabric(sw.protocol, m_document->spec().fabric))
                                out.emplace_back(QString::fromStdString(sw.partNumber), partLabel(sw));
                    return out;
                },
                switchFinder(true));
    }
}

DesignPanel::PartFinder DesignPanel::switchFinder(bool emptyIsFabricSwitch)
{
    return [this, emptyIsFabricSwitch](const QString& typed) -> PartSearch {
        if (typed.isEmpty())
            return emptyIsFabricSwitch ? PartSearch{std::string(), {}}
                                       : PartSearch{std::nullopt, tr("type a switch name, e.g. QM9700")};
        auto catalog = m_document->catalog();
        if (!catalog) return {std::nullopt, tr("no catalog is loaded")};
        std::vector<SwitchModel> catalogSwitches;
        for (const SwitchModel& sw : catalog->switches)
            if (!sw.generic) catalogSwitches.push_back(sw);
        return detail::searchPart(catalogSwitches, m_document->spec().fabric, typed,
                                  [](const std::vector<SwitchModel>& v, std::string_view t) { return matchSwitch(v, t); },
                                  tr("switch"));
    };
}

void DesignPanel::addLinkSpeed(QFormLayout* form)
{
    addEnum<int>(form, fields::linkGbps,
                 tr("Per-port link speed. 'NIC native' runs each NIC port at its full speed (e.g. 400G NDR "
                    "for ConnectX-7); a lower speed uses breakout on the switch side."), 
                 std::vector<std::pair<int, QString>>{{0, tr("NIC native")},
                                                      {100, QStringLiteral("100 Gb/s")},
                                                      {200, QStringLiteral("200 Gb/s")},
                                                      {400, QStringLiteral("400 Gb/s")},
                                                      {800, QStringLiteral("800 Gb/s")}});
}

void DesignPanel::refresh()
{
    for (Binding& b : m_bindings) {
        if (b.load) b.load();
        b.pending = false;
        b.rangeError.clear();
    }
    applyValidation();
}

void DesignPanel::guard(QWidget* field)
{
    // StrongFocus, not the spin box's default WheelFocus: a wheel tick must not focus a field (and
    // then change it) while the user scrolls the panel past it.
    field->setFocusPolicy(Qt::StrongFocus);
    field->installEventFilter(this);
    QLineEdit* text = qobject_cast<QLineEdit*>(field);
    if (!text) text = field->findChild<QLineEdit*>();  // the spin box's own line edit
    if (text && !qobject_cast<QComboBox*>(field))
        connect(text, &QLineEdit::textEdited, this, [this, field] {
            if (Binding* b = bindingOf(field)) setPending(*b, true);
        });
    // A committed text (Enter, Tab, leaving the field) ends the undo session: the next value typed is
    // an undo step of its own (change_value.h).
    if (auto* spin = qobject_cast<QAbstractSpinBox*>(field))
        connect(spin, &QAbstractSpinBox::editingFinished, this, [this, field] {
            closeEditSession(m_document->undoStack());
            if (Binding* b = bindingOf(field)) setPending(*b, false);
        });
    if (auto* line = qobject_cast<QLineEdit*>(field))
        connect(line, &QLineEdit::editingFinished, this, [this, field] {
            closeEditSession(m_document->undoStack());
            if (Binding* b = bindingOf(field)) setPending(*b, false);
        });
}

bool DesignPanel::eventFilter(QObject* watched, QEvent* event)
{
    auto* field = qobject_cast<QWidget*>(watched);
    if (!field) return QWidget::eventFilter(watched, event);
    if (event->type() == QEvent::Wheel && !field->hasFocus()) {
        // The field lets the wheel pass: the panel's scroll area scrolls, as the user meant.
        for (QWidget* w = field->parentWidget(); w; w = w->parentWidget())
            if (auto* area = qobject_cast<QAbstractScrollArea*>(w)) {
                QCoreApplication::sendEvent(area->verticalScrollBar(), event);
                break;
            }
        return true;
    }
    if (event->type() == QEvent::FocusOut) closeEditSession(m_document->undoStack());  // the field is left
    const bool shortcutOverride = event->type() == QEvent::ShortcutOverride;
    if (!shortcutOverride && event->type() != QEvent::KeyPress) return QWidget::eventFilter(watched, event);
    auto* key = static_cast<QKeyEvent*>(event);
    Binding* b = bindingOf(field);
    if (!b) return QWidget::eventFilter(watched, event);
    const bool undo = key->matches(QKeySequence::Undo), redo = key->matches(QKeySequence::Redo);
    const bool escape = key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier;
    if ((b->pending || !b->rangeError.isEmpty()) && (undo || escape)) {
        // Reverting the unapplied or refused text is the field's undo; the document is not touched.
        if (shortcutOverride) event->accept();
        else revert(*b);
        return true;
    }
    if (undo || redo) {
        // Nothing typed here: let the Edit menu's Undo/Redo run (the line edit would otherwise claim
        // the shortcut and undo only its own text, leaving the design as it was).
        if (shortcutOverride) {
            event->ignore();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

DesignPanel::Binding* DesignPanel::bindingOf(const QObject* object)
{
    for (Binding& b : m_bindings)
        for (const QObject* o = object; o; o = o->parent())
            if (o == b.editor) return &b;
    return nullptr;
}

DesignPanel::Binding* DesignPanel::bindingFor(const QString& key)
{
    for (Binding& b : m_bindings)
        if (b.key == key || b.key.section(QLatin1Char('/'), -1) == key) return &b;
    return nullptr;
}

void DesignPanel::revert(Binding& b)
{
    b.rangeError.clear();  // first: the ratio field keeps a flagged text while its binding has an error
    if (b.load) b.load();
    b.pending = false;
    applyValidation();  // the red frame and the notice go with the refused text
}

void DesignPanel::setPending(Binding& b, bool pending)
{
    if (b.pending == pending) return;
    b.pending = pending;
    applyValidation();
}

void DesignPanel::setRangeError(const QString& key, const QString& error)
{
    Binding* b = bindingFor(key);
    if (!b || b->rangeError == error) return;
    b->rangeError = error;
    applyValidation();
}

bool DesignPanel::isPending(const QString& key) const
{
    for (const Binding& b : m_bindings)
        if (b.key == key || b.key.section(QLatin1Char('/'), -1) == key) return b.pending;
    return false;
}

QString DesignPanel::pendingHint() const { return m_hint && !m_hint->isHidden() ? m_hint->text() : QString(); }

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
    QStringList hints;
    for (Binding& b : m_bindings) {
        if (!b.rangeError.isEmpty()) problemsByKey[b.key].prepend(b.rangeError);
        const auto it = problemsByKey.constFind(b.key);
        const bool flagged = it != problemsByKey.constEnd();
        if (flagged) {
            // The palette's error tone, so the flag stays visible on a dark palette too.
            const QString red = errorColour(palette()).name();
            b.editor->setStyleSheet(QStringLiteral("border: 2px solid %1; border-radius: 3px;").arg(red));
            b.editor->setToolTip(QStringLiteral("<p><b style='color:%1'>%2</b></p><p>%3</p>")
                                     .arg(red, it->join(QStringLiteral("<br>")).toHtmlEscaped(),
                                          b.tooltip.toHtmlEscaped()));
        } else if (b.pending) {
            // Dashed in the highlight colour: typed, not yet part of the design.
            b.editor->setStyleSheet(QStringLiteral("border: 2px dashed %1; border-radius: 3px;")
                                        .arg(palette().color(QPalette::Highlight).name()));
            b.editor->setToolTip(b.tooltip);
        } else if (b.flagged || !b.editor->styleSheet().isEmpty()) {
            b.editor->setStyleSheet(QString());
            b.editor->setToolTip(b.tooltip);
        }
        b.flagged = flagged;
        if (!b.rangeError.isEmpty()) hints << QStringLiteral("%1: %2").arg(b.label, b.rangeError);
        else if (b.pending) hints << tr("%1: not applied yet — Enter or Tab applies, Esc reverts").arg(b.label);
    }
    if (m_hint) {
        m_hint->setText(hints.join(QLatin1Char('\n')));
        m_hint->setVisible(!hints.isEmpty());
        placeHint();
    }
}

QString DesignPanel::refusal(const char* path, const ClusterSpec& candidate, const std::optional<FieldRange>& range,
                             std::optional<double> value, int decimals) const
{
    const std::vector<SpecProblem> problems = validateSpec(candidate);
    if (problems.empty()) return {};
    // A field already flagged before this edit (a design file's own problem) does not refuse it.
    std::vector<std::string> flagged;
    for (const SpecProblem& p : validateSpec(m_document->spec())) flagged.push_back(p.field);
    const auto labelAt = [this](const std::string& field) {
        const QString key = QString::fromStdString(field);
        for (const Binding& b : m_bindings)
            if (b.key == key) return b.label;
        return key;
    };
    const QLocale en(QLocale::English);
    const auto number = [&](double v) { return en.toString(v, 'f', decimals); };
    const bool outside = range && value &&
                         !(range->zeroIsOff && *value == 0) &&
                         (*value > range->max || (range->minExclusive ? *value <= range->min : *value < range->min));
    QStringList why;
    for (const SpecProblem& p : problems) {
        const bool own = p.field == path;
        if (!own && std::find(flagged.begin(), flagged.end(), p.field) != flagged.end()) continue;
        if (own && outside) {
            why << detail::outOfRange(*value, range->min, range->max, decimals, range->minExclusive);
            continue;
        }
        QString text = QString::fromStdString(p.message);
        if (!p.fix.empty()) text += QStringLiteral(" — ") + QString::fromStdString(p.fix);
        if (!own) text = tr("it would make %1 invalid: %2").arg(labelAt(p.field), text);
        why << text + tr(": not applied");
    }
    if (why.isEmpty()) return {};
    if (range) {  // the valid range, always: what to type instead
        const QString span = (range->minExclusive ? tr("above %1 up to %2") : tr("%1 to %2"))
                                 .arg(number(range->min), number(range->max));
        why << (range->zeroIsOff ? tr("valid: 0 (off) or %1").arg(span) : tr("valid: %1").arg(span));
    }
    return why.join(QStringLiteral("; "));
}

void DesignPanel::placeHint()
{
    if (!m_hint || m_hint->isHidden()) return;
    QRect area = visibleRegion().boundingRect();  // the part of the panel its scroll area shows
    if (area.isEmpty()) area = rect();
    constexpr int margin = 4;
    const int width = std::max(80, area.width() - 2 * margin);
    const int height = m_hint->hasHeightForWidth() ? m_hint->heightForWidth(width) : m_hint->sizeHint().height();
    QRect box(area.left() + margin, area.bottom() + 1 - margin - height, width, height);
    if (QWidget* focus = QApplication::focusWidget(); focus && isAncestorOf(focus) && focus != m_hint) {
        const QRect field(focus->mapTo(this, QPoint(0, 0)), focus->size());
        if (box.intersects(field.adjusted(0, -margin, 0, margin))) box.moveTop(area.top() + margin);
    }
    m_hint->setGeometry(box);
    m_hint->raise();
}

void DesignPanel::moveEvent(QMoveEvent* event)
{
    QWidget::moveEvent(event);
    placeHint();
}

void DesignPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    placeHint();
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
