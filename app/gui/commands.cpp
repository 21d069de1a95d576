#include "commands.h"

#include "plan/cluster_plan.h"

#include <QUndoStack>

#include <optional>
#include <stdexcept>

#include "catalog/platforms.h"
#include "common/error.h"
#include "plan/fabric_defaults.h"
#include "spec/validate.h"

namespace fp::gui {

ChangePins::ChangePins(Document* document, Kind kind, int index, MediaPin pin, const QString& text,
                       QUndoCommand* parent)
    : QUndoCommand(text, parent), m_document(document), m_kind(kind), m_index(index), m_pin(std::move(pin))
{
    if (kind != Kind::Add) m_old = document->spec().media.pins.at(std::size_t(index));
}

void ChangePins::redo()
{
    ClusterSpec spec = m_document->spec();
    auto& pins = spec.media.pins;
    switch (m_kind) {
    case Kind::Add: pins.insert(pins.begin() + m_index, m_pin); break;
    case Kind::Remove: pins.erase(pins.begin() + m_index); break;
    case Kind::Edit: pins[std::size_t(m_index)] = m_pin; break;
    }
    m_document->applySpecFromCommand(spec);
}

void ChangePins::undo()
{
    ClusterSpec spec = m_document->spec();
    auto& pins = spec.media.pins;
    switch (m_kind) {
    case Kind::Add: pins.erase(pins.begin() + m_index); break;
    case Kind::Remove: pins.insert(pins.begin() + m_index, m_old); break;
    case Kind::Edit: pins[std::size_t(m_index)] = m_old; break;
    }
    m_document->applySpecFromCommand(spec);
}

namespace Command {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("Command", text); }

void requirePinIndex(Document* document, int index, bool end)
{
    const int size = int(document->spec().media.pins.size());
    if (index < 0 || index > size || (!end && index == size))
        throw std::out_of_range("pin index " + std::to_string(index) + " of " + std::to_string(size));
}

} // namespace

void setTechnology(Document* document, FabricKind fabric)
{
    if (fabric == document->spec().fabric) return;
    QUndoStack* stack = document->undoStack();
    stack->beginMacro(tr("Change technology to %1").arg(QString::fromUtf8(displayName(fabric))));
    setField(document, fields::technology, fabric);
    if (auto catalog = document->catalog()) {
        // Defaults that fit (core rule, plan/fabric_defaults.h): the current switch where it runs the
        // fabric cleanly, else the one plan/ranking.h picks (capex + energy, fewer tiers within 2 %).
        try {
            const ClusterSpec picked = plan::partsForFabric(document->spec(), fabric, *catalog, true).spec;
            if (picked.genericRadix == 0) setField(document, fields::switchModel, picked.switchModel);
            for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core})
                setField(document, switchFieldOf(t), switchFieldOf(t).of(picked));
            setField(document, fields::nic, picked.nicModel);
        } catch (const UserError&) {
            // Nothing in the catalog builds it: keep the parts; the plan shows why.
        }
    }
    stack->endMacro();
}

bool chooseSwitch(Document* document, const std::string& part)
{
    if (part == document->spec().switchModel) return false;
    ClusterSpec next = document->spec();
    next.switchModel = part;
    std::optional<plan::NicForSwitch> fit;
    if (auto catalog = document->catalog(); catalog && !document->nicChosen())
        fit = plan::nicForNamedSwitch(next, *catalog);
    if (!fit) return setField(document, fields::switchModel, part);
    QUndoStack* stack = document->undoStack();
    stack->beginMacro(tr("Choose switch %1 and NIC %2")
                          .arg(QString::fromStdString(part), QString::fromStdString(fit->spec.nicModel)));
    setField(document, fields::switchModel, part);
    setField(document, fields::nic, fit->spec.nicModel);
    setField(document, fields::linkGbps, fit->spec.linkGbps);
    stack->endMacro();
    document->announce(QString::fromStdString(fit->why) +
                       tr(" (choose a NIC in the design panel to keep another; Undo takes both back)"));
    return true;
}

bool chooseNic(Document* document, const std::string& part)
{
    if (part == document->spec().nicModel) return false;
    QUndoStack* stack = document->undoStack();
    stack->beginMacro(QCoreApplication::translate("Command", "Change %1").arg(labelOf(fields::nic.label)));
    setField(document, fields::nic, part);
    stack->push(new MarkNicChosen(document));
    stack->endMacro();
    return true;
}

void choosePlatform(Document* document, const std::string& id)
{
    if (id == document->spec().platform) return;
    ClusterSpec next = document->spec();
    next.platform = id;
    if (auto c = document->catalog())
        if (const PlatformModel* p = c->findPlatform(id)) applyPlatform(next, *p);
    // One undo step for everything the platform sets.
    QUndoStack* stack = document->undoStack();
    stack->beginMacro(tr("Choose platform %1").arg(QString::fromStdString(id.empty() ? "none" : id)));
    using namespace fields;
    setField(document, platform, next.platform);
    setField(document, gpusPerNode, next.gpusPerNode);
    setField(document, nicsPerNode, next.nicsPerNode);
    setField(document, nic, next.nicModel);
    setField(document, nodesPerRack, next.floor.nodesPerRack);
    setField(document, nodePowerKw, next.floor.nodePowerKw);
    setField(document, rackPowerBudgetKw, next.floor.rackPowerBudgetKw);
    stack->endMacro();
}

bool setTierSwitch(Document* document, Tier tier, const std::string& part)
{
    return setField(document, switchFieldOf(tier), part);
}

void addPin(Document* document, const MediaPin& pin, int index)
{
    if (index < 0) index = int(document->spec().media.pins.size());
    requirePinIndex(document, index, true);
    document->undoStack()->push(new ChangePins(document, ChangePins::Kind::Add, index, pin,
                                               tr("Pin %1 for %2")
                                                   .arg(QString::fromStdString(pin.part),
                                                        QString::fromStdString(pin.linkClass))));
}

void removePin(Document* document, int index)
{
    requirePinIndex(document, index, false);
    const MediaPin& pin = document->spec().media.pins[std::size_t(index)];
    document->undoStack()->push(new ChangePins(document, ChangePins::Kind::Remove, index, pin,
                                               tr("Remove pin %1").arg(QString::fromStdString(pin.part))));
}

bool editPin(Document* document, int index, const MediaPin& pin)
{
    requirePinIndex(document, index, false);
    if (document->spec().media.pins[std::size_t(index)] == pin) return false;
    document->undoStack()->push(new ChangePins(document, ChangePins::Kind::Edit, index, pin,
                                               tr("Change pin %1").arg(index + 1)));
    return true;
}

QString setNetworks(Document* document, std::vector<NetworkSpec> networks, const QString& text)
{
    if (networks == document->spec().networks) return {};
    ClusterSpec next = document->spec();
    next.networks = networks;
    if (const auto catalog = document->catalog())
        if (const std::optional<UserError> refused = networkRefusalOf(next, *catalog))
            return QString::fromStdString(refused->oneLine());
    document->undoStack()->push(new ChangeNetworks(document, std::move(networks), text));
    return {};
}

QString setSite(Document* document, SiteSpec site)
{
    if (site == document->spec().floor.site) return {};
    ClusterSpec next = document->spec();
    next.floor.site = site;
    for (const SpecProblem& p : validateSpec(next))
        if (p.field.rfind("/floor/site", 0) == 0)
            return QString::fromStdString(p.field + ": " + p.message + (p.fix.empty() ? "" : " — " + p.fix));
    document->undoStack()->push(new ChangeSite(document, std::move(site)));
    return {};
}

} // namespace Command
} // namespace fp::gui
