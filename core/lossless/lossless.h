#pragma once
// The lossless (PFC + ECN) profile of a RoCE fabric, from its cable plan: each switch port's PFC headroom
// from its speed, cable length and medium and the switch ASIC's constants (SONiC's Mellanox method,
// README.md beside this file); whether each switch's headroom and reserved buffers fit its packet buffer;
// and the per-tier port settings the configuration exporters write (io/lossless_*_exporter.cpp).
// Spectrum-X runs the same PFC/ECN profile; UEC needs ECN only; InfiniBand none (credit-based).
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/hardware.h"
#include "common/finding.h"
#include "layout/layout.h"
#include "lossless/lossless_constants.h"
#include "media/media.h"
#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp::lossless {

// What a user may change; the defaults are the sourced RoCE practice (lossless_constants.h).
struct Options {
    int losslessPriority = kLosslessPriority;
    int cnpPriority = kCnpPriority;
    int roceDscp = kRoceDscp;
    int cnpDscp = kCnpDscp;
    int portMtu = kPortMtu;
    int losslessPriorities = 1;     // priorities with their own headroom on every port
    double bufferBytesOverride = 0; // > 0: the switches' buffer instead of the ASIC's figure
};

// A design's settings (ClusterSpec::lossless) as analysis options.
Options optionsOf(const LosslessSettings&);

// SerDes lanes a port of a switch runs at `gbps`: the cage's lanes (8 for OSFP and QSFP-DD, 4 for the
// QSFP family) over its ports at that speed. Ports of 8 lanes double the pipeline latency (SONiC).
int lanesOfPort(const SwitchModel&, int gbps);

// One port's headroom, SONiC's Mellanox formula term by term (bytes), with the switch ASIC's catalog figures.
struct Headroom {
    double bytesOnCable = 0;      // 2 x length x rate / propagation speed / 8: the round trip in flight
    double peerResponseBytes = 0; // pause quanta x 512 / 8
    double tileBytes = 0;         // Spectrum-4/5
    double propagationBytes = 0;  // port MTU + cable + MAC/PHY + peer response + tile
    double cellOccupancy = 1;     // worst case: 64-byte packets each in a whole cell
    long long xoff = 0;           // lossless MTU + propagation x occupancy, rounded up to 1 KB
    long long xon = 0;            // the pipeline latency (x 2 on 8-lane ports), rounded up to 1 KB
    long long size = 0;           // xoff + xon (+ port MTU on 8-lane ports), rounded up to 1 KB
};
// Throws UserError for a speed of no known pause quanta.
Headroom headroomOf(const AsicFigures&, int gbps, double cableM, bool copper, int lanes, int portMtu = kPortMtu);
// Propagation speed (m/s) of a medium.
double metresPerSecond(bool copper);
// Buffer a port reserves besides its lossless headroom: a lossy PG and the management PG.
double reservedPerPortBytes(const AsicFigures&, int lanes);

enum class FlowControl { PfcEcn, EcnOnly, CreditBased };
const char* toString(FlowControl);  // "pfc+ecn", "ecn-only", "credit-based"
FlowControl flowControlOf(FabricKind);
// One paragraph per fabric kind: what it needs and what it does not, and why (sources in README.md), with
// the design's lossless priority (Options), not the default's.
std::string flowControlText(FabricKind, const Options& = {});

// One port of a tier's configuration: the longest cable on that port number over the tier's switches.
struct PortSetting {
    std::uint16_t port = 0;   // logical port (Fabric port numbering)
    int cage = 0, sub = 0;    // 0-based cage and position in it
    int lanes = 4;
    int gbps = 0;             // the port's speed: a leaf's uplinks may run faster than its host ports
    int cableM = 0;           // whole metres, rounded up (what SONiC's CABLE_LENGTH holds)
    bool copper = false;
    Headroom headroom;
};

struct TierLossless {
    Tier tier = Tier::Leaf;
    std::string part, asic;
    int gbps = 0;
    int portsPerCage = 1;
    int lanesPerCage = 8;
    long long switches = 0;
    std::vector<PortSetting> ports;   // ports any switch of the tier uses, by port number (Detail::Ports)
    int portsConfigured = 0;          // how many port numbers that is (either detail)
    // The worst switch (most buffer needed) and how many need more than they have.
    std::int64_t worstDevice = -1;
    double worstHeadroomBytes = 0, worstReservedBytes = 0, worstLongestM = 0;
    int worstPorts = 0;
    double bufferBytes = 0;           // 0 = unknown (fit not checked)
    bool bufferEstimated = true;
    long long switchesOver = 0;
    double worstNeedBytes() const { return worstHeadroomBytes + worstReservedBytes; }
};

struct Analysis {
    FabricKind fabric = FabricKind::RoCE;
    FlowControl flowControl = FlowControl::PfcEcn;
    Options options;
    std::vector<TierLossless> tiers;   // PFC fabrics only
    std::vector<Finding> findings;     // lossless.* rules (core/checks/README.md)
    bool hasErrors() const;
};

// Bad settings (MTU, priorities, buffer override) as findings with rule lossless.settings.
std::vector<Finding> validateOptions(const Options&, int maxMtu);

// What an analysis fills in: every tier's worst switch, fit and findings (Tiers: what the checks, the
// estimate and the summaries read), or also each port's setting (Ports: TierLossless::ports, for the
// configuration exports and the plan JSON's port count). Tiers skips the per-port table, about half the
// work of a pass over every link.
enum class Detail { Tiers, Ports };

// What analyse reads of a floor's links, gathered per switch: each switch's ends as runs of one length
// (whole metres) and one media solution, with how many ends each run has. The plans of one floor whose
// links have the same solution numbers (plan_stages.h FloorMemo: plans that share link keys) read it
// instead of walking every link end: a switch has a few dozen runs against its 64 or more ends.
struct SwitchEnds {
    struct Run {
        std::uint32_t metres = 0, solution = 0, ends = 0;
        bool atFabricSpeed = false;  // a switch-to-switch end where the fabric runs faster than the hosts
    };
    std::vector<std::uint32_t> first;       // per switch (device - nodeCount), then one past: its runs [first[s], first[s + 1])
    std::vector<Run> runs;
    std::vector<std::uint32_t> longestM;    // per switch: its longest end's metres
    std::vector<std::uint32_t> ends;        // per switch
    std::vector<int> portsOfTier;           // per switch tier (switchTierIndex): port numbers any switch of it uses
    std::vector<std::uint32_t> solutionOfLink;  // what the runs were gathered for
    std::size_t switchModels = 0;           // switches of a model index past this were left out (as analyse does)
    // Whether these runs hold for a plan: the same links and solution numbers (the floor is the builder's).
    bool holdsFor(const MediaAssignment&, const Hardware&) const;
};
SwitchEnds switchEndsOf(const Fabric&, const Layout&, const MediaAssignment&, const Hardware&);

// `ends`: switchEndsOf the plan's fabric, layout and solution numbers (read with Detail::Tiers only): the
// same analysis without a walk over every link end.
Analysis analyse(const ClusterSpec&, const Fabric&, const Layout&, const MediaAssignment&, const Hardware&,
                 const Options& = {}, Detail = Detail::Ports, const SwitchEnds* ends = nullptr);

// "3.4 MB" style.
std::string megabytes(double bytes);
// One line per tier for summaries: "leaf SN5600: worst switch 9.1 MB headroom + 2.6 MB reserved of 158.2 MB (7 %)".
std::vector<std::string> summaryLines(const Analysis&);

} // namespace fp::lossless
