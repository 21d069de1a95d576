#pragma once
// What the builder throws when a design's NIC ports per plane exceed what its tiers connect: a UserError
// (the message names the limit and what would fit) that also carries the limit, so the plan can say it
// when it adds planes instead.
#include "common/error.h"

namespace fp::topology {

struct FabricTooBig : UserError {
    long long limit;  // NIC ports per plane the design's tiers really connect (whole leaves, whole pods)
    FabricTooBig(std::string message, std::string where, std::string fix, long long limit_)
        : UserError(std::move(message), std::move(where), std::move(fix)), limit(limit_) {}
};

} // namespace fp::topology
