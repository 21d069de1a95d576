#pragma once
// Catalog records as plain values, loaded from SQLite by Catalog (catalog.h). Units are in names.
// Which field comes from where: data/catalog/README.md documents every seed column and its source.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spec/cluster_spec.h"  // FiberType

namespace fp {

enum class PartCategory { Switch, Nic, Transceiver, Cable, Fiber, PatchPanel };
const char* toString(PartCategory);            // "switch", "nic", "transceiver", "cable", "fiber", "patch_panel"
bool parsePartCategory(const std::string&, PartCategory&);

enum class Protocol { InfiniBand, Ethernet, Both };  // what a part speaks (VPI NICs and most LinkX optics: Both)
const char* toString(Protocol);                      // "infiniband", "ethernet", "both"
bool parseProtocol(const std::string&, Protocol&);
// Whether a part of this protocol runs on `fabric`: a dual-protocol part runs on every fabric, an
// InfiniBand part only on InfiniBand, an Ethernet part on the Ethernet fabrics (RoCE, Spectrum-X, UEC: all
// RDMA over Ethernet). The protocol alone: what a fabric asks of a NIC beyond it is nicRunsFabric's
// (catalog/platforms.h).
bool speaksFabric(Protocol, FabricKind);

// A price from one source (vendor list, reseller quote, third-party vendor, our estimate).
struct PriceQuote {
    std::string source;        // e.g. "estimate-2026", "Acme reseller quote 2026-10"
    double priceUsd = 0;       // converted to USD at import; `currency` keeps the original
    std::string currency = "USD";
    std::string date;          // ISO 8601
    std::string basis;         // "list" | "quote" | "street" | "estimate"
    bool estimated = true;     // true where no public or quoted price exists
};

struct PartBase {
    std::string partNumber;    // vendor ordering number (OPN)
    std::string vendor;
    std::string description;
    PartCategory category = PartCategory::Switch;
    double powerW = 0;         // typical operating power per unit (a switch: without optics; energy reads it)
    bool powerEstimated = false;
    int leadTimeDays = 0;      // 0 = unknown
    std::string source;        // datasheet / doc URL the technical fields come from
    bool oem = true;           // false for third-party MSA-compliant parts
    std::vector<PriceQuote> prices;
};

// Ports of one cage at one speed, e.g. an 800G OSFP cage: {800,1}, {400,2}, {200,4}.
struct Breakout {
    int portGbps = 0;
    int portsPerCage = 0;
};

// A switch ASIC's figures for lossless (PFC) headroom and buffer fit: the catalog's `asics` table
// (data/catalog/asics.csv, a source per row; core/lossless/README.md explains each). A chip with no row
// takes the `generic` row: estimates, and no buffer figure, so the fit is not checked.
inline constexpr std::string_view kGenericAsic = "generic";
struct AsicFigures {
    std::string asic;                  // as in switches.csv `asic`; "generic" = the fallback row
    double bufferBytes = 0;            // packet buffer (MMU); 0 = no figure (the fit is not checked)
    bool bufferEstimated = true;
    // The defaults are the generic row's estimates (Spectrum's latencies), for switches made without a
    // catalog (tests, the --radix generic switch before it is given the catalog's row).
    int cellBytes = 256;               // buffer cell: a 64-byte packet still takes a whole cell
    double pipelineLatencyBytes = 19 * 1024.0;  // xon; SONiC ASIC_TABLE pipeline_latency (KB) x 1024
    double macPhyDelayBytes = 0.8 * 1024.0;     // SONiC ASIC_TABLE mac_phy_delay (KB) x 1024
    double tileBytesPerGbps = 0;       // Spectrum-4/5 "kB on tile": 120 bits per Gb/s of port speed
    int maxMtu = 9216;                 // largest frame the switch forwards
    bool constantsEstimated = true;    // cell, latency and delay figures not published for this chip
    std::string source;
};

struct SwitchModel : PartBase {
    Protocol protocol = Protocol::Ethernet;
    std::string asic;
    int cages = 0;                  // physical cages on the front panel
    std::string cageType;           // "OSFP", "QSFP-DD", "QSFP112", "QSFP56"
    bool cageFinned = true;         // air-cooled switch OSFP cages take finned-top modules
    double cagePowerClassW = 0;     // max module power a cage accepts
    std::vector<Breakout> breakouts;// supported logical port speeds per cage
    int latencyNs = 0;              // port-to-port
    bool latencyEstimated = true;
    int rackUnits = 1;
    bool adaptiveRouting = false;
    bool generic = false;           // synthesised for --radix what-if studies, not a real part
    AsicFigures asicFigures;        // its ASIC's row of the catalog (or the generic row), set on loading
    // Open optics (switches.csv open_optics): the vendor sells no optics of its own and supports
    // third-party modules and cables (white boxes), so those are its supported parts, not third-party
    // choices (core/media/README.md, "OEM only").
    bool openOptics = false;
    // Maximum power without optics (switches.csv power_max_w): every port at line rate, fans at full speed,
    // the figure a rack's and a facility's power budget must hold. powerW is the typical draw, the one
    // energy is paid on (data/catalog/README.md, "Switch power"). 0 = no figure: maxPowerW() is powerW.
    double powerMaxW = 0;
    bool powerMaxEstimated = true;  // no datasheet maximum: typical x the class's published ratio
    double maxPowerW() const { return powerMaxW > 0 ? powerMaxW : powerW; }
    // Uplink cages (switches.csv uplink_*): a second kind of cage beside the front-panel ones, for the links
    // up (SN2201: 48 x 1GbE RJ45 and 4 x 100GbE QSFP28). 0 cages: the switch has one kind.
    int uplinkCages = 0;
    std::string uplinkCageType;
    std::vector<Breakout> uplinkBreakouts;
    double uplinkCagePowerClassW = 0;
    int uplinkPortsPerCageAt(int gbps) const;  // 0 without uplink cages or that speed
    int uplinkPortsAt(int gbps) const { return uplinkCages * uplinkPortsPerCageAt(gbps); }
    // True when only the uplink cages run `gbps` (an SN2201 at 100G): links at that speed go there.
    bool runsOnUplinkCages(int gbps) const { return portsPerCageAt(gbps) == 0 && uplinkPortsPerCageAt(gbps) > 0; }

    // Logical ports at `gbps` on the front-panel cages (0 when the cage cannot run that speed).
    int portsAt(int gbps) const;
    int portsPerCageAt(int gbps) const;  // the most ports a cage runs at that speed
    // Can one cage run exactly `ports` ports at `gbps`? "800x1;400x2;400x1": an 800G QSFP-DD800 cage
    // runs two 400G ports (a 2 x 400G module) or one (a 400G QSFP-DD module, backward compatible).
    bool cageRuns(int gbps, int ports) const;
    // A modular chassis (taller than any fixed switch in the catalog: rack_units > 4, catalog README):
    // a spine or core choice, never a default for every tier.
    bool modularChassis() const { return rackUnits > kMaxFixedSwitchRackUnits; }
    static constexpr int kMaxFixedSwitchRackUnits = 4;  // Q3400-RA, the tallest fixed switch, is 4U
};

struct NicModel : PartBase {
    Protocol protocol = Protocol::Both;
    int ports = 1;                  // network cages
    int portGbps = 400;             // native speed of one port
    std::string cageType;           // "OSFP", "QSFP112"
    bool cageFinned = false;        // NIC OSFP cages use a riding heat sink: flat-top modules only
    double cagePowerClassW = 0;
    int latencyNs = 0;              // NIC-to-wire, one side
    bool latencyEstimated = true;
    bool packetSpraying = false;    // UEC-style multipath transport
    bool superNic = false;          // Spectrum-X SuperNIC (adaptive routing with the switch)
    bool openOptics = false;        // the vendor sells no optics: third-party parts are its path (as switches)
    // Ethernet port mode, from the catalog (nics.csv eth_ports_per_cage, eth_port_gbps): the ports one
    // cage runs on Ethernet and their speed, where firmware differs from InfiniBand (ConnectX-8 C8180:
    // 800G XDR, but Ethernet only as 2 x 400GbE through its one cage). ethPortGbps 0 = none recorded
    // (an InfiniBand-only NIC, or a part added without it): Ethernet then runs the native port.
    int ethPortsPerCage = 1;
    int ethPortGbps = 0;

    // One port's native speed on a fabric: the Ethernet mode's speed on RoCE, Spectrum-X and UEC.
    int portGbpsOn(FabricKind) const;
    // Ports one cage runs on a fabric (InfiniBand: 1).
    int portsPerCageOn(FabricKind) const;
};

enum class Medium { Copper, Multimode, SingleMode };
const char* toString(Medium);                  // "copper", "multimode", "singlemode"
bool parseMedium(const std::string&, Medium&);

struct TransceiverModel : PartBase {
    Protocol protocol = Protocol::Both;
    std::string formFactor;         // "OSFP", "QSFP112", "QSFP-DD"
    bool finned = false;            // finned top (switch cages) vs flat top (NIC cages)
    int ports = 1;                  // 2 for twin-port modules (2 x 400G in one OSFP)
    int portGbps = 400;             // per port
    int lanes = 4;                  // electrical lanes per port
    std::string modulation = "PAM4";
    std::string pmd;                // "SR4", "DR4", "FR4", "LR4", "SR8", "DR8", ...
    Medium medium = Medium::Multimode;
    int wavelengthNm = 850;
    std::string connector;          // "MPO-12/APC", "MPO-16/APC", "LC-duplex"
    double reachOm3M = 0, reachOm4M = 0, reachOm5M = 0, reachOs2M = 0; // 0 = not supported
    double channelLossDb = 0;       // max channel insertion loss (PMD budget)
    bool lossEstimated = false;
    std::string fec = "RS(544,514)";
    double powerClassW = 0;         // module power class it needs from the cage
    // Parallel optics run each port on half its lanes too (NVIDIA SR4/DR4: 200G on 2 of 4 channels): the
    // port then carries one link at this speed, or two through a 1:2 splitter fibre (a twin-port module
    // feeding four 200G host modules). 0: the port runs at portGbps only. Power at that speed, 0 = powerW.
    int halfLaneGbps = 0;
    double halfLanePowerW = 0;

    double reachM(FiberType) const;
};

enum class CableKind { DAC, ACC, AOC, FiberPatch, FiberTrunk };
const char* toString(CableKind);
bool parseCableKind(const std::string&, CableKind&); // "dac", "acc", "aoc", "fiber_patch", "fiber_trunk"

// A fixed-length cable assembly (DAC/ACC/AOC, one part number per length) or a fibre cord/trunk.
struct CableModel : PartBase {
    Protocol protocol = Protocol::Both;
    CableKind kind = CableKind::DAC;
    std::string endAForm;           // DAC/ACC/AOC: form factor of end A ("OSFP"); fibre: connector
    bool endAFinned = true;
    std::string endBForm;
    bool endBFinned = false;
    int legsB = 1;                  // 2 or 4 for splitter cables (1:2, 1:4)
    int portGbps = 400;             // per leg
    double lengthM = 1.0;
    std::string fiberType;          // fibre only: "OM4", "OS2"
    std::string connector;          // fibre only: "MPO-12/APC", "LC-duplex"
    std::string fec;                // copper/AOC: FEC the hosts must run; empty = host default
};

struct PatchPanelModel : PartBase {
    int ports = 0;                  // adapters in the panel
    std::string connector;          // "MPO-12/APC", "LC-duplex"
    int rackUnits = 1;
};

// A compute platform: an 8-GPU server (DGX/HGX), a PCIe-card server, or one tray of a rack-scale
// system (GB200/GB300 NVL72: a "node" is a 4-GPU compute tray, the NVLink domain is the rack).
// Seeded from data/catalog/platforms.csv; every row names its source. Not a priced part: compute
// capex stays outside the network budget.
// What a rack-scale system carries inside its rack beside its compute trays (schema version 9, issue 38):
// its NVLink switch trays and NVLink spine, the rack's own management switches, the trays' front-end
// NICs. Included with the rack (bought as part of it, counted, never priced twice): the BOM lists them
// per rack so the rack's content is complete. Seeded from data/catalog/rack_contents.csv, a source each.
struct RackItem {
    std::string item;         // stable id, the BOM line's part ("GB200-NVL72-NVLINK-SWITCH-TRAY")
    std::string kind;         // nvlink_switch_tray, nvlink_spine, management_switch, front_end_nic
    std::string description;  // what an installer reads
    int perRack = 0;
    std::string source;
};

struct PlatformModel {
    std::string id;                 // e.g. "DGX-H100"
    std::string vendor;
    std::string description;
    std::string gpu;                // "H100 SXM5"
    std::string gpuArch;            // "hopper" | "blackwell" | "other": picks NCCL's NVLS efficiency
    int gpusPerNode = 8;
    int gpusPerScaleUp = 8;         // GPUs in one NVLink domain (72 for NVL72); = gpusPerNode on PCIe
    double scaleUpGBpsPerGpu = 0;   // unidirectional NVLink (or PCIe) bandwidth per GPU, GB/s
    int nvlinkGeneration = 0;       // 0 = no NVLink (PCIe only)
    bool nvlinkSharp = false;       // NVSwitch with NVLink SHARP (NCCL NVLS / NVLSTree)
    std::string nicPart;            // default scale-out NIC; empty = the design's own choice
    int nicsPerNode = 0;            // scale-out ports per node; 0 = the design's own count
    bool nicsBuiltIn = false;       // the system ships with those NICs (DGX, NVL72 trays): not bought again
    std::string nicsBuiltInSource;  // where that is documented (required when nicsBuiltIn)
    int hostCages = 0;              // cages those ports sit in (DGX H100: 4 twin-port OSFP)
    int portsPerCage = 1;           // 2 = twin-port cage
    std::string cageType;           // "OSFP", "QSFP112"
    bool cageFinned = false;        // false: flat-top modules (riding heat sink)
    double nodePowerKw = 0;         // max per node (per tray for NVL72)
    int nodeRackUnits = 0;          // 0 when the node is a tray of a rack-scale system
    int nodesPerRack = 0;
    double rackPowerKw = 0;         // rack-scale systems: the whole rack; 0 = not fixed
    bool powerEstimated = false;
    std::string source;             // datasheet / reference architecture URL
    std::string notes;
    // North-south ports (schema version 9, issue 38): per node, the ports its reference architecture cables
    // to the storage and to the in-band network, the catalog NIC standing for their cage and speed (a DGX
    // H100's dual-port ConnectX-7 QSFP112), its BMC's 1GbE RJ45 ports, and where that is documented. 0 /
    // empty: not known (PCIe servers, CUSTOM): the platform brings no default networks.
    int storagePorts = 0;
    int inbandPorts = 0;
    std::string northSouthPortPart;
    int bmcPorts = 0;
    std::string northSouthSource;
    std::vector<RackItem> rackContents;  // rack-scale systems only (NVL72); empty otherwise

    bool hasScaleUpDomain() const { return gpusPerScaleUp > 1 && scaleUpGBpsPerGpu > 0; }
};

// Which platform (switch or NIC part number) accepts which module or cable.
struct Qualification {
    std::string platform;
    std::string part;
};

// A part's model name as people say it: its description up to the first comma ("Quantum-2 QM9700 NDR
// InfiniBand switch", "Arista 7816R4 16-slot modular chassis"); the catalog writes descriptions so.
inline std::string modelNameOf(const PartBase& part)
{
    return part.description.substr(0, part.description.find(','));
}

} // namespace fp
