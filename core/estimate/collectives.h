#pragma once
// Alpha-beta model of NCCL collectives: ring and double-binary-tree all-reduce and all-to-all time and
// bus bandwidth. Definitions: nccl-tests doc/PERFORMANCE.md; README.md ("Collectives").
#include <vector>

#include "estimate/estimates.h"

namespace fp::estimate {

struct AlphaBeta {
    double alphaUs = 0;        // per step: network latency + NCCL step overhead
    double bandwidthGBps = 0;  // per GPU, achieved (line rate x efficiency x ECMP factor), GB/s = 1e9 B/s
    double alltoallGBps = 0;   // per GPU for all-to-all (also limited by the bisection)
};

// t = 2(n-1) alpha + 2(n-1)/n S/B; busbw = S/t x 2(n-1)/n.
CollectivePoint ringAllReduce(const AlphaBeta&, int gpus, double bytes);
// t = 2 ceil(log2 n) alpha + 2(n-1)/n S/B (double binary tree: full bandwidth, log latency).
CollectivePoint treeAllReduce(const AlphaBeta&, int gpus, double bytes);
// t = (n-1) alpha + (n-1)/n S/B; busbw = S/t x (n-1)/n. S = bytes each rank sends in total.
CollectivePoint allToAll(const AlphaBeta&, int gpus, double bytes);

// 1 KiB .. 8 GiB in powers of two.
std::vector<double> collectiveSizesBytes();

} // namespace fp::estimate
