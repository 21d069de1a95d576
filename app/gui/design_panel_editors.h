#pragma once
// DesignPanel's field binders (templates) and small helpers, shared by design_panel.cpp and
// design_panel_fields.cpp only. Each binder makes an editor, loads it from the spec on refresh and
// pushes a ChangeSpecValue on edit.
#include "design_panel.h"

#include <QCheckBox>
#include <QComboBox>
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

#include "change_value.h"
#include "document.h"
#include "spec/validate.h"

namespace fp::gui::detail {

// The spec is only read through the accessors here; they take a non-const reference because the
// same accessor also writes in the undo command.
inline ClusterSpec& readable(Document* d) { return const_cast<ClusterSpec&>(d->spec()); }

inline bool speaks(Protocol p, FabricKind f)
{
    if (p == Protocol::Both) return true;
    return isEthernet(f) ? p == Protocol::Ethernet : p == Protocol::InfiniBand;
}

// How far past its supported range a field accepts typing, so a value too large is shown and flagged
// (then corrected by the user) instead of having its last keystroke silently refused.
constexpr double kTypingHeadroom = 100.0;

inline int typingMax(int max) { return int(std::min<double>(double(max) * kTypingHeadroom, 2'000'000'000.0)); }

inline QString outOfRange(double v, double min, double max, int decimals)
{
    const QLocale en(QLocale::English);
    return v > max ? QObject::tr("%1 is above the largest supported value, %2: not applied")
                         .arg(en.toString(v, 'f', decimals), en.toString(max, 'f', decimals))
                   : QObject::tr("%1 is below the smallest supported value, %2: not applied")
                         .arg(en.toString(v, 'f', decimals), en.toString(min, 'f', decimals));
}

inline QString partLabel(const PartBase& part)
{
    return QStringLiteral("%1 — %2").arg(QString::fromStdString(part.partNumber),
                                        QString::fromStdString(part.description));
}

} // namespace fp::gui::detail

namespace fp::gui {

using detail::readable;

template <typename Access>
void DesignPanel::addInt(QFormLayout* form, const QString& label, const QString& key, const QString& tip,
                         Access access, int min, int max, const QString& suffix, const QString& specialText)
{
    auto* spin = new QSpinBox(this);
    spin->setRange(min, detail::typingMax(max));
    spin->setKeyboardTracking(false);  // one command per committed value, not per keystroke
    spin->setGroupSeparatorShown(true);
    if (!suffix.isEmpty()) spin->setSuffix(QLatin1Char(' ') + suffix);
    if (!specialText.isEmpty()) spin->setSpecialValueText(specialText);
    Binding& b = bind(key, spin, tip, form, label);
    b.load = [this, spin, access, min, max] {
        const QSignalBlocker block(spin);
        const int value = access(readable(m_document));
        spin->setRange(std::min(min, value), std::max(detail::typingMax(max), value));  // see addDouble
        spin->setValue(value);
    };
    connect(spin, &QSpinBox::valueChanged, this, [this, key, label, access, min, max](int v) {
        if (v < min || v > max) return setRangeError(key, detail::outOfRange(v, min, max, 0));
        setRangeError(key, {});
        pushSpecChange<int>(m_document, key, access, v, tr("Change %1").arg(label));
    });
}

template <typename Access>
void DesignPanel::addDouble(QFormLayout* form, const QString& label, const QString& key, const QString& tip,
                            Access access, double min, double max, int decimals, const QString& suffix,
                            double step)
{
    auto* spin = new QDoubleSpinBox(this);
    spin->setRange(min, max * detail::kTypingHeadroom);
    spin->setDecimals(decimals);
    spin->setSingleStep(step);
    spin->setKeyboardTracking(false);
    spin->setGroupSeparatorShown(true);
    if (!suffix.isEmpty()) spin->setSuffix(QLatin1Char(' ') + suffix);
    Binding& b = bind(key, spin, tip, form, label);
    b.load = [this, spin, access, min, max] {
        const QSignalBlocker block(spin);
        const double value = access(readable(m_document));
        // A design file may hold a value past the editor's usual range (a spine room 3 km away):
        // show it, not a clamped one that the next edit of the field would silently write back.
        spin->setRange(std::min(min, value), std::max(max * detail::kTypingHeadroom, value));
        spin->setValue(value);
    };
    connect(spin, &QDoubleSpinBox::valueChanged, this, [this, key, label, access, min, max, decimals](double v) {
        if (v < min || v > max) return setRangeError(key, detail::outOfRange(v, min, max, decimals));
        setRangeError(key, {});
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

} // namespace fp::gui
