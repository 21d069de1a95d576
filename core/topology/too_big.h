#pragma once
// What the builder throws when a design's NIC ports per plane exceed what its tiers connect: a UserError
// (the message names the limit and what would fit) that also carries the limit, so the plan can say it
// when it adds planes instead; and the rail planes that would connect such a design, which both the
// builder's refusal and the plan's automatic planes (plan/resolve.h planesThatConnect) name.
#include "common/error.h"
#include "topology/builder.h"

namespace fp::topology {

struct FabricTooBig : UserError {
    long long limit;  // NIC ports per plane the design's tiers really connect (whole leaves, whole pods)
    FabricTooBig(std::string message, std::string where, std::string fix, long long limit_)
        : UserError(std::move(message), std::move(where), std::move(fix)), limit(limit_) {}
};

// The fewest rail planes (2, 4, ... up to maxPlanes, dividing the NICs per node; each plane takes that share
// of every node's NICs at the same speed) with which `spec`, asked with one plane, connects as built: each
// candidate is dimensioned (shapeOf). 0 when none does, or when the spec already has several planes.
int railPlanesThatConnect(const ClusterSpec&, const TierPorts&, int linkGbps, int maxPlanes);

} // namespace fp::topology
