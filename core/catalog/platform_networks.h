#pragma once
// The networks a platform's reference architecture draws beside its compute fabric (issue 38): a storage
// fabric, an in-band management network (or one converged storage + in-band fabric where the platform
// has no separate storage ports) and an out-of-band (BMC) network, built from the platform's north-south
// ports (platforms.csv storage_ports, inband_ports, ns_port_part, bmc_ports; data/catalog/README.md).
// `plan --platform ID` adds them to a design that lists no networks, unless --compute-only or the design's
// compute_only; a design file keeps exactly the networks it lists.
#include <vector>

#include "catalog/parts.h"
#include "spec/cluster_spec.h"

namespace fp {

// What the defaults take from NVIDIA's DGX SuperPOD H100 reference architecture (network-fabrics.html and
// its "major components" table: 4 UFM appliances, 5 management servers for 127 nodes) and the DGX BasePOD
// RA (SN4600C for in-band and storage Ethernet, SN2201 for OOB), stated once here so a test can cite them.
struct ReferenceCounts {
    int ufmAppliances = 4;       // SuperPOD H100 RA Table 7: "4 UFM appliance"
    int managementServers = 5;   // SuperPOD H100 RA Table 7 and BasePOD RA: "five dual-socket x86 servers"
    int nodesPerStorageAppliance = 8;  // ESTIMATE: the RAs leave storage to the partner; 16 for 128 nodes
    int pdusPerRack = 2;               // ESTIMATE: the RA's OOB reaches "rack PDUs" without a count per rack
};

// The default networks of `platform` for the design `spec` (its node count and racks): none when the
// platform has no north-south ports in the catalog (PCIe servers, CUSTOM, GB300, HGX B300).
std::vector<NetworkSpec> referenceNetworks(const PlatformModel& platform, const ClusterSpec& spec,
                                           const ReferenceCounts& counts = {});

} // namespace fp
