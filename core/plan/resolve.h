#pragma once
// Turning the spec's part numbers into catalog records, with errors that list what is available.
#include "catalog/catalog.h"
#include "catalog/hardware.h"
#include "spec/cluster_spec.h"
#include "topology/builder.h"

#include <string>
#include <vector>

namespace fp::plan {

// The spec with every part it names (NIC, switch, media pins) as its catalog part number, whatever
// name the user typed (catalog/part_lookup.h: OPN, model name, unique substring, any case). Throws
// UserError when a name matches several parts, listing them; unknown names are left for the
// resolvers below to report with the choices.
ClusterSpec canonicalParts(const ClusterSpec&, const Catalog&);

const NicModel& resolveNic(const ClusterSpec&, const Catalog&);
// The spec's switch, or a generic switch of genericRadix ports at linkGbps (latency, power and price
// per port from estimate constants, flagged as estimates).
SwitchModel resolveSwitch(const ClusterSpec&, const Catalog&, int linkGbps);
// The switch name a tier uses as typed: its own (leafSwitchModel, ...) or, when empty, switchModel.
const std::string& switchNameOf(const ClusterSpec&, Tier);
// True when any tier names its own switch.
bool hasTierSwitches(const ClusterSpec&);
// Every tier's switch and the NIC as one Hardware: tiers without their own model use the fabric's
// switch (resolveSwitch, with its errors); a tier's own model must be in the catalog (UserError naming
// the tier otherwise). Whether the tiers can talk to each other is checks::tierCompatibility's job.
Hardware resolveHardware(const ClusterSpec&, const Catalog&, NicModel nic, int linkGbps, int planes);
// Each tier's ports for the builder: the leaf's at the host speed, the tiers above at hw.fabricSpeed(), with
// the host-speed ports one uplink takes (fabric / host), or the leaf's own uplink cages where only they run
// the fabric speed (SN2201). A front cage runs host ports or uplinks from the same lanes
// (checks::tierCompatibility refuses a leaf that does not); a tier's ports are 0 at a speed it lacks.
topology::TierPorts tierPortsAt(const Hardware&, int hostGbps);
// The fabric speed a design asks for (0: one speed), checked against the host speed: a whole multiple
// of it, not below (UserError at /fabric/fabric_gbps otherwise).
int resolveFabricGbps(const ClusterSpec&, int hostGbps);
// The link speed: the spec's, else the NIC's port speed on the spec's fabric (NicModel::portGbpsOn: the
// Ethernet mode's on RoCE, Spectrum-X and UEC). A speed above that is refused; one the port runs on
// InfiniBand only (800G on a ConnectX-8 C8180 on Ethernet) with an error naming the Ethernet mode.
int resolveLinkGbps(const ClusterSpec&, const NicModel&);
// The link speed a spec asks of its NIC, unchecked: the spec's, else the NIC's port speed on the spec's
// fabric (what resolveLinkGbps returns when it does not refuse; the comparison ranks candidates by it).
int linkGbpsOf(const ClusterSpec&, const NicModel&);
// Dual-ToR hosts need two links per NIC and plane at the link speed (one to each leaf of a pair);
// throws UserError naming the NIC's ports and the fixes when it has fewer.
void requireDualHoming(const ClusterSpec&, const NicModel&, int linkGbps);
// Links a NIC gives at linkGbps: its ports, each split into portGbps / linkGbps links (a ConnectX-8
// C8180's one 800G cage runs as 2 x 400GbE; a C8240 has 2 x 400G ports). 0 when a port is slower.
long long nicLinksAt(const NicModel&, int linkGbps);
// True when the NIC gives the two links per plane dual-ToR needs at linkGbps (requireDualHoming's test).
bool nicDualHomes(const ClusterSpec&, const NicModel&, int linkGbps);

// More planes when three tiers cannot connect the cluster (tiers = auto, one plane asked). First rail
// planes: P planes (2, 4, 8, dividing the NICs per node) each take NICs/P rails of every node, so a
// plane has 1/P of the NIC ports at the same speed and optics (1,000,000 GPUs x 1 NIC on Q3400 at 800G:
// 746,496 per plane in three tiers; 2 rail planes of 500,000 fit). Else each NIC port splits into 2, 4
// or 8 planes at 1/2, 1/4, 1/8 of the speed where the switch runs it and the NIC has a port per plane:
// the switch has 2x.. the ports, three tiers hold 8x.. as many. `changed` is false when the cluster
// already fits or nothing does (the topology then says what would fit).
struct PlaneChoice {
    bool changed = false;
    int planes = 1;
    int linkGbps = 0;
    bool railPlanes = false;
    bool connects = false;  // the builder dimensioned the spec with these planes: requireConnects need not
    std::string note;
};
PlaneChoice planesThatConnect(const ClusterSpec&, const NicModel&, const Hardware&, int linkGbps);
// Ethernet port planes, which planesThatConnect applies first: a NIC whose Ethernet mode is several
// ports per cage (nics.csv eth_ports_per_cage: ConnectX-8 C8180, 2 x 400GbE through its one OSFP cage, no
// 800GbE port) runs one link per port, each in its own plane, when the design left link speed and planes
// at their defaults and is not dual-ToR: the NIC's whole bandwidth, as the DGX SuperPOD B300 on
// Spectrum-X builds it (two planes, each GPU 2 x 400GbE, one per plane; fabric-facts §5). Not
// `changed` otherwise.
PlaneChoice ethernetPortPlanes(const ClusterSpec&, const NicModel&);
PlaneChoice planesThatConnect(const ClusterSpec&, const NicModel&, const SwitchModel&, int linkGbps);  // every tier
// Throws the builder's "too big" error, before any wiring, when the spec (its planes as chosen) still does not
// connect on `hw`, adding the catalog's smallest switch of the fabric that would connect it on every tier.
// Called only when planesThatConnect has not dimensioned the spec already (PlaneChoice::connects).
void requireConnects(const ClusterSpec&, const Hardware&, int linkGbps, const Catalog&);

// The scale-out NIC built into the spec's platform (platforms.csv nics_built_in: DGX, NVL72 trays), or
// nullptr when the platform takes NIC cards (HGX, PCIe, custom) or the design names none. Such a system
// holds no other NIC, so every fabric of a comparison, and the fabric defaults, plan with this one.
const NicModel* builtInNic(const ClusterSpec&, const Catalog&);

// One sentence for a design whose platform has its NICs built in when that NIC lacks what `fabric`
// asks of the NIC side (catalog/platforms.h builtInNicShortfall: what is missing, where the missing NICs
// can be priced). Empty otherwise. The plan's checks make it an error (platform.builtin-nic).
std::string builtInNicNote(const ClusterSpec&, FabricKind, const Catalog&);

// For comparisons: the spec re-targeted at another fabric technology, with the parts the catalog
// offers for it (same link speed), keeping the user's choices where they already fit. Best first:
// the caller plans them in order and keeps the first without design-rule errors. On a platform with
// built-in NICs every candidate keeps that NIC (builtInNic): a plan never orders a card the system
// cannot take.
std::vector<ClusterSpec> retargetCandidates(const ClusterSpec&, FabricKind, const Catalog&);

} // namespace fp::plan
