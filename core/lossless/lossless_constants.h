#pragma once
// Every outside figure the lossless (PFC/ECN) profile uses, with its source. README.md beside this file
// explains each and the formula that reads it. Figures marked ESTIMATE have no public source.
//   sonic-buildimage = github.com/sonic-net/sonic-buildimage @ 086b03bd70f9e211aaaf5f6aefe0790b508d2a94
//   sonic-swss       = github.com/sonic-net/sonic-swss       @ e6b0c5b5d2ab52354c4ec941f7c9005aeec3f779
#include <array>
#include <string_view>

namespace fp::lossless {

// ---- Per switch ASIC (SwitchModel::asic) ------------------------------------------------------------
struct AsicConstants {
    std::string_view asic;        // as in switches.csv `asic`; empty = the generic fallback
    double bufferBytes = 0;       // packet buffer (MMU) of the chip; 0 = no figure (the fit is not checked)
    bool bufferEstimated = true;
    int cellBytes = 0;            // buffer cell: a 64-byte packet still takes a whole cell
    double pipelineLatencyBytes = 0;  // xon; SONiC ASIC_TABLE pipeline_latency (KB) x 1024
    double macPhyDelayBytes = 0;  // SONiC ASIC_TABLE mac_phy_delay (KB) x 1024
    double tileBytesPerGbps = 0;  // Spectrum-4/5 "kB on tile": 120 bits per Gb/s of port speed
    int maxMtu = 9216;            // largest frame the switch forwards
    bool constantsEstimated = true;  // cell, latency and delay figures are not published for this chip
    std::string_view source;
};

// Spectrum-4 (SN5600, SN5400): SONiC's Mellanox ASIC table and buffer templates.
//   cell 192, pipeline_latency 19 KB, mac_phy_delay 0.8 KB: sonic-buildimage platform/mellanox/asic_table.j2
//     (MELLANOX-SPECTRUM-4);
//   kB on tile = speed[Mb/s] / 1000 x 120 / 8 for Spectrum-4/5: sonic-swss cfgmgr/buffer_headroom_mellanox.lua;
//   buffer 158,229,504 B: the egress_lossless_pool size of device/mellanox/x86_64-nvidia_sn5600-r0/ACS-SN5600/
//     buffers_defaults_t1.j2, which buffer_pool_mellanox.lua takes as the MMU size when none is stored.
// Tomahawk 5 (7060X6, QFX5240, AIS800-64D, S9321-64EO): Broadcom publishes none of these.
//   buffer 167,546,528 B and cell 254 B are DERIVED from Arista's SONiC profiles
//     (device/arista/x86_64-arista_7060x6_64pe/Arista-7060X6-64PE-O128S2/buffers_defaults_t1.j2: the lossy
//     profiles' static_th = 167,546,528 B, the whole shared buffer; every size there, 1,778, 3,556, 18,796,
//     612,140, is a multiple of 254); pipeline latency and MAC/PHY delay are ESTIMATES (Spectrum's).
// Cisco Cloud Scale LS25600 (N9K-C9364D-GX2A): 120 MB from a third-party table (fabric-facts §1.2,
//   UNVERIFIED); the rest as the generic fallback.
// Generic fallback (Jericho, Silicon One, Express, anything else): no buffer figure, cell 256 B and the
//   Spectrum latencies as ESTIMATES, so headroom is shown but the fit is not checked.
inline constexpr std::array<AsicConstants, 4> kAsics{{
    {"Spectrum-4", 158229504.0, false, 192, 19 * 1024.0, 0.8 * 1024.0, 120.0 / 8.0, 9216, false,
     "sonic-buildimage platform/mellanox/asic_table.j2 (MELLANOX-SPECTRUM-4); ACS-SN5600/buffers_defaults_t1.j2 "
     "egress_lossless_pool_size; sonic-swss cfgmgr/buffer_headroom_mellanox.lua"},
    {"Tomahawk 5", 167546528.0, true, 254, 19 * 1024.0, 0.8 * 1024.0, 0.0, 9216, true,
     "derived from sonic-buildimage device/arista/x86_64-arista_7060x6_64pe/*/buffers_defaults_t1.j2 (buffer, "
     "cell); latencies ESTIMATE"},
    {"Cisco Cloud Scale LS25600", 120e6, true, 256, 19 * 1024.0, 0.8 * 1024.0, 0.0, 9216, true,
     "fabric-facts §1.2 (120 MB, third-party, UNVERIFIED); cell and latencies ESTIMATE"},
    {"", 0.0, true, 256, 19 * 1024.0, 0.8 * 1024.0, 0.0, 9216, true,
     "ESTIMATE: no published buffer figure for this ASIC; cell and latencies as Spectrum's"},
}};

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

} // namespace fp::lossless
