#pragma once
// Every outside figure the lossless (PFC/ECN) profile uses, with its source. README.md beside this file
// explains each and the formula that reads it. Figures marked ESTIMATE have no public source.
//   sonic-buildimage = github.com/sonic-net/sonic-buildimage @ 086b03bd70f9e211aaaf5f6aefe0790b508d2a94
//   sonic-swss       = github.com/sonic-net/sonic-swss       @ e6b0c5b5d2ab52354c4ec941f7c9005aeec3f779
#include <array>
#include <string_view>

namespace fp::lossless {

// ---- Per switch ASIC: in the catalog ----------------------------------------------------------------
// Buffer, cell, pipeline latency, MAC/PHY delay, the Spectrum tile term and the largest frame of each
// switch chip are catalog data (table `asics`, data/catalog/asics.csv, a source per row; SwitchModel::
// asicFigures), so a user's catalog can correct them; README.md beside this file explains each figure.

// ---- Per port speed --------------------------------------------------------------------------------
// Peer response time: the pause quanta (512 bit times each) a MAC may still send after a PAUSE/PFC
// frame reaches it, per speed: IEEE 802.3 Annex 31B.3.7, as tabulated in sonic-swss
// buffer_headroom_mellanox.lua (pause_quanta_per_speed). Bytes = quanta x 512 / 8.
struct PauseQuanta {
    int gbps;
    int quanta;
};
inline constexpr std::array<PauseQuanta, 8> kPauseQuanta{{
    {800, 905}, {400, 905}, {200, 453}, {100, 394}, {50, 147}, {40, 118}, {25, 80}, {10, 67}}};

// ---- Propagation (per metre of cable, one way) --------------------------------------------------------
// Fibre and AOC: SONiC's headroom calculation uses 198,000,000 m/s (5.05 ns/m; fabric-facts §4: 4.9-5.0
// ns/m). Copper DAC/ACC: at most 4.5 ns/m (NVIDIA MCP1650 DAC specification, fabric-facts §4), the
// vendor's bound, so the headroom is not short.
inline constexpr double kFibreMetresPerSecond = 198000000.0;
inline constexpr double kCopperNsPerMetre = 4.5;

// ---- The lossless traffic pattern (SONiC LOSSLESS_TRAFFIC_PATTERN) -------------------------------------
// mtu 1024: files/build_templates/buffers_config.j2. Small-packet share 100 % (every cell holds a 64-byte
// packet, the worst case): the share that reproduces every xoff of the SN5600 pg_profile_lookup.ini
// (the dynamic default, 50 %, assumes a shared headroom pool we do not assume).
inline constexpr double kLosslessMtu = 1024.0;
inline constexpr double kSmallPacketPercent = 100.0;
inline constexpr double kMinimalPacketBytes = 64.0;

// ---- What SONiC reserves per port besides lossless headroom (sonic-swss buffer_pool_mellanox.lua) ----
// A lossy PG and the management PG each reserve the pipeline latency (8-lane ports: 2 x latency - 1 KB);
// each port 10 KB of egress mirror headroom; the switch a 256 KB management pool.
inline constexpr double kEgressMirrorBytesPerPort = 10 * 1024.0;
inline constexpr double kManagementPoolBytes = 256 * 1024.0;

// ---- The RoCE classes --------------------------------------------------------------------------------
// Priority 3 lossless (RoCE), priority 6 for CNPs: NVIDIA Cumulus Linux RoCE defaults (fabric-facts §4.1:
// switch-priority 3 -> TC3, 6 -> TC6 strict, PFC on priority 3 only). DSCP 48 -> TC6 is also SONiC's
// default map (files/build_templates/qos_config.j2 DSCP_TO_TC_MAP "48": "6"). DSCP 26 for RoCE data is
// the common RoCE marking (ConnectX `cma_roce_tos -t 106` = DSCP 26 + ECT); no primary source retrieved here.
inline constexpr int kLosslessPriority = 3;
inline constexpr int kCnpPriority = 6;
inline constexpr int kRoceDscp = 26;
inline constexpr int kCnpDscp = 48;
// Port MTU 9216: the switches' jumbo MTU (SONiC's and Cumulus's maximum); with it the formula reproduces
// SONiC's SN5600 table exactly (with 9100, SONiC's default port MTU, nine of its 24 xoff values come out
// 1 KB short).
inline constexpr int kPortMtu = 9216;
// RoCE MTU 4096 (largest IB MTU a RoCE NIC uses) + IPv4 20 + UDP 8 + BTH 12 + RETH 16 + ICRC 4: the
// smallest IP MTU that carries a full RoCE packet.
inline constexpr int kRoceMtu = 4096;
inline constexpr int kRoceHeaderBytes = 20 + 8 + 12 + 16 + 4;

// ---- ECN/WRED on the lossless queue -------------------------------------------------------------------
// SONiC's default lossless WRED profile (qos_config.j2 WRED_PROFILE AZURE_LOSSLESS): min 1,048,576 B,
// max 2,097,152 B, 5 % marking probability, ECN on. SONiC publishes one profile for every speed; no
// per-speed vendor table was found, so every speed gets it.
inline constexpr double kEcnMinBytes = 1048576.0;
inline constexpr double kEcnMaxBytes = 2097152.0;
inline constexpr int kEcnProbabilityPercent = 5;
// NVIDIA Cumulus Linux's RoCE default disagrees: "Port ECN absolute threshold is 1501500 bytes for traffic
// class 3 (RoCE)" (Cumulus Linux 5.x user guide, RDMA over Converged Ethernet, "Default RoCE Mode
// Configuration"), again one figure for every speed. The exports write SONiC's profile; the checklist
// shows both, a range with its two sources.
inline constexpr double kCumulusEcnAbsoluteBytes = 1501500.0;

} // namespace fp::lossless
