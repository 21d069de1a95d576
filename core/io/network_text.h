#pragma once
// One network of a cluster in words, the same wherever it is printed (the CLI's networks rows, the
// workbook's Networks sheet, the PDF's network sections): so the three never say it differently.
#include <string>

#include "plan/cluster_plan.h"

namespace fp::io {

// "InfiniBand, MQM9700-NS2F (64 x 400G), port MCX715105AS-WEAT; 2 tiers: leaf 10, spine 8" (", core N" for
// three tiers).
std::string networkTopologyText(const NetworkPlan&);

// Its technology: the fabric's name ("InfiniBand", "RoCEv2"), but "Ethernet" for an in-band or out-of-band
// management network on Ethernet, which carries TCP/IP (provisioning, SSH, BMCs), not RDMA.
std::string networkTechnologyText(const NetworkPlan&);

} // namespace fp::io
