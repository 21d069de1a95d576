#pragma once
// Defaults that fit: the parts a fabric technology uses when the user has not chosen them. One rule
// for the CLI (--fabric without --switch) and the GUI (the Technology combo).
#include <optional>
#include <string>

#include "catalog/catalog.h"
#include "spec/cluster_spec.h"

namespace fp::plan {

struct FabricParts {
    ClusterSpec spec;   // the input with fabric, switch and NIC set
    bool clean = false; // its plan has no design-rule errors (never on a platform whose built-in NIC lacks
                        // the fabric's NIC-side features: platform.builtin-nic, noted in `why`)
    std::string why;    // one sentence for the user: what was picked and why
};

// The rule: candidates in retargetCandidates order (the user's switch and NIC first where they run
// the fabric, then switches at the link speed natively, then bigger radix), NIC by NIC (the best-ranked
// NIC first, then the catalog's other NICs of the fabric). With `keepOwn`, the design's own switch, first
// where it runs the fabric, is kept when its plan has no design-rule errors. Otherwise every switch of the
// first NIC is planned (but one whose lower bounds are above the tolerance ceiling, plan/compare_bound.h)
// and the clean plans are ranked by plan/ranking.h: capex + network energy over the horizon, then fewer
// tiers and switches within kFewerTiersTolerance of the lowest. The next NIC only when none is clean.
// Above kFullPlanGpus the plan that judges media and checks is a probe of kProbeGpus GPUs with the full
// size's tier count (its figures rank the candidates), and the full size is checked by the topology alone
// (what connects at that size). When no candidate is clean, the first that builds at all, flagged. On a
// platform with built-in NICs only that NIC is tried (retargetCandidates), and its platform.builtin-nic
// error, the same on every switch, does not count against the switches.
// Throws UserError when no candidate can build the cluster.
// `rank` false: the first clean candidate instead of the ranking's pick, for the comparison, which ranks
// every switch of the first NIC itself and asks the defaults only for a clean NIC it may lack.
FabricParts partsForFabric(const ClusterSpec&, FabricKind, const Catalog&, bool keepOwn = false, bool rank = true);

// A design that names its switch but not its NIC: the NIC that runs the switch at its native port speed.
// When the spec's NIC (typically the built-in default, 400G NDR) is slower than the switch's fastest port
// (a Q3400 is 800G XDR), the best-ranked NIC of the fabric at that speed (retargetCandidates: a SuperNIC
// on Spectrum-X, packet spraying on UEC) with a note for the user; nullopt when the NIC already runs it,
// the design sets a link speed, the platform has its NICs built in, or no catalog NIC reaches the speed.
struct NicForSwitch {
    ClusterSpec spec;
    std::string why;
};
std::optional<NicForSwitch> nicForNamedSwitch(const ClusterSpec&, const Catalog&);

constexpr int kFullPlanGpus = 65'536;
constexpr int kProbeGpus = 8'192;

} // namespace fp::plan
