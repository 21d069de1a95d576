#pragma once
// ClusterSpec: what the user wants, as plain data. Every field has a unit in its name or type.
// Serialised to/from JSON by spec_json.h; checked by validate.h.
#include <string>
#include <vector>

#include "spec/network_spec.h"
#include "spec/site_spec.h"
#include "spec/ratio.h"  // Ratio: DOWN:UP at a switch tier, decimals allowed (1:1.16)

namespace fp {

enum class FabricKind { InfiniBand, RoCE, SpectrumX, UEC };
const char* toString(FabricKind);                 // "infiniband", "roce", "spectrum-x", "uec"
bool parseFabricKind(const std::string&, FabricKind&);
const char* displayName(FabricKind);              // "InfiniBand", "RoCEv2", "Spectrum-X", "UEC Ethernet"
inline bool isEthernet(FabricKind f) { return f != FabricKind::InfiniBand; }

enum class FiberType { OM3, OM4, OM5, OS2 };
const char* toString(FiberType);
bool parseFiberType(const std::string&, FiberType&);

// Where network switches stand on the floor.
enum class LeafPlacement { EndOfRow, MiddleOfRow, InRack };
enum class SpinePlacement { CentralRoom, EndOfRow };
const char* toString(LeafPlacement);
const char* toString(SpinePlacement);
bool parseLeafPlacement(const std::string&, LeafPlacement&);
bool parseSpinePlacement(const std::string&, SpinePlacement&);

struct FloorSpec;
// Nodes per compute rack: min(nodesPerRack, floor(rackPowerBudgetKw / nodePowerKw)), at least 1.
int nodesPerRackOf(const FloorSpec&);

struct FloorSpec {
    int racksPerRow = 16;             // compute racks in one row (network racks come in addition)
    int nodesPerRack = 4;             // upper bound; lowered further by rackPowerBudgetKw
    double rackPowerBudgetKw = 60.0;  // per rack; DGX B300 SuperPOD runs ~56 kW (fabric-facts §5)
    double nodePowerKw = 14.3;        // per GPU server (DGX H100/B200 class max draw, estimate)
    double rackWidthM = 0.6;
    double rackDepthM = 1.2;
    double rowPitchM = 3.0;           // centre-to-centre distance between rows (rack depth + aisle)
    double rackHeightM = 2.2;         // 48U; vertical run from a port to the tray is bounded by it
    double trayHeightM = 0.5;         // overhead tray above the rack top
    double slackPerEndM = 1.0;        // service loop at each end of a cable
    int patchPanelsPerFibreLink = 2;  // structured cabling: one panel at each end of a trunk
    LeafPlacement leafPlacement = LeafPlacement::EndOfRow;
    SpinePlacement spinePlacement = SpinePlacement::CentralRoom;
    double spineRoomDistanceM = 30.0; // from the end of row 0 to the spine room, along the tray
    SiteSpec site;                    // the user's halls and buildings; empty: the automatic floor
    bool operator==(const FloorSpec&) const = default;
};

enum class MediaObjective { LowestCost, LowestPower };
const char* toString(MediaObjective);
bool parseMediaObjective(const std::string&, MediaObjective&);

// A user's choice of a specific part for a whole class of links ("pin").
struct MediaPin {
    std::string linkClass;  // "host_leaf" | "leaf_spine" | "spine_core"
    std::string part;       // catalog part number (cable or transceiver)
    bool operator==(const MediaPin&) const = default;
};

struct MediaPolicy {
    MediaObjective objective = MediaObjective::LowestCost;
    bool preferCopperInRack = true;
    bool allowThirdPartyOptics = false;
    FiberType multimodeFiber = FiberType::OM4;
    std::vector<MediaPin> pins;
    bool operator==(const MediaPolicy&) const = default;
};

enum class PricePolicy { CheapestQualified, NamedSource, OemOnly };
const char* toString(PricePolicy);
bool parsePricePolicy(const std::string&, PricePolicy&);

struct Economics {
    double labourUsdPerHour = 150.0;      // loaded network-engineer rate (estimate)
    double skillFactor = 1.0;             // >1 when RoCE/lossless-Ethernet skills are scarce
    double powerUsdPerKwh = 0.10;
    double pue = 1.3;
    int horizonYears = 5;
    double sparesOpticsPct = 2.0;         // spare transceivers and cables, % of installed
    int spareSwitchPerN = 20;             // one spare switch per N installed (0 = none)
    bool includeNics = true;              // NICs/HCAs in capex
    PricePolicy pricePolicy = PricePolicy::CheapestQualified;
    std::string priceSource;              // for PricePolicy::NamedSource
    bool operator==(const Economics&) const = default;
};

// What the cluster runs: drives the fabric advice (estimate/advisor).
struct Workload {
    double commToComputePct = 15.0;   // share of step time spent communicating (entered or estimated)
    double modelParamsBillion = 70.0; // for the estimate of commToComputePct
    int dataParallel = 0;             // 0 = all GPUs
    bool operator==(const Workload&) const = default;
};

// How a RoCE fabric's lossless class is set up: the defaults are the sourced practice of
// core/lossless/README.md (priority 3 with PFC, CNPs on 6, DSCP 26 and 48, a 9,216-byte jumbo MTU, one
// lossless priority, the ASIC's own buffer). A design changes them to match a site's existing QoS plan;
// one that breaks the lossless class is a `lossless.settings` error (lossless::validateOptions).
struct LosslessSettings {
    int losslessPriority = 3;          // the 802.1p priority (and PG) that PFC protects
    int cnpPriority = 6;               // congestion notification packets, strict priority
    int roceDscp = 26;                 // DSCP of RoCE data
    int cnpDscp = 48;                  // DSCP of CNPs
    int portMtu = 9216;                // switch port MTU, bytes
    int losslessPriorities = 1;        // priorities given their own headroom on every port
    double bufferMbOverride = 0;       // > 0: every switch's packet buffer in MB (10^6 B) instead of the ASIC's
    bool operator==(const LosslessSettings&) const = default;
};

struct ClusterSpec {
    std::string name = "Untitled cluster";
    // Compute
    int gpus = 1024;
    int gpusPerNode = 8;
    int nicsPerNode = 8;                  // scale-out NICs per node (one rail each)
    std::string nicModel = "MCX75310AAS-NEAT";
    int linkGbps = 0;                     // 0 = the NIC's native port speed
    std::string platform;                 // catalog platform id (DGX-H100, GB200-NVL72, ...); "" = none:
                                          // every GPU is its own endpoint of the scale-out fabric
    // Fabric
    FabricKind fabric = FabricKind::InfiniBand;
    std::string switchModel = "MQM9700-NS2F";  // every tier's switch, unless a tier names its own below
    std::string leafSwitchModel;          // per-tier switch models; "" = switchModel (issue 18)
    std::string spineSwitchModel;
    std::string coreSwitchModel;
    int genericRadix = 0;                 // > 0: a generic switch of this many ports at linkGbps
    int fabricGbps = 0;                   // leaf-spine and spine-core links; 0 = the host links' speed (issue 40)
    int tiers = 0;                        // 0 = auto, else 1, 2 or 3
    bool railOptimized = true;
    int suNodes = 0;                      // nodes per scalable unit (rail-optimized); 0 = what fills a leaf
    bool dualTor = false;                 // each NIC's ports go to two different leaves (dual-homed hosts, issue 22)
    bool leafPerRack = false;             // one leaf (top-of-rack switch) per compute rack, for its nodes
    int podNodes = 0;                     // nodes per pod ("AI zone") under a third tier; 0 = what a spine holds
    int planes = 1;                       // independent parallel fabrics; each NIC has one port per plane
    bool railPlanes = false;              // the planes split the NICs instead: plane p takes rails p*N/planes..
    Ratio leafOversubscription;           // DOWN:UP at the leaf
    Ratio spineOversubscription;          // DOWN:UP at the spine (three tiers only)
    FloorSpec floor;
    MediaPolicy media;
    Economics economics;
    Workload workload;
    LosslessSettings lossless;            // RoCE/Spectrum-X PFC + ECN settings (Ethernet fabrics only)
    // The cluster's other networks (storage, in-band, out-of-band), planned beside the compute fabric
    // above by plan/cluster_plan.h; empty = the compute fabric alone (issue 38).
    std::vector<NetworkSpec> networks;
    // Keep only the compute fabric: applying a platform adds none of its reference architecture's networks
    // (catalog/platform_networks.h) and the cluster plan plans none (design field `compute_only`).
    bool computeOnly = false;
    bool operator==(const ClusterSpec&) const = default;

    int nodes() const { return gpusPerNode > 0 ? (gpus + gpusPerNode - 1) / gpusPerNode : 0; }
};

} // namespace fp
