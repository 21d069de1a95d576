#pragma once
// DesignPanel's field binders (templates) and small helpers, shared by design_panel.cpp and
// design_panel_fields.cpp only. Each binder makes an editor, loads it from the spec on refresh and
// edits through the command facade (commands.h).
#include "design_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

#include "catalog/part_lookup.h"
#include "commands.h"
#include "document.h"
#include "spec/validate.h"

namespace fp::gui::detail {

// How far past its supported range a field accepts typing, so a value too large is shown and flagged
// (then corrected by the user) instead of having its last keystroke silently refused.
constexpr double kTypingHeadroom = 100.0;

inline int typingMax(int max) { return int(std::min<double>(double(max) * kTypingHeadroom, 2'000'000'000.0)); }

inline QString outOfRange(double v, double min, double max, int decimals, bool minExclusive = false)
{
    const QLocale en(QLocale::English);
    if (minExclusive && v == min)  // the only in-range-looking value an exclusive minimum refuses
        return QObject::tr("%1 is not above the smallest supported value, %2: not applied")
            .arg(en.toString(v, 'f', decimals), en.toString(min, 'f', decimals));
    return v > max ? QObject::tr("%1 is above the largest supported value, %2: not applied")
                         .arg(en.toString(v, 'f', decimals), en.toString(max, 'f', decimals))
                   : QObject::tr("%1 is below the smallest supported value, %2: not applied")
                         .arg(en.toString(v, 'f', decimals), en.toString(min, 'f', decimals));
}

// The part a typed name means among the parts that speak the fabric (catalog/part_lookup.h), or why
// there is none. `what` names the kind of part in the message ("switch").
template <typename Model, typename Match>
DesignPanel::PartSearch searchPart(const std::vector<Model>& all, FabricKind fabric, const QString& typed,
                                   Match match, const QString& what)
{
    std::vector<Model> offered;
    for (const Model& m : all)
        if (speaksFabric(m.protocol, fabric)) offered.push_back(m);
    const auto m = match(offered, typed.toStdString());
    if (m.part) return {m.part->partNumber, {}};
    if (!m.candidates.empty()) {
        std::vector<const PartBase*> parts(m.candidates.begin(), m.candidates.end());
        return {std::nullopt, QObject::tr("\"%1\" matches %2 parts: %3 — type more of the name")
                                  .arg(typed, QString::number(parts.size()), QString::fromStdString(candidateList(parts)))};
    }
    return {std::nullopt, QObject::tr("no %1 for %2 in the catalog matches \"%3\"")
                              .arg(what, QString::fromUtf8(displayName(fabric)), typed)};
}

inline QString partLabel(const PartBase& part)
{
    return QStringLiteral("%1 — %2").arg(QString::fromStdString(part.partNumber),
                                        QString::fromStdString(part.description));
}

} // namespace fp::gui::detail

namespace fp::gui {

template <typename T>
void DesignPanel::propose(const DesignField<T>& field, T value, int decimals, const QString& undoText)
{
    const QString key = QString::fromLatin1(field.path);
    ClusterSpec candidate = m_document->spec();
    field.set(candidate, value);
    std::optional<double> number;
    if constexpr (std::is_arithmetic_v<T>) number = double(value);
    if (const QString why = refusal(field.path, candidate, field.range, number, decimals); !why.isEmpty())
        return setRangeError(key, why);  // kept in the field, red, not applied
    setRangeError(key, {});
    Command::setField(m_document, field, std::move(value), undoText);
}

inline void DesignPanel::addInt(QFormLayout* form, const DesignField<int>& field, const QString& tip, int min, int max,
                                const QString& specialText)
{
    auto* spin = new QSpinBox(this);
    spin->setRange(min, detail::typingMax(max));
    spin->setKeyboardTracking(false);  // one command per committed value, not per keystroke
    spin->setGroupSeparatorShown(true);
    if (*field.unit) spin->setSuffix(QLatin1Char(' ') + Command::labelOf(field.unit));
    // A field whose 0 means "let the plan choose" (DesignField::autoCounts) reads "Auto", not "0 nodes".
    if (!specialText.isEmpty()) spin->setSpecialValueText(specialText);
    else if (field.autoCounts && min == 0) spin->setSpecialValueText(tr("Auto"));
    Binding& b = bind(field, spin, tip, form);
    const DesignField<int>* f = &field;
    b.load = [this, spin, f, min, max] {
        const QSignalBlocker block(spin);
        const int value = f->of(m_document->spec());
        spin->setRange(std::min(min, value), std::max(detail::typingMax(max), value));  // see addDouble
        spin->setValue(value);
    };
    connect(spin, &QSpinBox::valueChanged, this, [this, f](int v) { propose(*f, v); });
}

inline void DesignPanel::addDouble(QFormLayout* form, const DesignField<double>& field, const QString& tip, double min,
                                   double max, int decimals, double step, const QString& specialText)
{
    auto* spin = new QDoubleSpinBox(this);
    if (!specialText.isEmpty()) spin->setSpecialValueText(specialText);  // the minimum reads as a word
    spin->setRange(min, max * detail::kTypingHeadroom);
    spin->setDecimals(decimals);
    spin->setSingleStep(step);
    spin->setKeyboardTracking(false);
    spin->setGroupSeparatorShown(true);
    if (*field.unit) spin->setSuffix(QLatin1Char(' ') + Command::labelOf(field.unit));
    Binding& b = bind(field, spin, tip, form);
    const DesignField<double>* f = &field;
    b.load = [this, spin, f, min, max] {
        const QSignalBlocker block(spin);
        const double value = f->of(m_document->spec());
        // A design file may hold a value past the editor's usual range (a spine room 3 km away):
        // show it, not a clamped one that the next edit of the field would silently write back.
        spin->setRange(std::min(min, value), std::max(max * detail::kTypingHeadroom, value));
        spin->setValue(value);
    };
    connect(spin, &QDoubleSpinBox::valueChanged, this, [this, f, decimals](double v) { propose(*f, v, decimals); });
}

inline void DesignPanel::addBool(QFormLayout* form, const DesignField<bool>& field, const QString& tip)
{
    auto* check = new QCheckBox(this);
    Binding& b = bind(field, check, tip, form);
    const DesignField<bool>* f = &field;
    b.load = [this, check, f] {
        const QSignalBlocker block(check);
        check->setChecked(f->of(m_document->spec()));
    };
    connect(check, &QCheckBox::toggled, this, [this, f](bool v) { Command::setField(m_document, *f, v); });
}

template <typename E>
void DesignPanel::addEnum(QFormLayout* form, const DesignField<E>& field, const QString& tip,
                          const std::vector<std::pair<E, QString>>& choices)
{
    auto* combo = new QComboBox(this);
    for (const auto& [value, text] : choices) combo->addItem(text, static_cast<int>(value));
    Binding& b = bind(field, combo, tip, form);
    const DesignField<E>* f = &field;
    b.load = [this, combo, f] {
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(combo->findData(static_cast<int>(f->of(m_document->spec()))));
    };
    connect(combo, &QComboBox::activated, this, [this, combo, f](int index) {
        Command::setField(m_document, *f, static_cast<E>(combo->itemData(index).toInt()));
    });
}

// One text field, "1:1.16" or "4:3", read by the same parser as the CLI and the design file (spec/ratio.h),
// so a mistake reads the same words everywhere. A text that does not parse is kept and flagged, not applied.
inline void DesignPanel::addRatio(QFormLayout* form, const DesignField<Ratio>& field, const QString& tip)
{
    auto* edit = new QLineEdit(this);
    edit->setPlaceholderText(QStringLiteral("1:1"));
    Binding& b = bind(field, edit, tip, form);
    const DesignField<Ratio>* f = &field;
    const QString key = QString::fromLatin1(field.path);
    b.load = [this, edit, f, key] {
        const QSignalBlocker block(edit);
        const Binding* self = bindingFor(key);
        if (self && !self->rangeError.isEmpty()) return;  // keep the flagged text until fixed or reverted
        const Ratio shown = f->of(m_document->spec());
        Ratio typed;
        if (parseRatio(edit->text().toStdString(), typed) || !(typed == shown))
            edit->setText(QString::fromStdString(ratioText(shown)));
    };
    connect(edit, &QLineEdit::editingFinished, this, [this, edit, f, key] {
        Ratio r;
        if (const RatioProblem p = parseRatio(edit->text().toStdString(), r))
            return setRangeError(key, tr("%1: not applied — %2").arg(QString::fromStdString(p.what), QString::fromStdString(p.fix)));
        edit->setText(QString::fromStdString(ratioText(r)));  // "1:1.160" reads back "1:1.16"
        propose(*f, r);
    });
}

inline void DesignPanel::addPart(QFormLayout* form, const DesignField<std::string>& field, const QString& tip,
                                 std::function<std::vector<std::pair<QString, QString>>()> choices, PartFinder find,
                                 PartSetter apply)
{
    if (!apply) apply = [this, f = &field](const std::string& part) { return Command::setField(m_document, *f, part); };
    auto* combo = new QComboBox(this);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(14);
    if (find) {
        // Searchable: typing filters the list (any part of a part number) and Enter takes the part the
        // typed name means ("QM9700", "ConnectX-8"; catalog/part_lookup.h), or flags why there is none.
        combo->setEditable(true);
        combo->setInsertPolicy(QComboBox::NoInsert);
        auto* completer = new QCompleter(combo->model(), combo);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        completer->setFilterMode(Qt::MatchContains);
        combo->setCompleter(completer);
    }
    Binding& b = bind(field, combo, tip, form);
    const DesignField<std::string>* f = &field;
    if (find)
        connect(combo->lineEdit(), &QLineEdit::editingFinished, this, [this, combo, f, find, apply] {
            const QString typed = combo->currentText().trimmed();
            const int listed = combo->findText(typed, Qt::MatchFixedString);
            const PartSearch found =
                listed >= 0 ? PartSearch{combo->itemData(listed).toString().toStdString(), {}} : find(typed);
            const QString key = QString::fromLatin1(f->path);
            if (!found.part) return setRangeError(key, found.error);
            setRangeError(key, {});
            if (!apply(*found.part))
                if (Binding* self = bindingFor(key)) self->load();  // the same part: show its listed name
        });
    b.load = [this, combo, f, choices, find] {
        const QSignalBlocker block(combo);
        combo->clear();
        // An empty part ("same as the fabric switch", "no source") shows its description instead.
        for (const auto& [part, text] : choices())
            combo->addItem(part.isEmpty() ? text : part, part), combo->setItemData(combo->count() - 1, text, Qt::ToolTipRole);
        const QString current = QString::fromStdString(f->of(m_document->spec()));
        int index = combo->findData(current);
        // A name the core resolves to a catalog part ("QM9700", "7816R4"; catalog/part_lookup.h) shows
        // that part, as the plan uses it, rather than "not available".
        if (index < 0 && !current.isEmpty() && find)
            if (const PartSearch found = find(current); found.part && !found.part->empty())
                index = combo->findData(QString::fromStdString(*found.part));
        if (index < 0 && !current.isEmpty()) {
            combo->addItem(tr("%1 (not available)").arg(current), current);
            index = combo->count() - 1;
        }
        combo->setCurrentIndex(index);
    };
    connect(combo, &QComboBox::activated, this,
            [combo, apply](int index) { apply(combo->itemData(index).toString().toStdString()); });
}

} // namespace fp::gui
