#include "io/netbox_model.h"

#include <cctype>
#include <cmath>

#include "common/error.h"
#include "io/export_support.h"
#include "io/name_safety.h"
#include "io/netbox_names.h"
#include "layout/layout_constants.h"

namespace fp::io {
namespace {

// Node height in U, from the floor model's vertical pitch of one server (layout_constants.h).
const int kNodeRackUnits = int(std::lround(layout_constants::kNodePitchM / 0.04445));

// InterfaceTypeChoices values (dcim/choices.py) for a port of this speed and cage.
std::string interfaceType(bool infiniband, int gbps, const std::string& cage)
{
    if (infiniband) {
        switch (gbps) {
        case 100: return "infiniband-edr";
        case 200: return "infiniband-hdr";
        case 400: return "infiniband-ndr";
        case 800: return "infiniband-xdr";
        default: return "other";
        }
    }
    const bool osfp = cage.find("OSFP") != std::string::npos;
    switch (gbps) {
    case 100: return "100gbase-x-qsfp28";
    case 200: return "200gbase-x-qsfp56";
    case 400: return osfp ? "400gbase-x-osfp" : cage == "QSFP112" ? "400gbase-x-qsfp112" : "400gbase-x-qsfpdd";
    case 800: return osfp ? "800gbase-x-osfp" : "800gbase-x-qsfpdd";
    default: return "other";
    }
}

bool startsWith(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

// The manufacturer as devicetype-library spells it, so types imported from the library and ours
// share one manufacturer: the library writes "Nvidia" where the catalog writes "NVIDIA".
std::string libraryManufacturer(const std::string& vendor)
{
    return netboxSlug(vendor) == "nvidia" ? std::string("Nvidia") : vendor;
}

void checkName(const std::string& what, const std::string& value, std::size_t max, const std::string& fix)
{
    requireCleanName(what, value, max, "NetBox import", fix);
    requireNotFormula(what, value, "NetBox import", fix);
}

// A switch port's interface name in a naming scheme, from its faceplate name ("17/2").
std::string faceName(NetboxSwitchNaming naming, const std::string& face)
{
    if (naming == NetboxSwitchNaming::Faceplate) return face;
    const auto slash = face.find('/');
    const int cage = std::atoi(face.c_str());
    const int sub = slash == std::string::npos ? 1 : std::atoi(face.c_str() + slash + 1);
    switch (naming) {
    case NetboxSwitchNaming::QuantumTwinDot: return "P" + std::to_string(cage - 1) + "." + std::to_string(sub - 1);
    case NetboxSwitchNaming::XdrSwP: return "sw" + std::to_string(cage) + "p" + std::to_string(sub);
    case NetboxSwitchNaming::SwpN: return "swp" + std::to_string(cage);
    case NetboxSwitchNaming::Faceplate: break;
    }
    return face;
}

} // namespace

std::string netboxInterfaceType(bool infiniband, int gbps, const std::string& cage)
{
    return interfaceType(infiniband, gbps, cage);
}

std::string netboxSlug(const std::string& s, std::size_t max)
{
    std::string out;
    for (unsigned char c : s) {
        if (std::isalnum(c) && c < 0x80) out += char(std::tolower(c));
        else if (!out.empty() && out.back() != '-') out += '-';
        if (out.size() >= max) break;
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out;
}

std::string netboxDevicePrefix(const ExportContext& ctx)
{
    if (!ctx.options.netboxPrefix.empty()) return ctx.options.netboxPrefix;
    const std::string slug = netboxSlug(ctx.plan.spec.name, 20);
    return slug.empty() ? std::string() : slug + "-";
}

NetboxModel::NetboxModel(const ExportContext& ctx) : plan_(ctx.plan)
{
    const Plan& plan = ctx.plan;
    const Fabric& f = plan.fabric;
    const bool ib = plan.spec.fabric == FabricKind::InfiniBand;

    site_ = netboxSite(plan.spec);
    checkName("The design name (NetBox site)", site_, kNetboxNameMax, "rename the design");
    siteSlug_ = netboxSlug(site_);
    if (siteSlug_.empty()) siteSlug_ = "fabricplan-site";  // a name with no ASCII letter or digit

    prefix_ = netboxDevicePrefix(ctx);
    for (unsigned char c : prefix_)
        if (!(std::isalnum(c) || c == '-' || c == '_' || c == '.') || c >= 0x80)
            throw UserError("the NetBox device-name prefix \"" + escapeControlChars(prefix_) +
                                "\" may hold only ASCII letters, digits, '-', '_' and '.'",
                            "NetBox import", "choose another prefix");
    if (prefix_.size() > kNetboxPrefixMax)
        throw UserError("the NetBox device-name prefix \"" + prefix_ + "\" is longer than " +
                            std::to_string(kNetboxPrefixMax) + " characters",
                        "NetBox import", "choose a shorter prefix");
    requireNotFormula("The NetBox device-name prefix", prefix_, "NetBox import", "choose another prefix");

    // Servers: not catalog parts, one generic type per GPU count.
    nodeType_.manufacturer = kNetboxNodeManufacturer;
    nodeType_.manufacturerSlug = netboxSlug(nodeType_.manufacturer);
    nodeType_.model = netboxNodeType(plan.spec);
    nodeType_.slug = netboxSlug(nodeType_.manufacturer + "-" + nodeType_.model);
    nodeType_.uHeight = kNodeRackUnits;
    const int nodePorts = f.nicsPerNode * std::max(1, f.shape.linksPerNic());
    for (int p = 0; p < nodePorts && f.nodeCount > 0; ++p)
        nodeType_.interfaces.push_back({f.portName(0, std::uint16_t(p)),
                                        interfaceType(ib, f.shape.linkGbps, plan.hardware.nic.cageType)});

    // Switches: one device type per model (per-tier switches differ in ports and cages) and port layout.
    // A model's ports and cage split are those of the tiers it serves; a model that is a leaf and also a
    // spine or core, where the leaf's ports are laid out otherwise (host ports at a lower speed than its
    // uplinks: an SN5600 leaf of 200G ports under 400G spines of the same model), gets a second type
    // for the higher tiers, named by their port speed, so a spine's interfaces are its real ports.
    const auto addType = [&](std::uint8_t m, Tier served, const std::string& suffix) {
        const int ports = f.shape.portsOfTier[std::size_t(switchTierIndex(served))] > 0
                              ? f.shape.portsOfTier[std::size_t(switchTierIndex(served))]
                              : f.shape.switchPorts;
        NetboxSwitchNaming naming = NetboxSwitchNaming::Faceplate;
        NetboxDeviceType type = switchType(plan.hardware.switchModel(m), ports, f.portsPerCage(served), served, naming);
        if (!suffix.empty()) {
            type.model += suffix;
            type.slug = netboxSlug(type.slug + suffix);
            checkName("The switch part number", type.model, kNetboxNameMax, "edit the part in the catalog");
        }
        switchTypes_.push_back(std::move(type));
        namings_.push_back(naming);
        return switchTypes_.size() - 1;
    };
    for (std::uint8_t m = 0; m < plan.hardware.switches.size(); ++m) {
        Tier lowest = Tier::Leaf, highest = Tier::Leaf;
        bool leaf = false, above = false;
        for (Tier t : {Tier::Core, Tier::Spine, Tier::Leaf})
            if (switchTierIndex(t) < f.shape.tiers && plan.hardware.modelOf(t) == m) {
                lowest = t;
                if (t == Tier::Leaf) leaf = true;
                else if (!above) above = true, highest = t;
            }
        const std::size_t first = addType(m, leaf || !above ? lowest : highest, "");
        const bool laidOutOtherwise = leaf && above &&
                                      (f.portsPerCage(Tier::Leaf) != f.portsPerCage(highest) ||
                                       (f.shape.fabricGbps > 0 && f.shape.fabricGbps != f.shape.linkGbps));
        typeAtLeaf_.push_back(first);
        typeAbove_.push_back(laidOutOtherwise ? addType(m, highest, " (" + std::to_string(f.shape.fabricSpeed()) + "G ports)") : first);
    }

    // Locations (one per row, one for the spine room), racks, and U positions stacked from U1. A floor of
    // halls (core/layout/README.md "Halls", "Sites") nests them: a location per hall, first (NetBox looks a
    // parent up by name), its rows and its spine room inside it, and the core room on its own.
    const bool halls = plan.layout.halls > 1;
    const SitePlacement& site = plan.layout.site;
    std::map<std::pair<int, int>, std::string> locationOf;  // (row, hall) -> location
    if (halls)
        for (const Rack& r : plan.layout.racks)
            if (r.hall >= 0 && !locationOf.count({-2, r.hall})) {
                const std::string name = site.hallName(r.hall);
                locationOf[{-2, r.hall}] = name;
                locations_.push_back({name, netboxSlug(name), ""});
            }
    for (const Rack& r : plan.layout.racks) {
        const std::pair<int, int> key{r.row, r.row < 0 && halls ? r.hall : 0};
        if (locationOf.count(key)) continue;
        char buf[32];
        std::snprintf(buf, sizeof buf, "Row %02d", r.row + 1);
        std::string name = r.row >= 0 ? std::string(buf) : !halls ? std::string("Spine room")
                           : r.hall < 0 ? std::string("Core room") : "Spine room " + site.hallName(r.hall);
        locationOf[key] = name;
        locations_.push_back({name, netboxSlug(name), halls && r.hall >= 0 ? site.hallName(r.hall) : ""});
    }
    const auto locationOfRack = [&](const Rack& r) { return locationOf[{r.row, r.row < 0 && halls ? r.hall : 0}]; };
    for (const Rack& r : plan.layout.racks) racks_.push_back({r.name, locationOfRack(r)});
    std::vector<int> nextU(plan.layout.racks.size(), 1);
    placements_.resize(f.devices.size());
    std::size_t longest = 0;
    DeviceId longestId = 0;
    for (DeviceId id = 0; id < f.devices.size(); ++id) {
        NetboxDevicePlacement& p = placements_[id];
        const auto rack = id < plan.layout.rackOfDevice.size() ? plan.layout.rackOfDevice[id] : ~0u;
        if (rack < plan.layout.racks.size()) {
            p.rack = plan.layout.racks[rack].name;
            p.location = locationOfRack(plan.layout.racks[rack]);
            const int h = typeOf(id).uHeight;
            if (nextU[rack] + h - 1 <= kNetboxRackUnits) p.position = nextU[rack];
            nextU[rack] += h;
        }
        const std::size_t len = f.deviceName(id).size();
        if (len > longest) longest = len, longestId = id;
    }
    if (!f.devices.empty())
        requireCleanName("The NetBox device name", deviceName(longestId), kNetboxDeviceNameMax, "NetBox import",
                         "choose a shorter device-name prefix or design name");
}

NetboxDeviceType NetboxModel::switchType(const SwitchModel& sw, int ports, int portsPerCage, Tier served,
                                         NetboxSwitchNaming& naming) const
{
    // The devicetype-library's model and port names where the library has this switch and its ports
    // run unsplit (a split port has no interface in the library's file).
    const bool ib = plan_.spec.fabric == FabricKind::InfiniBand;
    const int ppc = std::max(1, portsPerCage);
    const std::string& pn = sw.partNumber;
    NetboxDeviceType type;
    // The library has QM9700, Q3400-RA and SN5600 (device-types/Nvidia/*.yaml); not QM9790 or QM8700.
    if (startsWith(pn, "MQM9700") && ppc == 2) {
        type = {"Nvidia", "nvidia", "QM9700", "nvidia-qm9700", pn, 1, true, {}};
        naming = NetboxSwitchNaming::QuantumTwinDot;  // P0.0 ... P31.1
    } else if (startsWith(pn, "Q3400-RA") && ppc == 2) {
        type = {"Nvidia", "nvidia", "Q3400-RA", "nvidia-q3400-ra", pn, 4, true, {}};
        naming = NetboxSwitchNaming::XdrSwP;          // sw1p1 ... sw72p2
    } else if (pn == "SN5600" && ppc == 1) {
        type = {"Nvidia", "nvidia", "SN5600", "nvidia-sn5600", pn, 2, true, {}};
        naming = NetboxSwitchNaming::SwpN;            // swp1 ... swp64
    } else {
        naming = NetboxSwitchNaming::Faceplate;
        type.manufacturer = libraryManufacturer(sw.vendor);
        type.manufacturerSlug = netboxSlug(type.manufacturer);
        type.model = pn;
        type.slug = netboxSlug(type.manufacturer + "-" + pn);
        type.partNumber = pn;
        type.uHeight = std::max(1, sw.rackUnits);
    }
    checkName("The switch vendor", type.manufacturer, kNetboxNameMax, "edit the part in the catalog");
    checkName("The switch part number", type.model, kNetboxNameMax, "edit the part in the catalog");
    // A leaf's ports run at the host speed, a spine's and a core's at the fabric speed (FabricShape::gbpsOf).
    const int portGbps = served == Tier::Leaf ? plan_.fabric.shape.linkGbps : plan_.fabric.shape.fabricSpeed();
    const std::string ifType = naming == NetboxSwitchNaming::QuantumTwinDot
                                   ? "400gbase-x-osfp"
                                   : interfaceType(ib, portGbps, sw.cageType);
    // A leaf whose uplinks run faster than its host ports (FabricShape::leafPortsPerUplink): from the first
    // uplink port on, one interface per uplink at the fabric speed, typed by the cage that runs it (an
    // SN2201's QSFP28 uplink cages after its RJ45 ports: switchCage).
    const FabricShape& shape = plan_.fabric.shape;
    const bool twoSpeeds = served == Tier::Leaf && shape.tiers > 1 && shape.fabricGbps > 0;
    const int k = twoSpeeds ? std::max(1, shape.leafPortsPerUplink) : 1;
    const std::string uplinkIfType =
        twoSpeeds ? interfaceType(ib, shape.fabricGbps, switchCage(sw, shape.fabricGbps).formFactor) : ifType;
    for (int p = 0; p < ports; ++p) {
        const bool uplink = twoSpeeds && p >= shape.leafUplinkBase;
        if (uplink && (p - shape.leafUplinkBase) % k != 0) continue;  // the other host-speed ports of an uplink
        // The faceplate name of switch port p, as Fabric::portName prints it, without needing a switch id.
        type.interfaces.push_back({faceName(naming, plan_.fabric.switchPortName(served, std::uint16_t(p))),
                                   uplink ? uplinkIfType : ifType});
    }
    return type;
}

std::string NetboxModel::deviceName(DeviceId id) const { return prefix_ + plan_.fabric.deviceName(id); }

std::size_t NetboxModel::typeIndexOf(DeviceId id) const
{
    const Device& d = plan_.fabric.devices.at(id);
    return d.tier == Tier::Leaf ? typeAtLeaf_.at(d.model) : typeAbove_.at(d.model);
}

const NetboxDeviceType& NetboxModel::typeOf(DeviceId id) const
{
    const Device& d = plan_.fabric.devices.at(id);
    return d.tier == Tier::Node ? nodeType_ : switchTypes_.at(typeIndexOf(id));
}

const NetboxRole& NetboxModel::roleOf(DeviceId id) const
{
    static const std::vector<NetboxRole> all = [] {
        std::vector<NetboxRole> v;
        // Colours: NetBox's palette (utilities/choices.py ColorChoices), one per tier.
        const char* colors[] = {"2196f3", "4caf50", "ff9800", "9c27b0"};
        for (Tier t : {Tier::Node, Tier::Leaf, Tier::Spine, Tier::Core})
            v.push_back({netboxRole(t), netboxSlug(netboxRole(t)), colors[int(t)]});
        return v;
    }();
    return all.at(std::size_t(plan_.fabric.devices.at(id).tier));
}

std::vector<NetboxRole> NetboxModel::roles() const
{
    std::vector<NetboxRole> out;
    std::vector<bool> seen(4, false);
    for (DeviceId id = 0; id < plan_.fabric.devices.size(); ++id) {
        const auto t = std::size_t(plan_.fabric.devices[id].tier);
        if (!seen[t]) seen[t] = true, out.push_back(roleOf(id));
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> NetboxModel::manufacturers() const
{
    std::vector<std::pair<std::string, std::string>> out{{nodeType_.manufacturer, nodeType_.manufacturerSlug}};
    for (const NetboxDeviceType& t : switchTypes_)
        if (std::none_of(out.begin(), out.end(), [&](const auto& m) { return m.second == t.manufacturerSlug; }))
            out.emplace_back(t.manufacturer, t.manufacturerSlug);
    return out;
}

std::string NetboxModel::interfaceName(DeviceId id, const std::string& face) const
{
    const Device& d = plan_.fabric.devices.at(id);
    return d.tier == Tier::Node ? face : faceName(namings_.at(typeIndexOf(id)), face);
}

std::vector<std::string> netboxDeviceHeader()
{
    return {"name", "role", "manufacturer", "device_type", "status", "site", "location", "rack", "position",
            "face", "description"};
}

std::vector<std::string> netboxDeviceRecord(const NetboxModel& m, const Plan& plan, DeviceId id)
{
    const NetboxDeviceType& t = m.typeOf(id);
    const NetboxDevicePlacement& p = m.placement(id);
    return {m.deviceName(id), m.roleOf(id).name, t.manufacturer, t.model, "planned", m.site(), p.location, p.rack,
            p.position ? std::to_string(p.position) : std::string(), p.position ? "front" : "",
            deviceDescription(plan.fabric.devices[id])};
}

std::vector<std::string> netboxCableHeader()
{
    return {"side_a_site", "side_a_device", "side_a_type", "side_a_name", "side_b_site", "side_b_device",
            "side_b_type", "side_b_name", "type", "status", "label", "length", "length_unit", "description"};
}

std::vector<std::vector<std::string>> netboxCableRecords(const NetboxModel& m, const Plan& plan, const CableRow& c)
{
    std::string description = c.cablePart;
    if (!c.aModule.empty() || !c.zModule.empty()) description += " (modules " + c.aModule + " / " + c.zModule + ")";
    // Server ports are "nicN" (Fabric::portName); switch ports are cage numbers.
    // Each end's device id from the leg's link (a per-tier switch names its ports its own way).
    const auto record = [&](const CableLeg& leg, const std::string& label) {
        const Link& l = plan.fabric.links.at(leg.link);
        const DeviceId aId = plan.fabric.deviceName(l.a) == leg.aDevice ? l.a : l.b;
        const DeviceId zId = aId == l.a ? l.b : l.a;
        return std::vector<std::string>{m.site(), m.deviceName(leg.aDevice), "dcim.interface", m.interfaceName(aId, leg.aPort),
                                        m.site(), m.deviceName(leg.zDevice), "dcim.interface", m.interfaceName(zId, leg.zPort),
                                        netboxCableType(c.media, plan.spec), "planned", label,
                                        formatNumber(c.lengthM, 2), "m", description};
    };
    // NetBox terminates a cable on interfaces: a splitter is one record per leg, labelled "<cable>/<leg>",
    // so every link (interface pair) is imported.
    std::vector<std::vector<std::string>> out;
    if (c.legs.size() <= 1) {
        out.push_back(record(c.legs.empty() ? CableLeg{} : c.legs.front(), cableId(c.index)));
        return out;
    }
    for (std::size_t k = 0; k < c.legs.size(); ++k)
        out.push_back(record(c.legs[k], cableId(c.index) + "/" + std::to_string(k + 1)));
    return out;
}

} // namespace fp::io
