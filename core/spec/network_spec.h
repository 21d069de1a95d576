#pragma once
// NetworkSpec: one network of a cluster beside its compute fabric (issue 38): a storage fabric, an
// in-band or out-of-band management network, or a converged storage + in-band fabric. A network is
// data, not a branch: its technology, switches, speed, topology and endpoints say everything a stage
// needs, and plan/cluster_plan.h runs it through the same stages as the compute fabric.
#include <string>
#include <vector>

#include "spec/ratio.h"

namespace fp {

enum class FabricKind;  // spec/cluster_spec.h, which holds a design's networks (so no include here)

enum class NetworkRole { Compute, Storage, InBand, OutOfBand, StorageInBand };
const char* toString(NetworkRole);     // "compute", "storage", "inband", "oob", "storage_inband"
const char* displayName(NetworkRole);  // "Compute fabric", "Storage fabric", ...
bool parseNetworkRole(const std::string&, NetworkRole&);

// What an endpoint group's count follows: a fixed number (storage servers, UFM appliances, management
// servers), one per compute node (a DGX's storage or BMC ports), or one per switch of the networks
// listed before this one, the compute fabric included (every switch's management port on the OOB).
enum class EndpointCount { Fixed, PerComputeNode, PerSwitch };
const char* toString(EndpointCount);   // "fixed", "per_node", "per_switch"
bool parseEndpointCount(const std::string&, EndpointCount&);

struct EndpointGroup {
    std::string name;                      // "DGX H100 storage ports", "storage servers", "UFM appliances"
    EndpointCount per = EndpointCount::Fixed;
    int count = 0;                         // EndpointCount::Fixed only
    int portsEach = 1;                     // ports of each endpoint on this network
    // EndpointCount::Fixed only: each endpoint's power draw (W) as its maker gives it, counted in the
    // service rack that holds it (layout/shared_floor.h); 0 = not given (the rack counts none).
    double powerWEach = 0;
    bool operator==(const EndpointGroup&) const = default;
};

struct NetworkSpec {
    std::string name;                      // unique in the design; names its BOM lines and cable rows
    NetworkRole role = NetworkRole::Storage;
    FabricKind fabric{};                   // value-initialised: InfiniBand
    std::string switchModel;               // every tier's switch, unless a tier names its own
    std::string leafSwitchModel;
    std::string spineSwitchModel;
    std::string portModel;                 // catalog NIC standing for one endpoint port: its cage and speed
    int linkGbps = 0;                      // 0 = the port model's native speed
    int fabricGbps = 0;                    // leaf-spine links when faster than the ports' (issue 40); 0 = linkGbps
    int tiers = 0;                         // 0 = auto (one switch if it fits, else leaf-spine), 1 or 2
    Ratio leafOversubscription;            // node-side DOWN:UP at the leaf (4:3 = 4 down per 3 up)
    bool portsPriced = false;              // false: the ports come with their endpoints (a DGX's built-in
                                           // ConnectX-7, a storage appliance's NICs) and are not priced again
    std::vector<EndpointGroup> endpoints;
    bool operator==(const NetworkSpec&) const = default;
};

// What stands where a problem is, for messages: "/networks/1 (storage)".
std::string networkPath(std::size_t index, const NetworkSpec&);

} // namespace fp
