#pragma once
// Unloaded and loaded one-way small-message latency per path class (same leaf / via spine / via core).
// Formula and sources: README.md ("Latency"); constants: model_constants.h.
#include <array>
#include <vector>

#include "estimate/estimates.h"

namespace fp::estimate {

// Propagation delay of one link of a class, shortest and longest link in the fabric.
struct LinkDelayRange {
    bool present = false;
    double minNs = 0, maxNs = 0;
};

struct LatencyInputs {
    FabricKind fabric = FabricKind::InfiniBand;
    double nicNs = 0;      // one NIC side
    double switchNs = 0;   // port to port, per hop: the slowest switch of the fabric
    // Port to port of each tier's switch (leaf, spine, core); 0 = switchNs. A path crosses its leaf
    // twice, its spine twice and its core once, each at its own switch's figure.
    std::array<double, kSwitchTierCount> tierSwitchNs{};
    int linkGbps = 400;
    int fabricGbps = 0;           // switch-to-switch links when faster than the host links; 0: linkGbps
    int tiers = 2;         // 1 = single switch
    LinkDelayRange propagation[kLinkClassCount];
};

// Reads the catalog figures (with the documented defaults when the catalog has none) and the real
// routed cable lengths (layout; the media class decides copper 4.5 ns/m vs fibre 5 ns/m).
LatencyInputs latencyInputs(const ClusterSpec&, const Fabric&, const Layout&, const MediaAssignment&,
                            const Hardware&);

// One path with `switchHops` switches (1, 3 or 5) and switchHops + 1 links.
PathLatency pathLatency(const LatencyInputs&, int switchHops);
// All path classes the fabric has: same leaf; via spine (tiers >= 2); via core (tiers >= 3).
std::vector<PathLatency> pathLatencies(const LatencyInputs&);

} // namespace fp::estimate
