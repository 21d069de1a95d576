#pragma once
// Servers of 8 GPUs and 8 ConnectX-7 MCX755106AS-HEAT (2 x QSFP112, 200GbE) on SN5600 (64 OSFP cages of
// 800G, 4 x 200G each): the 200G-host designs of issue 40, shared by test_half_lane_optics and
// test_tier_speeds.
#include "spec/cluster_spec.h"

namespace testsupport {

inline fp::ClusterSpec roce200GHosts(int gpus)
{
    fp::ClusterSpec s;
    s.gpus = gpus;
    s.gpusPerNode = 8;
    s.nicsPerNode = 8;
    s.fabric = fp::FabricKind::RoCE;
    s.nicModel = "MCX755106AS-HEAT";
    s.switchModel = "SN5600";
    s.linkGbps = 200;
    return s;
}

} // namespace testsupport
