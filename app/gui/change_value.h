#pragma once
// ChangeSpecValue<T>: the one undo command for editing a spec field (after Tiled's ChangeValue).
// Repeated edits of the same field (spin box arrows, a drag) merge into one undo step.
#include <QString>
#include <QUndoCommand>

#include <functional>
#include <utility>

#include "document.h"

namespace fp::gui {

constexpr int kChangeSpecValueId = 0x5f1e;

template <typename T>
class ChangeSpecValue : public QUndoCommand {
public:
    using Accessor = std::function<T&(ClusterSpec&)>;

    // `field` identifies the field for merging (its JSON path, e.g. "/compute/gpus").
    ChangeSpecValue(Document* document, QString field, Accessor access, T newValue, const QString& text,
                    QUndoCommand* parent = nullptr)
        : QUndoCommand(text, parent), m_document(document), m_field(std::move(field)),
          m_access(std::move(access)), m_new(std::move(newValue))
    {
        ClusterSpec current = document->spec();
        m_old = m_access(current);
    }

    void redo() override { apply(m_new); }
    void undo() override { apply(m_old); }
    int id() const override { return kChangeSpecValueId; }

    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* o = dynamic_cast<const ChangeSpecValue<T>*>(other);
        if (!o || o->m_field != m_field || o->m_document != m_document) return false;
        m_new = o->m_new;
        setObsolete(m_new == m_old);  // edited back to where it started: drop the step
        return true;
    }

    const QString& field() const { return m_field; }

private:
    void apply(const T& value)
    {
        ClusterSpec spec = m_document->spec();
        m_access(spec) = value;
        m_document->applySpecFromCommand(spec);
    }

    Document* m_document;
    QString m_field;
    Accessor m_access;
    T m_old{};
    T m_new;
};

// Pushes a ChangeSpecValue unless the value is already what the spec holds.
template <typename T>
void pushSpecChange(Document* document, const QString& field,
                    typename ChangeSpecValue<T>::Accessor access, T value, const QString& text)
{
    ClusterSpec current = document->spec();
    if (access(current) == value) return;
    document->undoStack()->push(
        new ChangeSpecValue<T>(document, field, std::move(access), std::move(value), text));
}

} // namespace fp::gui
