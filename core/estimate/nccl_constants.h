#pragma once
// NCCL's own tuner model (src/graph/tuning.cc of NVIDIA/nccl, commit 5067397c, "ncclTunerConstantsDefaults"
// and ncclTopoTuneModel) plus the calibration figures the collectives model adds to it. Every figure
// names its source; README.md ("Collectives") shows the calibration against published nccl-tests runs.
// Latencies in microseconds, bandwidths in GB/s (1e9 B/s).

namespace fp::nccl {

// Protocols: LL (8-byte flag+data stores), LL128 (128-byte lines), Simple. tuning.cc table order.
enum Protocol { kLL = 0, kLL128 = 1, kSimple = 2 };
constexpr int kProtocols = 3;

// ---- Base latency per operation (tuning.cc baseLatencies) -------------------------------------
constexpr double kBaseLatencyTreeUs[kProtocols] = {6.8, 14.0, 8.4};
constexpr double kBaseLatencyRingUs[kProtocols] = {6.6, 14.0, 8.4};
// CollNet, NVLS, NVLSTree: 0 base latency in tuning.cc.

// ---- Per-step hardware latency (tuning.cc hwLatencies) -----------------------------------------
// NVLink hops
constexpr double kNvlinkTreeUs[kProtocols] = {0.6, 1.25, 4.0};
constexpr double kNvlinkRingUs[kProtocols] = {0.6, 1.9, 3.4};
constexpr double kNvlinkCollNetDirectUs = 3.7;   // Simple only
constexpr double kNvlinkNvlsUs = 25.0;           // NVLS and NVLSTree, Simple only
// PCIe hops (GPUs without NVLink)
constexpr double kPciTreeUs[kProtocols] = {1.0, 1.9, 4.0};
constexpr double kPciRingUs[kProtocols] = {1.0, 2.5, 5.7};
// Network hops; NCCL adds the topology's measured inter-node latency on top (graph latencyInter),
// for which we add our own one-way path latency of the planned fabric (latency.h).
constexpr double kNetTreeUs[kProtocols] = {5.0, 8.5, 14.0};
constexpr double kNetRingUs[kProtocols] = {2.7, 4.0, 14.0};
constexpr double kNetCollNetDirectUs = 31.0;
constexpr double kNetNvlsUs = 18.0;
constexpr double kNetNvlsTreeUs = 20.9;
// Network post overhead per inter-node ring step (getNetOverhead: 1 us on Intel x86 and Arm, 2 us on
// AMD x86; x3 for the Simple protocol). We take 1 us.
constexpr double kNetOverheadUs = 1.0;
constexpr double kNetOverheadSimpleFactor = 3.0;
// CollNet Direct: 0.4 us arity serialisation per local rank (tuning.cc).
constexpr double kCollNetArityUs = 0.4;

// ---- Protocol bandwidth refinements (tuning.cc "Various model refinements") --------------------
constexpr double kRingLLFactor = 0.5;         // LL moves 8 B of data per 16 B
constexpr double kRingLL128Factor = 0.92;     // 120 of 128 bytes are data
constexpr double kTreeSimpleFactor = 0.92;    // tree all-reduce
constexpr double kTreeLLFactor = 1.0 / 3.8;
constexpr double kTreeLL128Factor = 120.0 / 128.0;
// LL ceiling for the whole communicator (llMaxBws): one node by GPU generation, several nodes by CPU
// (Intel row): {1 node, 2 nodes, >2 nodes}.
constexpr double kLLMaxHopperOneNode = 141.0;
constexpr double kLLMaxBlackwellOneNode = 2 * 141.0;
constexpr double kLLMaxTwoNodes = 39.0;
constexpr double kLLMaxManyNodes = 20.4;
// NVLS efficiency of the NVSwitch reduction (nvlsEfficiency): Hopper 0.85, Blackwell 0.74.
constexpr double kNvlsEfficiencyHopper = 0.85;
constexpr double kNvlsEfficiencyBlackwell = 0.74;
// CollNet Direct on Hopper and later: busBw x 0.85 (tuning.cc "if (minCompCap >= 90) busBw *= .85"). It ranks
// the algorithms only: measured CollNet runs reach the unbiased bound (core/estimate/README.md).
constexpr double kCollNetTunerBias = 0.85;

// ---- Calibration (not in tuning.cc) -------------------------------------------------------------
// Effective NVLink bandwidth NCCL reaches with ring/copy kernels: "With the protocol overhead (~20%)
// NCCL can get an effective NVLink bandwidth of 370GB/s" on H100, line rate 450 GB/s (S. Jeaugey,
// NVIDIA, nccl-tests issue #212) -> 370/450 = 0.82. Blackwell: NCCL's topology gives B200 18 NVLinks
// x 40.1 GB/s = 721.8 GB/s of 900 (NVIDIA/nccl issue #1807, src/graph/topo.h SM100_NVLINK_BW) -> 0.80.
constexpr double kNvlinkRingEfficiency = 0.82;
// NVLS all-reduce bus bandwidth per GPU = NVLink line rate x nvlsEfficiency x this gain. Calibrated on
// H100: "On 8 GPUs, you should reach a peak busBw of ~480GB/s" (S. Jeaugey, nccl-tests issue #212):
// 480 / (450 x 0.85) = 1.255. The same constant predicts Blackwell: 900 x 0.74 x 1.255 = 836 GB/s,
// against 830+ on 8 x B200 (NVIDIA/nccl issue #1807) and 835-847 on a full GB200 NVL72 rack
// (coreweave/nccl-tests PR #43). README.md, calibration table.
constexpr double kNvlsAllReduceGain = 1.255;
// Per-peer cost of all-to-all (NCCL posts a send and a receive per peer): the network post overhead
// above. ESTIMATE.
constexpr double kAllToAllPerPeerUs = kNetOverheadUs;
// Default queue pairs per connection (NCCL_IB_QPS_PER_CONNECTION default 1, NCCL env docs).
constexpr int kDefaultQpsPerConnection = 1;

} // namespace fp::nccl
