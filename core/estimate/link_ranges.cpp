#include "estimate/link_ranges.h"

#include <algorithm>

namespace fp::estimate {

ClassRanges classRanges(const Fabric& f)
{
    ClassRanges r;
    std::size_t begin = 0;
    for (int c = 0; c < kLinkClassCount; ++c) {
        const auto end = std::partition_point(f.links.begin() + std::ptrdiff_t(begin), f.links.end(),
                                              [c](const Link& l) { return int(l.cls) <= c; });
        r[std::size_t(c)] = {begin, std::size_t(end - f.links.begin())};
        begin = r[std::size_t(c)].end;
    }
    return r;
}

} // namespace fp::estimate
