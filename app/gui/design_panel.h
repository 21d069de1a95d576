#pragma once
// DesignPanel: the whole ClusterSpec as grouped, validated form fields with units and tooltips.
// Every edit goes through the command facade (commands.h); fields are refreshed from the document (so undo
// shows up here) and fields named by validateSpec are framed red with the message in their tooltip.
// Fields behave as a person expects (issue 20): the mouse wheel scrolls the panel unless the field
// has focus; typed text that is not applied yet is marked and named in a hint (Enter/Tab applies, Esc
// reverts); Ctrl+Z in a field reverts its unapplied text, else undoes the document's last edit as the
// Edit menu says; a typed value past the field's range is kept and flagged, never clipped.
// Editing rules, one for every field (issue 41):
//  - a typed value the core would refuse (validateSpec: its range, or a problem it creates, such as
//    GPUs that do not fill whole nodes) stays red in the field, with the reason and the valid range,
//    and is not applied: the design keeps its last good value (propose());
//  - undo merges the edits of one field only within one edit session: leaving the field, committing
//    its text (Enter, Tab) or a pause (change_value.h, kMergeIdle) starts a new step;
//  - Esc (or Ctrl+Z) in a field with unapplied or refused text puts back the applied value;
//  - the notice over the fields floats over the visible part of the panel, away from the field being
//    edited, so it never moves a field.
#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QWidget>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "spec/design_fields.h"

class QFormLayout;
class QGroupBox;
class QLabel;
class QVBoxLayout;

namespace fp::gui {

class Document;

class DesignPanel : public QWidget {
    Q_OBJECT
public:
    explicit DesignPanel(Document* document, QWidget* parent = nullptr);

    // The editor bound to a spec field, by the field's key (last JSON path segment, e.g. "gpus").
    QWidget* editorFor(const QString& key) const;
    bool isFlagged(const QString& key) const;
    QStringList fieldKeys() const;
    // Typed text not yet applied to the design (Enter or Tab applies it).
    bool isPending(const QString& key) const;
    QString pendingHint() const;  // the hint shown over the fields; empty when nothing is pending
    // No silent override (issue 41): where the plan runs another value than the field says, the note
    // beside the field names the value in use, with the plan's finding (the Checks tab's) as its
    // tooltip; empty otherwise. Fields: planes, link speed, SU size, nodes per rack.
    QString inUseNote(const QString& key) const;
    QString inUseWhy(const QString& key) const;

    // What a typed part name means: the part number, or why there is none (shown on the field).
    struct PartSearch {
        std::optional<std::string> part;
        QString error;
    };
    using PartFinder = std::function<PartSearch(const QString& typed)>;

protected:
    bool eventFilter(QObject*, QEvent*) override;
    void moveEvent(QMoveEvent*) override;    // scrolled: the notice follows the visible part
    void resizeEvent(QResizeEvent*) override;

private:
    struct Binding {
        QString key;          // JSON path, e.g. "/compute/gpus"
        QWidget* editor = nullptr;
        QString tooltip;
        std::function<void()> load;  // spec -> editor
        bool flagged = false;
        bool pending = false;   // the editor's text differs from the applied value
        QString rangeError;     // a typed value outside [min, max]: kept in the editor, not applied
        QString label;
    };

    void build();
    void refresh();
    void applyValidation();
    Binding* bindingOf(const QObject* editorOrChild);
    Binding* bindingFor(const QString& key);
    void setPending(Binding&, bool);
    void setRangeError(const QString& key, const QString& error);
    void revert(Binding&);
    // Applies `value` to `field` unless the core would refuse the design with it; then the field keeps
    // the typed value, flagged with refusal()'s reason, and the design is not changed.
    template <typename T>
    void propose(const DesignField<T>& field, T value, int decimals = 0, const QString& undoText = {});
    // Why validateSpec refuses `candidate` (the design with the field at `path` changed): a problem at
    // that field, or one the change makes at another field that had none. Empty when it is accepted.
    // `range` and `value` word a range problem with grouped digits and say the valid range.
    QString refusal(const char* path, const ClusterSpec& candidate, const std::optional<FieldRange>& range,
                    std::optional<double> value, int decimals) const;
    // Places the notice over the visible part of the panel, at the bottom, or at the top when the
    // field being edited is down there.
    void placeHint();
    // Watches a spin box or line edit of a binding: wheel, undo keys, typing (see the class comment).
    void guard(QWidget* field);
    QFormLayout* addGroup(const QString& title);
    Binding& bind(const QString& key, QWidget* editor, const QString& tooltip, QFormLayout* form,
                  const QString& label);
    template <typename T>
    Binding& bind(const DesignField<T>& field, QWidget* editor, const QString& tooltip, QFormLayout* form)
    {
        return bind(QString::fromLatin1(field.path), editor, tooltip, form,
                    QCoreApplication::translate("DesignField", field.label));
    }

    // The binders: one editor per design field (spec/design_fields.h gives its path, label and unit);
    // min/max are the editor's usual range (a value past it is kept and flagged, not applied).
    void addInt(QFormLayout*, const DesignField<int>&, const QString& tip, int min, int max,
                const QString& specialText = {});
    void addDouble(QFormLayout*, const DesignField<double>&, const QString& tip, double min, double max, int decimals,
                   double step = 1.0, const QString& specialText = {});
    void addBool(QFormLayout*, const DesignField<bool>&, const QString& tip);
    template <typename E>
    void addEnum(QFormLayout*, const DesignField<E>&, const QString& tip,
                 const std::vector<std::pair<E, QString>>& choices);
    void addRatio(QFormLayout*, const DesignField<Ratio>&, const QString& tip);
    // Combo box of catalog part numbers; `choices` is re-read on every refresh (catalog, fabric filter).
    // With a finder it is searchable: typing filters the list, Enter takes the part the name means.
    // `apply` sets the chosen part (a Command:: that also applies the core's rule for it, chooseSwitch);
    // by default Command::setField.
    using PartSetter = std::function<bool(const std::string& part)>;
    void addPart(QFormLayout*, const DesignField<std::string>&, const QString& tip,
                 std::function<std::vector<std::pair<QString, QString>>()> choices, PartFinder find = {},
                 PartSetter apply = {});
    PartFinder switchFinder(bool emptyIsFabricSwitch);
    void addPriceSource(QFormLayout*);
    void addLinkSpeed(QFormLayout*);
    void addTechnology(QFormLayout*);
    void addPlatform(QFormLayout*);
    void addTierSwitches(QFormLayout*);
    // Puts a note label beside the bound editor of `path`, in the editor's form row (so showing a note
    // never moves another field), and fills every note from the plan on each planReady (showInUse).
    void addInUseNote(const char* path);
    void showInUse();

    Document* m_document;
    QVBoxLayout* m_layout = nullptr;
    std::vector<Binding> m_bindings;
    std::vector<QLabel*> m_labels;
    QLabel* m_hint = nullptr;
    QHash<QString, QLabel*> m_inUse;  // by the field's key (last path segment)
};

} // namespace fp::gui
