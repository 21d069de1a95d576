#pragma once
// Internal: every object FabricPlan asks NetBox to create, with the names, slugs and choices NetBox
// checks on import (netbox/dcim/forms/bulk_import.py, dcim/choices.py, 4.x). One place, so the
// prerequisites, the devices and the cables of a bundle always agree: a cable names its devices'
// interfaces, a device names its site, location, rack, role and device type.
#include <map>
#include <string>
#include <vector>

#include "io/exporter.h"

namespace fp::io {

// NetBox's model limits (dcim/models): names the import would refuse are refused here first,
// with a message that says which name and how to shorten it.
inline constexpr std::size_t kNetboxDeviceNameMax = 64;
inline constexpr std::size_t kNetboxNameMax = 100;     // site, location, rack, manufacturer, model
inline constexpr std::size_t kNetboxPrefixMax = 24;    // leaves room for "pl2-leaf-su03-r5-a"
// A 48U rack: FloorSpec::rackHeightM (2.2 m) holds 48 x 44.45 mm (EIA-310) plus top and base.
inline constexpr int kNetboxRackUnits = 48;
inline constexpr int kNetboxRackWidthIn = 19;

struct NetboxInterface {
    std::string name;   // as the cables file names it
    std::string type;   // InterfaceTypeChoices value: "400gbase-x-osfp", "infiniband-ndr", ...
};

struct NetboxDeviceType {
    std::string manufacturer, manufacturerSlug;
    std::string model, slug, partNumber;
    int uHeight = 1;
    bool fromLibrary = false;  // names follow netbox-community/devicetype-library's file of this model
    std::vector<NetboxInterface> interfaces;
};

// How a switch type names its ports: faceplate "17/2", or the devicetype-library file's scheme.
enum class NetboxSwitchNaming { Faceplate, QuantumTwinDot, XdrSwP, SwpN };

struct NetboxRole {
    std::string name, slug, color;  // color: 6 hex digits, no '#'
};

struct NetboxDevicePlacement {
    std::string location;  // "Row 01", "Spine room"
    std::string rack;      // "" when the layout has none
    int position = 0;      // lowest U, 0 = not placed (rack full)
};

// Built once per export from the plan; validates every name it hands out (throws UserError).
class NetboxModel {
public:
    explicit NetboxModel(const ExportContext&);

    const std::string& site() const { return site_; }
    const std::string& siteSlug() const { return siteSlug_; }
    const std::string& prefix() const { return prefix_; }
    std::string deviceName(const std::string& fabricName) const { return prefix_ + fabricName; }
    std::string deviceName(DeviceId) const;
    const NetboxDeviceType& typeOf(DeviceId) const;
    const NetboxRole& roleOf(DeviceId) const;
    const NetboxDevicePlacement& placement(DeviceId id) const { return placements_.at(id); }
    // The interface name of a device's port given as the cable plan prints it ("17/2", "nic3").
    std::string interfaceName(DeviceId, const std::string& faceplatePort) const;

    const NetboxDeviceType& nodeType() const { return nodeType_; }
    // Several networks: a compute node's ports on another network are interfaces of the node itself
    // (netbox_cluster.h), so its device type lists them too.
    void addNodeInterfaces(const std::vector<NetboxInterface>& more)
    {
        nodeType_.interfaces.insert(nodeType_.interfaces.end(), more.begin(), more.end());
    }
    // One device type per switch model of the plan and port layout: a model that is a leaf whose uplinks
    // run faster than its host ports (or whose cages split otherwise) and also a spine or core has a
    // second type for those tiers, with their ports at the fabric speed. typeIndexOf gives a switch's.
    const std::vector<NetboxDeviceType>& switchTypes() const { return switchTypes_; }
    std::size_t typeIndexOf(DeviceId) const;  // a switch's index into switchTypes()
    std::vector<NetboxRole> roles() const;                            // the tiers present
    std::vector<std::pair<std::string, std::string>> manufacturers() const;  // name, slug
    struct Location { std::string name, slug, parent; };  // parent: the hall's location on a floor of halls
    const std::vector<Location>& locations() const { return locations_; }
    struct RackRow { std::string name, location; };
    const std::vector<RackRow>& racks() const { return racks_; }

private:
    const Plan& plan_;
    std::string site_, siteSlug_, prefix_;
    NetboxDeviceType nodeType_;
    std::vector<NetboxDeviceType> switchTypes_;  // per switch model and port layout
    std::vector<NetboxSwitchNaming> namings_;          // per entry of switchTypes_
    std::vector<std::size_t> typeAtLeaf_, typeAbove_;  // per switch model: its type as a leaf, as a spine or core
    // `served`: the lowest tier the model serves (a leaf's uplinks may run faster than its host ports).
    NetboxDeviceType switchType(const SwitchModel&, int ports, int portsPerCage, Tier served, NetboxSwitchNaming&) const;
    std::vector<NetboxDevicePlacement> placements_;
    std::vector<Location> locations_;
    std::vector<RackRow> racks_;
};

// InterfaceTypeChoices value (dcim/choices.py) of a port of this fabric, speed and cage: "infiniband-ndr",
// "400gbase-x-osfp", ...
std::string netboxInterfaceType(bool infiniband, int gbps, const std::string& cage);

// NetBox slug: lower-case ASCII letters, digits and dashes, at most `max` characters ("" if none).
std::string netboxSlug(const std::string&, std::size_t max = 100);
// The device-name prefix: the user's (ExportOptions::netboxPrefix) or the design name's slug cut to
// 20 characters plus "-", so two designs imported into one NetBox never share a device name.
std::string netboxDevicePrefix(const ExportContext&);

// Header and one record of the devices and cables import files (shared by the single files and
// the bundle, so they cannot drift apart).
std::vector<std::string> netboxDeviceHeader();
std::vector<std::string> netboxDeviceRecord(const NetboxModel&, const Plan&, DeviceId);
std::vector<std::string> netboxCableHeader();
// One record per cable leg (a splitter has several).
std::vector<std::vector<std::string>> netboxCableRecords(const NetboxModel&, const Plan&, const CableRow&);

} // namespace fp::io
