#pragma once
// Every outside figure the estimates use, with its source. Figures marked ESTIMATE are our model
// assumptions (no public data) and are reported to the user as estimates. README.md explains each.
// fabric-facts = /work/shared/reference/fabric-facts.md (the team's sourced reference sheet).

namespace fp::model {

// ---- Time -----------------------------------------------------------------------------------
constexpr double kHoursPerWorkWeek = 40.0;       // one engineer-week
constexpr double kHoursPerYear = 8766.0;         // 365.25 d x 24 h (average year incl. leap years)

// ---- Bring-up and tuning (engineer-weeks, calendar months to a stable production cluster) ----
// RoCEv2: lossless Ethernet needs PFC/ECN/DCQCN consistent on every switch and NIC; practitioners
// report ~2-3 engineer-weeks of end-to-end tuning and 4-6 months to a stable production cluster
// (task brief's published figure; PFC/ECN requirements: fabric-facts §4.1, NVIDIA Cumulus RoCE doc).
// We take the middle of each band.
constexpr double kRoceTuningWeeks = 2.5;
// RoCEv2 whose lossless settings FabricPlan generated and checked (core/lossless: per-port PFC headroom
// from the cable plan, ECN, the buffer fit of every switch, SONiC/NVUE/NIC exports): what stays is
// applying them, NIC firmware alignment and validation runs (perftest, NCCL tests, PFC watchdog).
// ESTIMATE (no published figure): the share of the band spent deriving and reconciling PFC/ECN/buffer
// settings per switch and NIC is taken as 1 engineer-week, leaving 1.5, as Spectrum-X's validated
// end-to-end configuration. Months to stable are not changed: they are dominated by software and scale.
constexpr double kRoceTuningWeeksGenerated = 1.5;
constexpr double kRoceMonthsToStable = 5.0;
// InfiniBand: subnet manager configures routing and credit-based flow control, no PFC/ECN tuning
// (fabric-facts §4.1). ESTIMATE: 1 engineer-week, 1.5 months (validation runs, UFM, cable burn-in).
constexpr double kIbTuningWeeks = 1.0;
constexpr double kIbMonthsToStable = 1.5;
// Spectrum-X: RoCE with NVIDIA's validated end-to-end configuration (SuperNIC + switch, reference
// architecture, fabric-facts §5). ESTIMATE: 1.5 engineer-weeks, 2.5 months.
constexpr double kSpectrumXTuningWeeks = 1.5;
constexpr double kSpectrumXMonthsToStable = 2.5;
// UEC: new transport with packet spraying and built-in congestion control, less PFC dependence, but
// young software. ESTIMATE: between Spectrum-X and RoCE: 2 engineer-weeks, 3.5 months.
constexpr double kUecTuningWeeks = 2.0;
constexpr double kUecMonthsToStable = 3.5;

// Scaling with the fabric (tuning_effort.cpp; README "Tuning effort"). ESTIMATE: no published figure gives
// effort against fabric size. The bands above are for a fabric of the size practitioners report on: two
// tiers, one plane, up to 64 switches (~1-2K GPUs). Beyond it, each doubling of the switches adds half the
// reference effort (validation runs: NCCL tests per pod and across pods, PFC watchdog and ECN counters per
// tier, cable burn-in); each tier beyond two adds 25 % (a new switch role with its own ECN thresholds,
// headroom and routing, and Meta's SIGCOMM 2024 RoCE paper reports routing and congestion control being
// reworked as fabrics grew from one to several tiers); each plane beyond one adds 10 % (same configuration,
// validated again). Calendar months grow as the square root of the effort.
constexpr double kTuningReferenceSwitches = 64.0;
constexpr double kTuningPerSizeDoubling = 0.5;
constexpr double kTuningPerExtraTier = 0.25;
constexpr double kTuningPerExtraPlane = 0.10;

// ---- Latency --------------------------------------------------------------------------------
// Propagation: fibre n ~ 1.468 -> 4.9 ns/m, textbook 5.0 ns/m; copper DAC <= 4.5 ns/m
// (NVIDIA MCP1650 spec). fabric-facts §4.
constexpr double kFibreNsPerM = 5.0;
constexpr double kCopperNsPerM = 4.5;
// Switch port-to-port latency when the catalog has none: NDR IB ~130 ns, Spectrum-4 ~500 ns per hop
// (public model's assumptions, pingdo.net; fabric-facts §4). ESTIMATE.
constexpr double kIbSwitchNsDefault = 130.0;
constexpr double kEthernetSwitchNsDefault = 500.0;
// NIC-to-wire latency, one side, when the catalog has none. IB NIC-to-NIC through one switch is
// 0.5-1 us (task brief; WWT: 100-300 ns per switch ASIC, fabric-facts §4), so with a 130 ns switch,
// 2 x 100 ns FEC and a few ns of wire, one NIC side is ~100-330 ns. ESTIMATE: 250 ns.
constexpr double kNicNsDefault = 250.0;
// RS(544,514) "KP4" FEC encode + decode, per link. Commonly quoted ~100 ns (UNVERIFIED, fabric-facts
// §3.4). Applied to every link of the path.
constexpr double kFecNsPerLink = 100.0;
// Small message for the latency figure: an 8-byte MPI payload in a ~64-byte frame (fabric-facts §4:
// 8-byte MPI latency study).
constexpr double kSmallMessageFrameBytes = 64.0;
// RoCE stack extra over IB for small messages, on the two NIC sides only (the switch difference is
// already in the per-hop latency). Sources disagree: the same ConnectX NIC runs both transports in
// hardware, and a measured 8-byte MPI study found IB only ~10 % lower than RoCE (EDR-generation
// ConnectX-4, fabric-facts §4: naddod.com citing a University of New Mexico study) -> low end 10 %.
// The seed's "50-200 % more for small messages" (task brief, no primary source) stays as the
// pessimistic scenario: the high end, +200 %. All Ethernet fabrics run RDMA over UDP/IP, so the band
// applies to RoCE, Spectrum-X and UEC alike.
constexpr double kRoceStackExtraLow = 0.1;
constexpr double kRoceStackExtraHigh = 2.0;
// Loaded jitter band: queueing per switch hop under load, in full-size packets ahead of ours.
// IB credit-based flow control and adaptive/telemetry-based fabrics keep queues short. ESTIMATE.
constexpr double kMtuBytes = 4096.0;                 // RoCE/IB MTU commonly used for RDMA
constexpr double kLoadedQueuePacketsLow = 1.0;       // one packet ahead at every hop
constexpr double kLoadedQueuePacketsHighShallow = 8.0;  // IB, Spectrum-X, UEC: ESTIMATE
// RoCE with ECN: the queue may grow to the ECN marking threshold before senders slow down. NVIDIA
// Cumulus default absolute ECN threshold on the RoCE class: 1,501,500 bytes (fabric-facts §4.1).
constexpr double kRoceEcnThresholdBytes = 1501500.0;

// ---- Throughput -----------------------------------------------------------------------------
// Large-collective efficiency (achieved bus bandwidth / line rate). IB NDR: NCCL all-reduce busbw
// ~45-48 GB/s on 400 Gb/s (= 50 GB/s) links is what nccl-tests typically report (task brief;
// UNVERIFIED in our sources) -> 0.94.
constexpr double kIbEfficiency = 0.94;
// Tuned RoCE reaches 85-95 % of IB; the gap narrows at 400/800G (task brief). ESTIMATE within that
// band: 0.86 of IB below 400G, 0.90 at 400G, 0.93 at 800G and above.
constexpr double kRoceRelativeBelow400G = 0.86;
constexpr double kRoceRelativeAt400G = 0.90;
constexpr double kRoceRelativeAt800G = 0.93;
// Misconfigured RoCE (PFC storms, no ECN, wrong DCQCN): ~50 % of IB (task brief). ESTIMATE.
constexpr double kRoceMisconfiguredRelative = 0.50;
// Spectrum-X (adaptive routing + SuperNIC congestion control) and UEC (packet spraying): near IB.
// ESTIMATE.
constexpr double kSpectrumXRelative = 0.97;
constexpr double kUecRelative = 0.95;
// Seed of the deterministic ECMP hash (any fixed value; the result must not change between runs).
constexpr unsigned long long kEcmpHashSeed = 0x9E3779B97F4A7C15ULL;

// ---- Collectives ----------------------------------------------------------------------------
// The collective model's constants (NCCL's tuner tables and our calibration) live in nccl_constants.h.
// Message sizes as nccl-tests sweeps them (-b 1K -e 8G -f 2).
constexpr int kCollectiveMinLog2Bytes = 10;   // 1 KiB
constexpr int kCollectiveMaxLog2Bytes = 33;   // 8 GiB

// ---- Advice ---------------------------------------------------------------------------------
// Practitioners' rule: comm-to-compute above 25 % -> InfiniBand; below 10 % -> Ethernet is fine
// (task brief). In between: weigh the capex/opex gap against the time the fabric loses.
constexpr double kLeanInfiniBandAbovePct = 25.0;
constexpr double kEthernetFineBelowPct = 10.0;
// What the cluster's time is worth: compute capex per GPU (GPU + server share). ESTIMATE for an
// H100/B200-class 8-GPU server (~$300k-400k per server): $40,000 per GPU. No public list price.
constexpr double kComputeCapexUsdPerGpu = 40000.0;
// Scale above which RoCE needs extra care: an IETF draft claims PFC limited RoCE to ~1,000-node
// clusters (vendor opinion, fabric-facts §4.1).
constexpr int kRoceCautionNodes = 1000;

} // namespace fp::model
