#pragma once
// The fabric as compact plain data: devices and links in contiguous arrays, names computed on
// demand (a 1,000,000-GPU fabric has ~3 M links; strings per link would dominate memory).
// Built by topology::build() (builder.h); Boost.Graph views are made on demand (graph.h).
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/tier.h"

namespace fp {

enum class LinkClass : std::uint8_t { HostLeaf = 0, LeafSpine = 1, SpineCore = 2 };
const char* toString(LinkClass);     // "host_leaf", "leaf_spine", "spine_core": JSON, CSV, --pin
const char* displayName(LinkClass);  // "host-leaf", "leaf-spine", "spine-core": text for people
constexpr int kLinkClassCount = 3;


using DeviceId = std::uint32_t;

// One server (all planes share it) or one switch (belongs to one plane).
struct Device {
    Tier tier = Tier::Node;
    std::uint16_t plane = 0;   // switches only
    std::uint16_t rail = 0;    // rail-optimized leaves: the rail they serve
    std::uint32_t pod = 0;     // leaves/spines: pod; cores: group (the spine index they serve)
    std::uint32_t su = 0;      // nodes and rail leaves: scalable unit
    std::uint32_t index = 0;   // position within its (plane, tier, pod/su, rail) group
    std::uint16_t portsUsed = 0;
    std::uint8_t model = 0;    // switches: index into Hardware::switches (catalog/hardware.h)
};

// A physical link between two logical ports. For node ends, port = nic * planes + plane (each NIC in
// every plane), or = nic (rail planes); with dual-ToR, that index x 2 + side of the leaf pair. The cage of a port is port / ports-per-cage of its device (cageOf below).
struct Link {
    DeviceId a = 0;            // lower tier end (node, leaf, spine)
    DeviceId b = 0;            // upper tier end (leaf, spine, core)
    std::uint16_t aPort = 0;   // 0-based logical port
    std::uint16_t bPort = 0;
    LinkClass cls = LinkClass::HostLeaf;
};

// The links' storage: a std::vector whose resize() leaves the new links unwritten, so that the builder's
// wiring tasks can fill their own ranges of it side by side (topology/builder.cpp) without a first pass
// that zeroes 4.8 MB at 100,000 GPUs on one thread. Every other way of adding a link writes it whole.
template <typename T> struct UnfilledOnResize : std::allocator<T> {
    template <typename U> struct rebind {
        using other = UnfilledOnResize<U>;
    };
    UnfilledOnResize() = default;
    template <typename U>
    UnfilledOnResize(const UnfilledOnResize<U>&) noexcept {} // NOLINT(google-explicit-constructor)
    template <typename U> void construct(U*) noexcept {}     // resize(): the caller writes every new element
    template <typename U, typename... Args> void construct(U* p, Args&&... args)
    {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
};
using LinkArray = std::vector<Link, UnfilledOnResize<Link>>;

// How the fabric was dimensioned: the numbers an architect checks first.
struct FabricShape {
    int tiers = 2;
    int planes = 1;
    bool railPlanes = false;     // planes split the NICs (each NIC in one plane) rather than each NIC's port
    bool dualTor = false;        // each NIC has two links per plane, one to each leaf of a pair
    int linksPerNic() const { return (railPlanes ? 1 : planes) * (dualTor ? 2 : 1); }
    int linkGbps = 400;          // host links (the NIC ports)
    int fabricGbps = 0;          // leaf-spine and spine-core links; 0: linkGbps
    int fabricSpeed() const { return fabricGbps > 0 ? fabricGbps : linkGbps; }
    int gbpsOf(LinkClass c) const { return c == LinkClass::HostLeaf ? linkGbps : fabricSpeed(); }
    // Leaf ports are numbered at the host speed; an uplink at the fabric speed takes this many of them
    // (fabric / host: 2 for 400G uplinks over 200G hosts), its port the first. Its cage is still port /
    // portsPerCage, and leaf port counts (switchPorts, portsUsed) are in host-speed ports.
    int leafPortsPerUplink = 1;
    int leafUplinkBase = 0;      // the first uplink port of every leaf (uplinks leafPortsPerUplink apart)
    int switchPorts = 0;         // logical ports per switch at linkGbps (radix R)
    int portsPerCage = 1;        // logical ports per physical cage at linkGbps (the leaf's)
    std::array<int, kSwitchTierCount> portsOfTier{0, 0, 0};  // logical ports of each tier's switch (the leaf's at
                                                             // linkGbps, the others' at fabricSpeed); 0: switchPorts
    std::array<int, kSwitchTierCount> portsPerCageOfTier{0, 0, 0};  // leaf, spine, core; 0: portsPerCage
    int nodes = 0;
    int endpointsPerPlane = 0;   // NIC ports attached to one plane
    int leafDown = 0, leafUp = 0;    // ports reserved per leaf (ratio-exact)
    int leafUplinks = 0;         // uplinks each leaf really uses (sized for its busiest leaf's endpoints)
    int leavesPerPlane = 0;
    int leavesPerSu = 0;         // rail-optimized: rails x leaves per rail
    int leavesPerRail = 0;       // rail-optimized: leaves serving one rail of one SU
    int nodesPerLeaf = 0;        // rail-unaware: whole nodes per leaf
    int hostPortsOfFirstLeaf = 0;// host links on plane 0's first leaf, on its down ports 0 .. n-1 (the busiest)
    int sus = 0;
    int suNodes = 0;             // rail-optimized: nodes per scalable unit (as set, or what fills a leaf)
    int pods = 1;                // three tiers: pods per plane
    int leavesPerPod = 0;
    int spinesPerPod = 0;        // two tiers: spines per plane
    int linksLeafToSpine = 1;    // parallel links from each leaf to each spine of its pod (even striping)
    int spineDown = 0, spineUp = 0;
    int coreGroups = 0;          // = spinesPerPod; spine j of every pod feeds core group j
    int coresPerGroup = 0;
    int linksSpineToCore = 1;    // parallel links from each spine to each core of its group
    int maxEndpoints2Tier = 0;   // biggest fabric this switch builds, per plane
    int maxEndpoints3Tier = 0;
};

struct TierUsage {
    Tier tier = Tier::Leaf;
    long long switches = 0;
    long long portsTotal = 0;
    long long portsUsed = 0;
    long long portsSpare() const { return portsTotal - portsUsed; }
    double utilisation() const { return portsTotal ? double(portsUsed) / double(portsTotal) : 0.0; }
};

// The server's own cages for its NIC ports, when a platform groups several NICs behind one cage (DGX H100:
// four twin-port OSFP cages for eight ConnectX-7). Set by the plan from the platform (Hardware::
// nicPortsPerHostCage); the default names node ports by NIC, as on a server with NIC cards.
struct HostCages {
    std::string type;       // lower case, as printed on the port label: "osfp"
    int nicsPerCage = 1;
    bool operator==(const HostCages&) const = default;
};

struct Fabric {
    FabricShape shape;
    HostCages hostCages;
    std::vector<Device> devices;   // nodes first, then switches plane by plane, tier by tier
    LinkArray links;               // grouped by class: all host-leaf, then leaf-spine, then spine-core
    std::uint32_t nodeCount = 0;   // devices [0, nodeCount) are nodes
    int nicsPerNode = 1;
    std::vector<std::string> notes; // how sizing decisions were made (shown to the user)

    long long switchCount(Tier t) const;
    long long switchCount() const;
    long long linkCount(LinkClass c) const;
    std::vector<TierUsage> usage() const;  // leaf, spine, core (tiers present)

    // Human-readable names, e.g. "node-0042", "p2-leaf-su03-r5", "spine-p01-07", "core-g04-02".
    std::string deviceName(DeviceId) const;
    // Logical ports per cage of a switch of this tier (1 for nodes: their ports are NIC/plane pairs).
    int portsPerCage(Tier) const;
    // Port label as printed on the faceplate: switches "cage/sub" (1-based, "17/2"); nodes "nicN" plus "/pK" for
    // the K-th link of a NIC (planes, dual-ToR), or, behind shared host cages, "osfpC/L" (cage C, leg L).
    std::string portName(DeviceId, std::uint16_t port) const;
    // A switch port's faceplate name by its tier alone (portName's rule for switches; NetBox device types).
    std::string switchPortName(Tier, std::uint16_t port) const;
};

} // namespace fp
