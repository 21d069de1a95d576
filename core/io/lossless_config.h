#pragma once
// The lossless RoCE configuration of a plan, one per switch tier (every switch of a tier gets its
// tier's file; a port's buffer profile is sized for the longest cable on that port number over the
// tier), in three forms, each an exporter (lossless_exporters.cpp):
//   sonic-lossless  SONiC config_db JSON: DSCP_TO_TC_MAP, TC_TO_PRIORITY_GROUP_MAP, PORT_QOS_MAP,
//                   CABLE_LENGTH, BUFFER_PROFILE, BUFFER_PG, WRED_PROFILE, SCHEDULER, QUEUE ...
//   nvue-lossless   NVIDIA Cumulus Linux NVUE commands for the Spectrum tiers
//   nic-lossless    the NIC side (ConnectX/BlueField: mlnx_qos, the mlx5 ECN sysfs, cma_roce_tos)
// Grammar of the text forms and the sources of every value: core/lossless/README.md.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lossless/lossless.h"
#include "plan/plan.h"

namespace fp::io {

lossless::Analysis losslessOf(const Plan&);
// SONiC port name: "Ethernet" + the port's first lane (cage x lanes per cage + position x lanes per port).
std::string sonicPortName(const lossless::TierLossless&, const lossless::PortSetting&);
// Cumulus port name: "swp<cage>" (one port per cage) or "swp<cage>s<position>", cages from 1.
std::string cumulusPortName(const lossless::TierLossless&, const lossless::PortSetting&);
// "pg_lossless_400000_5m_profile": SONiC's name for a lossless PG profile (speed in Mb/s, cable).
std::string sonicProfileName(int gbps, int cableM);

// Throw UserError when the lossless settings are invalid. An InfiniBand plan gets files that say why it
// needs none of this (credit-based flow control) and configure nothing.
nlohmann::json sonicLosslessConfig(const Plan&);
std::vector<std::string> nvueLosslessLines(const Plan&);
std::vector<std::string> nicLosslessLines(const Plan&);

} // namespace fp::io
