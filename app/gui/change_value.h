#pragma once
// The undo commands behind every design edit (after Tiled's ChangeValue and Subsurface's commands);
// app code pushes them through the facade in commands.h, not directly.
//  - ChangeField<T>: one scalar design field, through its trait (spec/design_fields.h). Its id is the
//    field's undo id, so consecutive edits of one field (spin box arrows, a drag) merge into one step,
//    but only within one edit session (FieldEdit): leaving the field, committing its text or a pause
//    of kMergeIdle starts a new step (issue 41: three values typed half a minute apart are three steps).
//  - ChangePins: index-based add / remove / edit of the media pins list.
#include <QString>
#include <QUndoCommand>

#include <QUndoStack>

#include <chrono>
#include <utility>

#include "document.h"
#include "spec/design_fields.h"

namespace fp::gui {

// QUndoCommand ids of design fields: this base plus the field's undo id (distinct from other commands).
constexpr int kFieldUndoIdBase = 0x5f00;

// Edits further apart than this are separate undo steps even in one field: the user paused, so undo
// should stop there (a few seconds; spin box arrows and wheel ticks come well under it).
constexpr std::chrono::milliseconds kMergeIdle{2000};

// An undo step that stays open for the next edit of the same field while the user is still at it:
// until close() (the panel calls closeEditSession when a field is left or its text committed) or
// until kMergeIdle passes without an edit.
class FieldEdit : public QUndoCommand {
public:
    using QUndoCommand::QUndoCommand;
    void close() { m_closed = true; }

protected:
    using Clock = std::chrono::steady_clock;
    // `next` (the newer edit) may merge into this one; on merging this step's clock moves to next's.
    bool takes(const FieldEdit& next) const { return !m_closed && next.m_at - m_at < kMergeIdle; }
    void touched(const FieldEdit& next) { m_at = next.m_at; }

private:
    Clock::time_point m_at = Clock::now();
    bool m_closed = false;
};

// Ends the edit session of the stack's latest step: the next edit, of any field, is a step of its own.
inline void closeEditSession(QUndoStack* stack)
{
    if (stack->index() <= 0) return;
    const QUndoCommand* last = stack->command(stack->index() - 1);
    if (auto* edit = dynamic_cast<const FieldEdit*>(last)) const_cast<FieldEdit*>(edit)->close();
}

template <typename T>
class ChangeField : public FieldEdit {
public:
    ChangeField(Document* document, const DesignField<T>& field, T newValue, const QString& text,
                QUndoCommand* parent = nullptr)
        : FieldEdit(text, parent), m_document(document), m_field(&field), m_old(field.of(document->spec())),
          m_new(std::move(newValue))
    {
    }

    void redo() override { apply(m_new); }
    void undo() override { apply(m_old); }
    int id() const override { return kFieldUndoIdBase + m_field->undoId; }

    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* o = dynamic_cast<const ChangeField<T>*>(other);
        if (!o || o->m_field != m_field || o->m_document != m_document || !takes(*o)) return false;
        m_new = o->m_new;
        touched(*o);
        setObsolete(m_new == m_old);  // edited back to where it started: drop the step
        return true;
    }

    const DesignField<T>& field() const { return *m_field; }

private:
    void apply(const T& value)
    {
        ClusterSpec spec = m_document->spec();
        m_field->set(spec, value);
        m_document->applySpecFromCommand(spec);
    }

    Document* m_document;
    const DesignField<T>* m_field;
    T m_old;
    T m_new;
};

// Marks the NIC as the user's own choice (Document::nicChosen), inside the undo step that sets it: undone
// with it, so an undone choice no longer pins the NIC.
class MarkNicChosen : public QUndoCommand {
public:
    MarkNicChosen(Document* document, QUndoCommand* parent = nullptr)
        : QUndoCommand(parent), m_document(document), m_old(document->nicChosen())
    {
    }
    void redo() override { m_document->setNicChosenFromCommand(true); }
    void undo() override { m_document->setNicChosenFromCommand(m_old); }

private:
    Document* m_document;
    bool m_old;
};

// One edit of the media pins list, by index; undo puts the list back exactly (order included).
class ChangePins : public QUndoCommand {
public:
    enum class Kind { Add, Remove, Edit };
    ChangePins(Document*, Kind, int index, MediaPin pin, const QString& text, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document* m_document;
    Kind m_kind;
    int m_index;
    MediaPin m_pin;  // added, or the new value of an edit
    MediaPin m_old;  // removed, or the value before an edit
};

// The site (floor.site), whole: undo puts the halls and routes back exactly.
class ChangeSite : public QUndoCommand {
public:
    ChangeSite(Document* document, SiteSpec site)
        : QUndoCommand(QCoreApplication::translate("Command", "Change site")), m_document(document),
          m_old(document->spec().floor.site), m_new(std::move(site))
    {
    }
    void redo() override { apply(m_new); }
    void undo() override { apply(m_old); }

private:
    void apply(const SiteSpec& site)
    {
        ClusterSpec spec = m_document->spec();
        spec.floor.site = site;
        m_document->applySpecFromCommand(spec);
    }
    Document* m_document;
    SiteSpec m_old, m_new;
};

// The design's other networks (issue 38), the whole list at once: undo puts the list back exactly.
class ChangeNetworks : public QUndoCommand {
public:
    ChangeNetworks(Document* document, std::vector<NetworkSpec> networks, const QString& text)
        : QUndoCommand(text), m_document(document), m_old(document->spec().networks), m_new(std::move(networks))
    {
    }
    void redo() override { apply(m_new); }
    void undo() override { apply(m_old); }

private:
    void apply(const std::vector<NetworkSpec>& networks)
    {
        ClusterSpec spec = m_document->spec();
        spec.networks = networks;
        m_document->applySpecFromCommand(spec);
    }
    Document* m_document;
    std::vector<NetworkSpec> m_old, m_new;
};

} // namespace fp::gui
