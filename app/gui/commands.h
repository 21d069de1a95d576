#pragma once
// Command::…: the one facade every design edit in the GUI goes through (after Subsurface's Command::
// functions). Each function pushes one undo step (or none when nothing changes) onto the document's
// stack; rules between fields come from the core (plan/fabric_defaults.h, catalog/platforms.h), so the
// CLI and the GUI apply the same ones.
#include <QCoreApplication>
#include <QString>

#include <string>
#include <type_traits>

#include "change_value.h"
#include "common/tier.h"
#include "document.h"
#include "spec/design_fields.h"

namespace fp::gui::Command {

// The field's label as people read it in this language ("Change GPUs").
inline QString labelOf(const char* label) { return QCoreApplication::translate("DesignField", label); }

// Sets one scalar field; false (and no undo step) when it already holds the value. Consecutive edits
// of the same field merge into one undo step.
template <typename T>
bool setField(Document* document, const DesignField<T>& field, std::type_identity_t<T> value, const QString& text = {})
{
    if (field.of(document->spec()) == value) return false;
    document->undoStack()->push(new ChangeField<T>(
        document, field, std::move(value),
        text.isEmpty() ? QCoreApplication::translate("Command", "Change %1").arg(labelOf(field.label)) : text));
    return true;
}

// The technology, and in the same undo step the switch and NIC the core picks for it where the current
// ones cannot run it (plan::partsForFabric).
void setTechnology(Document*, FabricKind);
// The fabric's switch, as the CLI's --switch: where the NIC is not the user's own choice (chooseNic) and
// runs slower than the switch's native ports, in the same undo step the NIC the core picks for it
// (plan::nicForNamedSwitch, the CLI's rule) and its note through Document::announce. False when nothing changed.
bool chooseSwitch(Document*, const std::string& part);
// The NIC, as the CLI's --nic: the user's own choice, kept when a switch is chosen later.
bool chooseNic(Document*, const std::string& part);
// A catalog platform ("" = none) and, in the same step, what it sets (applyPlatform).
void choosePlatform(Document*, const std::string& platformId);
// A tier's own switch (leaf, spine or core); "" = the fabric's switch.
bool setTierSwitch(Document*, Tier, const std::string& part);

// The media pins list, by index (0 .. size for add; -1 appends).
void addPin(Document*, const MediaPin&, int index = -1);
void removePin(Document*, int index);
bool editPin(Document*, int index, const MediaPin&);

// The design's other networks (storage, in-band, OOB), replaced as one undo step. The core decides what
// is refused (networkRefusalOf: what `plan` and `validate` refuse): a refused list is not applied and the
// reason comes back with the field's path ("/networks/0/endpoints (storage): ... — fix"); empty when
// applied or unchanged.
QString setNetworks(Document*, std::vector<NetworkSpec>, const QString& text);

// The site (floor.site: halls, buildings, routes), replaced as one undo step. Refused as validateSpec
// refuses it (a hall without rows, a building no route reaches): the reason with the field's path
// ("/floor/site/routes: ... — fix"); empty when applied or unchanged.
QString setSite(Document*, SiteSpec);

} // namespace fp::gui::Command
