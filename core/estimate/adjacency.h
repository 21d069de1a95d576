#pragma once
// Links of one class grouped by one end device (compressed rows), each group in (key, link index)
// order, where the key is a property of the link (its far end, or the far end's pod): the links
// towards one target are then a contiguous run, found by binary search.
//
// The builder wires each device's links together in order of the far end, so a class range usually
// is in (end, key, link) order already: its groups are runs of the range itself and nothing is copied.
// Any other order is grouped by a counting sort and its groups sorted by key.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "estimate/link_ranges.h"

namespace fp::estimate {

inline constexpr std::uint32_t kNoLink = std::numeric_limits<std::uint32_t>::max();

template <typename Key>  // std::uint32_t key(std::uint32_t link)
class Adjacency {
public:
    // Groups the links of `range` by their upper end (Link::b) or lower end (Link::a).
    Adjacency(const Fabric& f, LinkRange range, bool byUpperEnd, Key key)
        : f_(f), range_(range), byUpperEnd_(byUpperEnd), key_(std::move(key)), start_(f.devices.size() + 1)
    {
        if (!groupInPlace()) groupByCountingSort();
    }

    std::uint32_t count(DeviceId d) const { return start_[d + 1] - start_[d]; }

    // One of the links at `d`, chosen by hash.
    std::uint32_t pickAny(DeviceId d, std::uint64_t hash) const
    {
        const std::uint32_t n = count(d);
        return n ? linkAt(start_[d] + std::uint32_t(hash % n)) : kNoLink;
    }

    // One of the links at `d` whose key is `key`, chosen by hash.
    std::uint32_t pickWithKey(DeviceId d, std::uint32_t key, std::uint64_t hash) const
    {
        std::uint32_t lo = start_[d], hi = start_[d + 1];
        for (std::uint32_t n = hi - lo; n > 0;) {  // first position whose key is not below `key`
            const std::uint32_t half = n / 2;
            if (key_(linkAt(lo + half)) < key) { lo += half + 1; n -= half + 1; } else n = half;
        }
        std::uint32_t past = lo;
        for (std::uint32_t n = hi - lo; n > 0;) {  // first position whose key is above `key`
            const std::uint32_t half = n / 2;
            if (!(key < key_(linkAt(past + half)))) { past += half + 1; n -= half + 1; } else n = half;
        }
        if (lo == past) return kNoLink;
        return linkAt(lo + std::uint32_t(hash % std::uint64_t(past - lo)));
    }

private:
    DeviceId endOf(std::uint32_t link) const
    {
        const Link& l = f_.links[link];
        return byUpperEnd_ ? l.b : l.a;
    }
    std::uint32_t linkAt(std::uint32_t position) const
    {
        return order_ ? order_[position] : std::uint32_t(range_.begin) + position;
    }

    // The range in (end, key, link) order: set the group starts and keep the range as it is.
    bool groupInPlace()
    {
        const std::uint32_t n = std::uint32_t(range_.size());
        std::size_t started = 0;  // devices whose group start is set
        DeviceId previousEnd = 0;
        std::uint32_t previousKey = 0;
        for (std::uint32_t position = 0; position < n; ++position) {
            const std::uint32_t link = std::uint32_t(range_.begin) + position;
            const DeviceId end = endOf(link);
            const std::uint32_t key = key_(link);
            if (position > 0 && (end < previousEnd || (end == previousEnd && key < previousKey))) return false;
            while (started <= end) start_[started++] = position;
            previousEnd = end;
            previousKey = key;
        }
        while (started < start_.size()) start_[started++] = n;
        return true;
    }

    // Any other order: a counting sort by end (each group in link order), then each group by key.
    void groupByCountingSort()
    {
        const std::uint32_t n = std::uint32_t(range_.size());
        std::fill(start_.begin(), start_.end(), 0);
        for (std::uint32_t position = 0; position < n; ++position)
            ++start_[endOf(std::uint32_t(range_.begin) + position) + 1];
        for (std::size_t d = 1; d < start_.size(); ++d) start_[d] += start_[d - 1];
        order_ = std::make_unique_for_overwrite<std::uint32_t[]>(n);
        std::vector<std::uint32_t> cursor(start_.begin(), start_.end() - 1);
        for (std::uint32_t position = 0; position < n; ++position) {
            const std::uint32_t link = std::uint32_t(range_.begin) + position;
            order_[cursor[endOf(link)]++] = link;
        }
        std::vector<std::pair<std::uint32_t, std::uint32_t>> group;  // (key, link)
        for (std::size_t d = 0; d + 1 < start_.size(); ++d) {
            const std::uint32_t b = start_[d], e = start_[d + 1];
            bool sorted = true;
            for (std::uint32_t k = b + 1; k < e && sorted; ++k) sorted = key_(order_[k - 1]) <= key_(order_[k]);
            if (sorted) continue;
            group.clear();
            for (std::uint32_t k = b; k < e; ++k) group.emplace_back(key_(order_[k]), order_[k]);
            std::sort(group.begin(), group.end());
            for (std::uint32_t k = b; k < e; ++k) order_[k] = group[k - b].second;
        }
    }

    const Fabric& f_;
    LinkRange range_;
    bool byUpperEnd_;
    Key key_;
    std::vector<std::uint32_t> start_;         // per device + 1: position of its group
    std::unique_ptr<std::uint32_t[]> order_;   // link at each position; null: the range itself
};

} // namespace fp::estimate
