#pragma once
// Links of one class at chosen devices, grouped by device, each group in (key, link index) order,
// where the key is a property of the link (its far end, or the far end's pod): the links towards one
// target are then a contiguous run, found by binary search.
//
// Only the devices a computation asks about are grouped. The builder wires each device's uplinks
// together in order of the far end: when most devices are wanted, a range in (end, key, link) order is
// used in place, each group found by binary search. Otherwise one pass over the range picks out the
// wanted devices' links, so a walk that touches a few hundred switches neither sorts nor copies the rest.
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
// How many of the range's devices are wanted: most (the range is used in place when one pass finds it
// in order) or few (one cheaper pass picks out their links; no order check).
enum class Wanted { Most, Few };

template <GroupBy by, typename Key>  // std::uint32_t key(const Link&)
class Adjacency {
public:
    // The links of `range` at each of `devices` (duplicates allowed); any other device has none here.
    Adjacency(const Fabric& f, LinkRange range, const std::vector<DeviceId>& devices, Wanted wanted, Key key)
        : f_(f), range_(range), key_(std::move(key)), groupOf_(f.devices.size(), kNoGroup)
    {
        for (DeviceId d : devices)
            if (groupOf_[d] == kNoGroup) {
                groupOf_[d] = std::uint32_t(groups_.size());
                groups_.push_back({d, 0, 0});
            }
        inPlace_ = wanted == Wanted::Most && groupInPlace();
        if (!inPlace_) copyGroups();
    }

    std::uint32_t count(DeviceId d) const
    {
        const std::uint32_t g = groupOf_[d];
        return g == kNoGroup ? 0 : groups_[g].end - groups_[g].begin;
    }

    // One of the links at `d`, chosen by hash.
    std::uint32_t pickAny(DeviceId d, std::uint64_t hash) const
    {
        const std::uint32_t n = count(d);
        return n ? linkAt(groups_[groupOf_[d]].begin + std::uint32_t(hash % n)) : kNoLink;
    }

    // One of the links at `d` whose key is `key`, chosen by hash.
    std::uint32_t pickWithKey(DeviceId d, std::uint32_t key, std::uint64_t hash) const
    {
        const std::uint32_t g = groupOf_[d];
        if (g == kNoGroup) return kNoLink;
        const std::uint32_t lo = firstPosition(groups_[g].begin, groups_[g].end, [&](std::uint32_t p) { return keyAt(p) < key; });
        const std::uint32_t hi = firstPosition(lo, groups_[g].end, [&](std::uint32_t p) { return !(key < keyAt(p)); });
        if (lo == hi) return kNoLink;
        return linkAt(lo + std::uint32_t(hash % std::uint64_t(hi - lo)));
    }

    // True when the range was in (end, key, link) order and is used as it is.
    bool inPlace() const { return inPlace_; }

private:
    static constexpr std::uint32_t kNoGroup = std::numeric_limits<std::uint32_t>::max();
    struct Group {
        DeviceId device;
        std::uint32_t begin, end;  // positions: in the range (in place) or in links_
    };

    static DeviceId endOf(const Link& l)
    {
        if constexpr (by == GroupBy::UpperEnd) return l.b;
        else return l.a;
    }
    std::uint32_t linkAt(std::uint32_t position) const
    {
        return inPlace_ ? std::uint32_t(range_.begin) + position : links_[position];
    }
    std::uint32_t keyAt(std::uint32_t position) const { return key_(f_.links[linkAt(position)]); }
    // First position in [lo, hi) where `below` turns false (it must be true, then false).
    template <typename Below>
    static std::uint32_t firstPosition(std::uint32_t lo, std::uint32_t hi, Below below)
    {
        for (std::uint32_t n = hi - lo; n > 0;) {
            const std::uint32_t half = n / 2;
            if (below(lo + half)) { lo += half + 1; n -= half + 1; } else n = half;
        }
        return lo;
    }

    // One pass: false when the range is not in (end, key, link) order, else each wanted device's run of
    // links is its group.
    bool groupInPlace()
    {
        const Link* l = f_.links.data() + range_.begin;
        const std::uint32_t n = std::uint32_t(range_.size());
        std::uint32_t runBegin = 0;
        const auto closeRun = [&](std::uint32_t runEnd) {
            if (const std::uint32_t g = groupOf_[endOf(l[runBegin])]; g != kNoGroup) {
                groups_[g].begin = runBegin;
                groups_[g].end = runEnd;
            }
        };
        for (std::uint32_t k = 1; k < n; ++k) {
            const DeviceId previous = endOf(l[k - 1]), end = endOf(l[k]);
            if (end == previous) {
                if (key_(l[k]) < key_(l[k - 1])) return false;
                continue;
            }
            if (end < previous) return false;
            closeRun(k);
            runBegin = k;
        }
        if (n > 0) closeRun(n);
        return true;
    }

    // One pass picks out the wanted links in link order; a counting sort groups them; each group is put
    // in key order.
    void copyGroups()
    {
        std::vector<std::pair<std::uint32_t, std::uint32_t>> wanted;  // (group, link)
        const Link* links = f_.links.data();
        for (std::size_t i = range_.begin; i < range_.end; ++i)
            if (const std::uint32_t g = groupOf_[endOf(links[i])]; g != kNoGroup) wanted.emplace_back(g, std::uint32_t(i));
        std::vector<std::uint32_t> cursor(groups_.size() + 1, 0);
        for (const auto& [g, link] : wanted) ++cursor[g + 1];
        for (std::size_t g = 1; g < cursor.size(); ++g) cursor[g] += cursor[g - 1];
        for (std::size_t g = 0; g < groups_.size(); ++g) groups_[g].begin = groups_[g].end = cursor[g];
        links_.resize(wanted.size());
        for (const auto& [g, link] : wanted) links_[groups_[g].end++] = link;
        const auto byKey = [this](std::uint32_t x, std::uint32_t y) { return key_(f_.links[x]) < key_(f_.links[y]); };
        for (const Group& g : groups_) {
            const auto first = links_.begin() + g.begin, last = links_.begin() + g.end;
            if (!std::is_sorted(first, last, byKey)) std::stable_sort(first, last, byKey);
        }
    }

    const Fabric& f_;
    LinkRange range_;
    Key key_;
    std::vector<std::uint32_t> groupOf_;  // per device: its group, or kNoGroup
    std::vector<Group> groups_;
    bool inPlace_ = false;
    std::vector<std::uint32_t> links_;    // copied groups' link indices
};

template <GroupBy by, typename Key>
Adjacency<by, Key> adjacency(const Fabric& f, LinkRange range, const std::vector<DeviceId>& devices, Wanted wanted, Key key)
{
    return Adjacency<by, Key>(f, range, devices, wanted, std::move(key));
}

} // namespace fp::estimate
