#pragma once
// Links of one class at chosen devices, grouped by device (compressed rows), each group in (key, link
// index) order, where the key is a property of the link (its far end, or the far end's pod): the links
// towards one target are then a contiguous run, found by binary search.
//
// Only the devices a computation asks about are grouped: one pass over the class range picks out their
// links, so a walk that touches a few thousand switches neither sorts nor copies the rest.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "estimate/link_ranges.h"

namespace fp::estimate {

inline constexpr std::uint32_t kNoLink = std::numeric_limits<std::uint32_t>::max();

// Group by Link::b (upper end) or Link::a (lower end).
enum class GroupBy { LowerEnd, UpperEnd };

template <GroupBy by, typename Key>  // std::uint32_t key(const Link&)
class Adjacency {
public:
    // The links of `range` at each of `devices` (duplicates allowed); any other device has none here.
    Adjacency(const Fabric& f, LinkRange range, const std::vector<DeviceId>& devices, Key key)
        : f_(f), key_(std::move(key)), groupOf_(f.devices.size(), kNoGroup)
    {
        std::uint32_t groups = 0;
        for (DeviceId d : devices)
            if (groupOf_[d] == kNoGroup) groupOf_[d] = groups++;
        // One pass over the range: each wanted link with its group, in link order.
        std::vector<std::pair<std::uint32_t, std::uint32_t>> wanted;  // (group, link)
        const Link* links = f.links.data();
        for (std::size_t i = range.begin; i < range.end; ++i)
            if (const std::uint32_t g = groupOf_[endOf(links[i])]; g != kNoGroup) wanted.emplace_back(g, std::uint32_t(i));
        // Counting sort by group (each group stays in link order), then each group by key.
        start_.assign(std::size_t(groups) + 1, 0);
        for (const auto& [g, link] : wanted) ++start_[g + 1];
        for (std::size_t g = 1; g < start_.size(); ++g) start_[g] += start_[g - 1];
        links_.resize(wanted.size());
        std::vector<std::uint32_t> cursor(start_.begin(), start_.end() - 1);
        for (const auto& [g, link] : wanted) links_[cursor[g]++] = link;
        const auto byKey = [this](std::uint32_t x, std::uint32_t y) { return key_(f_.links[x]) < key_(f_.links[y]); };
        for (std::size_t g = 0; g + 1 < start_.size(); ++g) {
            const auto first = links_.begin() + start_[g], last = links_.begin() + start_[g + 1];
            if (!std::is_sorted(first, last, byKey)) std::stable_sort(first, last, byKey);
        }
    }

    std::uint32_t count(DeviceId d) const
    {
        const std::uint32_t g = groupOf_[d];
        return g == kNoGroup ? 0 : start_[g + 1] - start_[g];
    }

    // One of the links at `d`, chosen by hash.
    std::uint32_t pickAny(DeviceId d, std::uint64_t hash) const
    {
        const std::uint32_t n = count(d);
        return n ? links_[start_[groupOf_[d]] + std::uint32_t(hash % n)] : kNoLink;
    }

    // One of the links at `d` whose key is `key`, chosen by hash.
    std::uint32_t pickWithKey(DeviceId d, std::uint32_t key, std::uint64_t hash) const
    {
        const std::uint32_t g = groupOf_[d];
        if (g == kNoGroup) return kNoLink;
        const auto first = links_.begin() + start_[g], last = links_.begin() + start_[g + 1];
        const auto lo = std::partition_point(first, last, [&](std::uint32_t l) { return key_(f_.links[l]) < key; });
        const auto hi = std::partition_point(lo, last, [&](std::uint32_t l) { return !(key < key_(f_.links[l])); });
        if (lo == hi) return kNoLink;
        return *(lo + std::ptrdiff_t(hash % std::uint64_t(hi - lo)));
    }

private:
    static constexpr std::uint32_t kNoGroup = std::numeric_limits<std::uint32_t>::max();
    static DeviceId endOf(const Link& l)
    {
        if constexpr (by == GroupBy::UpperEnd) return l.b;
        else return l.a;
    }

    const Fabric& f_;
    Key key_;
    std::vector<std::uint32_t> groupOf_;  // per device: its group, or kNoGroup
    std::vector<std::uint32_t> start_;    // per group + 1: position of its first link
    std::vector<std::uint32_t> links_;    // grouped link indices
};

template <GroupBy by, typename Key>
Adjacency<by, Key> adjacency(const Fabric& f, LinkRange range, const std::vector<DeviceId>& devices, Key key)
{
    return Adjacency<by, Key>(f, range, devices, std::move(key));
}

} // namespace fp::estimate
