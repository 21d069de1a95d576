#pragma once
// The links of each class as one range of link indices. Fabric::links is grouped by class, host-leaf
// first (topology/fabric.h), so each class is contiguous and its bounds take two binary searches
// instead of a pass over every link.
#include <array>
#include <cstddef>

#include "topology/fabric.h"

namespace fp::estimate {

struct LinkRange {
    std::size_t begin = 0, end = 0;
    std::size_t size() const { return end - begin; }
};

using ClassRanges = std::array<LinkRange, kLinkClassCount>;  // indexed by LinkClass

ClassRanges classRanges(const Fabric&);

} // namespace fp::estimate
