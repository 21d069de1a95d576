#pragma once
// Collectives as nccl-tests reports them: per-rank bus bandwidth (busbw) of all-reduce, all-gather,
// reduce-scatter and all-to-all from 1 KiB to 8 GiB, on a hierarchical system: scale-up domains
// (NVLink, the GPUs NCCL treats as one "node") joined by the scale-out fabric (the domain's NICs).
// Each algorithm NCCL has (ring, tree, NVLS, NVLSTree, CollNet) is modelled with NCCL's own tuner
// latencies and protocol factors (nccl_constants.h) and a physical bandwidth bound; the pick per size
// is what NCCL's tuner ranks fastest by its own figures. Self-contained: plain values in, plain values out.
// README.md ("Collectives") has every formula and the calibration table against published runs.
#include <string>
#include <vector>

namespace fp {

// One message size of one curve.
struct CollectivePoint {
    double bytes = 0;
    double timeUs = 0;
    double busbwGBps = 0;
    std::string algorithm;  // "ring", "tree", "nvls", "nvls_tree", "collnet", "pairwise"
    std::string protocol;   // "LL", "LL128", "Simple"
};

namespace estimate {

enum class Collective { AllReduce, AllGather, ReduceScatter, AllToAll };
enum class CollectiveAlgorithm { Ring, Tree, Nvls, NvlsTree, CollNet, Pairwise };
const char* toString(Collective);           // "all_reduce", "all_gather", "reduce_scatter", "all_to_all"
const char* toString(CollectiveAlgorithm);  // "ring", "tree", "nvls", "nvls_tree", "collnet", "pairwise"

// What the model needs to know about the system.
struct CollectiveSystem {
    int ranks = 0;                     // GPUs in the collective
    int domainGpus = 1;                // GPUs per scale-up (NVLink) domain; 1 = every GPU on its own
    double scaleUpGBps = 0;            // per GPU, one direction, line rate (NVLink or PCIe)
    bool nvlink = false;               // false: the domain's GPUs talk over PCIe
    bool nvlinkSharp = false;          // NVSwitch reduction (NCCL NVLS / NVLSTree)
    bool blackwell = false;            // NVLS efficiency and LL ceiling of the GPU generation
    double scaleOutGBpsPerGpu = 0;     // NIC ports x line rate / 8 per GPU, one direction
    double nicEfficiency = 0.94;       // achieved / line rate of one NIC (fabric, speed)
    double ecmpFactor = 1.0;           // bandwidth left after hash collisions
    double bisectionShare = 1.0;       // all-to-all: share of the demand the bisection carries
    double networkLatencyUs = 0;       // one-way latency of the widest path the collective uses
    bool inNetworkReductionAvailable = false;  // the fabric can reduce in the switches (IB SHARP)
    bool inNetworkReduction = false;           // ... and it is enabled (NCCL CollNet plugin)

    int domains() const;               // "nodes" in NCCL terms: ceil(ranks / domain size)
    int domainSize() const;            // min(domainGpus, ranks), at least 1
    double scaleOutGBpsPerDomain() const;  // achieved: ports x line rate x NIC efficiency x ECMP
};

struct AlgorithmCurve {
    CollectiveAlgorithm algorithm = CollectiveAlgorithm::Ring;
    std::vector<CollectivePoint> points;  // best protocol per size
    bool picked = true;                   // false: shown only (in-network reduction not enabled)
};

struct CollectiveCurves {
    Collective collective = Collective::AllReduce;
    std::vector<CollectivePoint> picked;       // what NCCL's tuner would run, per size
    std::vector<AlgorithmCurve> algorithms;    // every algorithm that applies, kept visible
    double largeBusbwGBps() const;             // picked busbw at the largest size
};

struct CollectiveReport {
    CollectiveSystem system;
    std::vector<CollectiveCurves> collectives; // all-reduce, all-gather, reduce-scatter, all-to-all
    const CollectiveCurves* find(Collective) const;
};

// The algorithms NCCL would consider for this collective on this system.
std::vector<CollectiveAlgorithm> algorithmsFor(const CollectiveSystem&, Collective);
// Best protocol of one algorithm at one size; busbw 0 and time 0 when it does not apply.
CollectivePoint evaluate(const CollectiveSystem&, Collective, CollectiveAlgorithm, double bytes);
// What NCCL's tuner believes one algorithm (its fastest protocol) takes: as `evaluate`, but with the
// tuner's own bandwidth figures where they differ from what runs achieve (the tree on 3+ domains).
CollectivePoint tunerEstimate(const CollectiveSystem&, Collective, CollectiveAlgorithm, double bytes);
// NCCL's choice at one size: the algorithm and protocol its tuner ranks fastest (tunerEstimate), with
// the busbw and time that choice achieves (evaluate's figures for that algorithm and protocol).
CollectivePoint pick(const CollectiveSystem&, Collective, double bytes);
// All four collectives over collectiveSizesBytes().
CollectiveReport modelCollectives(const CollectiveSystem&);

// 1 KiB .. 8 GiB in powers of two.
std::vector<double> collectiveSizesBytes();

// How the system joins GPUs before the fabric, for summaries: "8 GPUs per NVLink domain", "8 GPUs per
// node over PCIe", or "1 GPU per endpoint, no NVLink assumed" when no platform gives a scale-up domain.
std::string scaleUpText(const CollectiveSystem&);
// Why no NVLink is assumed ("no platform is named", "platform CUSTOM names no NVLink domain"); empty when
// the platform gives a scale-up domain. A server without a named platform gets no invented NVLink.
std::string noNvlinkReason(const CollectiveSystem&, const std::string& platformId);

} // namespace estimate
} // namespace fp
