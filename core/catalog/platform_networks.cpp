#include "catalog/platform_networks.h"

#include <algorithm>
#include <string>

namespace fp {

namespace {

EndpointGroup fixed(std::string name, int count, int portsEach)
{
    return {std::move(name), EndpointCount::Fixed, count, portsEach};
}

EndpointGroup perNode(std::string name, int portsEach)
{
    return {std::move(name), EndpointCount::PerComputeNode, 0, portsEach};
}

} // namespace

std::vector<NetworkSpec> referenceNetworks(const PlatformModel& p, const ClusterSpec& spec, const ReferenceCounts& k)
{
    std::vector<NetworkSpec> out;
    const int nodes = std::max(1, spec.nodes());
    const int storageAppliances = (nodes + k.nodesPerStorageAppliance - 1) / k.nodesPerStorageAppliance;
    // SuperPOD GB200 RA (network-fabrics): a rack-scale system's storage and in-band segments share one
    // physical "Storage and In-band Ethernet Fabric" of SN5600 (Mission Control GB200 north-south deploy
    // guide: "Ethernet switches x amount of SN5600"), where the DGX H100/B200 RAs build a separate
    // InfiniBand storage fabric.
    const bool rackScale = p.gpusPerScaleUp > p.gpusPerNode;
    const bool hasNorthSouth = !p.northSouthPortPart.empty();
    const bool separateStorage = p.storagePorts > 0 && hasNorthSouth && !rackScale;
    const bool inband = (p.inbandPorts > 0 || (rackScale && p.storagePorts > 0)) && hasNorthSouth;
    const std::string system = p.id;
    if (separateStorage) {
        // SuperPOD H100/B200 RA: an InfiniBand storage fabric of QM9700 at NDR 400G; the UFM appliances
        // join it. Node-side oversubscription 1:1 (the RA's ratio was not retrieved: UNVERIFIED).
        NetworkSpec n;
        n.name = "storage";
        n.role = NetworkRole::Storage;
        n.fabric = FabricKind::InfiniBand;
        n.switchModel = "MQM9700-NS2F";
        n.portModel = p.northSouthPortPart;
        n.linkGbps = 400;
        n.endpoints = {perNode(system + " storage ports", p.storagePorts),
                       fixed("storage appliances (estimate: 1 per " + std::to_string(k.nodesPerStorageAppliance) +
                                 " nodes, 2 ports; the RA leaves storage to the partner)",
                             storageAppliances, 2),
                       fixed("UFM appliances", k.ufmAppliances, 1)};
        out.push_back(std::move(n));
    }
    if (inband) {
        // SuperPOD H100 RA / BasePOD: SN4600C at 100GbE; the DGX's QSFP112 ports take 100GbE QSFP28 cables.
        // Without separate storage ports (HGX Enterprise RA: two converged north-south ports) the same
        // switches carry storage and in-band: one storage_inband network with the storage appliances on it.
        // A rack-scale system's converged fabric runs SN5600 at the BlueField-3 storage ports' 400G, its
        // trays' storage and in-band ports alike (the in-band ports' 200G is not modelled: issue 40).
        NetworkSpec n;
        n.name = separateStorage ? "inband" : "storage_inband";
        n.role = separateStorage ? NetworkRole::InBand : NetworkRole::StorageInBand;
        n.fabric = FabricKind::RoCE;
        n.switchModel = rackScale ? "SN5600" : "SN4600C";
        n.portModel = p.northSouthPortPart;
        n.linkGbps = rackScale ? 400 : 100;
        n.endpoints = {perNode(system + (separateStorage ? " in-band ports" : " north-south ports"),
                               separateStorage ? p.inbandPorts : p.storagePorts + p.inbandPorts),
                       fixed("management servers", k.managementServers, 2)};
        if (!separateStorage)
            n.endpoints.push_back(fixed("storage appliances (estimate: 1 per " +
                                            std::to_string(k.nodesPerStorageAppliance) + " nodes, 2 ports)",
                                        storageAppliances, 2));
        out.push_back(std::move(n));
    }
    if (p.bmcPorts > 0) {
        // SuperPOD H100 RA: the OOB fabric "connects the management ports of all devices including DGX and
        // management servers, storage, networking gear, rack PDUs". SN2201 leaves: 48 RJ45 down and the RA's
        // 4 x 100G up on their QSFP28 uplink cages (catalog schema 11), all cabled, to SN4600C spines at 100G
        // (ESTIMATE: the RA's OOB aggregation switch was not in the searched material; SN4600C is the
        // catalog's 100G switch of the in-band network).
        NetworkSpec n;
        n.name = "oob";
        n.role = NetworkRole::OutOfBand;
        n.fabric = FabricKind::RoCE;
        n.switchModel = "SN2201";
        n.spineSwitchModel = "SN4600C";
        n.portModel = "GEN-1GBE-RJ45-PORT";
        n.linkGbps = 0;  // the RJ45 port's native 1 Gb/s (a link speed field starts at 10)
        n.fabricGbps = 100;
        n.leafOversubscription = Ratio{11, 1, 0};
        const int racks = (nodes + std::max(1, nodesPerRackOf(spec.floor)) - 1) / std::max(1, nodesPerRackOf(spec.floor));
        // A rack that brings its own management switches (NVL72: "2x TOR Switches for management", DGX
        // GB200 User Guide; the rack's contents) cables its trays' BMCs and power shelves to them: those
        // switches, counted with the rack, are the OOB network's first tier, and the cluster's OOB network
        // takes one uplink from each (ESTIMATE: the guide gives no uplink count) instead of every BMC.
        int rackSwitches = 0;
        for (const RackItem& item : p.rackContents)
            if (item.kind == "management_switch") rackSwitches += item.perRack;
        if (rackSwitches > 0)
            n.endpoints = {fixed("rack management switch uplinks (" + std::to_string(rackSwitches) +
                                     " in-rack switches per rack, 1 uplink each: estimate)",
                                 racks * rackSwitches, 1)};
        else
            n.endpoints = {perNode(system + " BMC ports", p.bmcPorts)};
        n.endpoints.push_back({"switch management ports (every network above)", EndpointCount::PerSwitch, 0, 1});
        n.endpoints.push_back(fixed("management server BMCs", k.managementServers, 1));
        if (separateStorage) n.endpoints.push_back(fixed("UFM appliance BMCs", k.ufmAppliances, 1));
        if (separateStorage || inband) n.endpoints.push_back(fixed("storage appliance management ports", storageAppliances, 1));
        if (rackSwitches == 0)
            n.endpoints.push_back(fixed("rack PDUs (estimate: " + std::to_string(k.pdusPerRack) + " per compute rack)",
                                        racks * k.pdusPerRack, 1));
        out.push_back(std::move(n));
    }
    return out;
}

} // namespace fp
