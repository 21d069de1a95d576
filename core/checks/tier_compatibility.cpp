#include "checks/tier_compatibility.h"

#include <algorithm>
#include <set>
#include <string>

namespace fp::checks {
namespace {

bool runs(Protocol part, FabricKind fabric)
{
    if (part == Protocol::Both) return true;
    return (part == Protocol::InfiniBand) == (fabric == FabricKind::InfiniBand);
}

std::string speedsText(const std::set<int, std::greater<>>& speeds)
{
    std::string s;
    for (int g : speeds) s += (s.empty() ? "" : ", ") + std::to_string(g);
    return s.empty() ? "none" : s + " Gb/s";
}

std::set<int, std::greater<>> speedsOf(const SwitchModel& sw)
{
    std::set<int, std::greater<>> out;
    for (const auto& b : sw.breakouts) out.insert(b.portGbps);
    return out;
}

// Catalog switches that run the fabric at the link speed: what a tier could use instead.
std::string switchesAt(const Catalog& catalog, FabricKind fabric, int gbps)
{
    std::string s;
    for (const SwitchModel& w : catalog.switches)
        if (runs(w.protocol, fabric) && w.portsAt(gbps) > 0) s += (s.empty() ? "" : ", ") + w.partNumber;
    return s.empty() ? "(none in this catalog)" : s;
}

} // namespace

std::vector<Finding> tierCompatibility(const ClusterSpec& spec, const Hardware& hw, const Catalog& catalog)
{
    std::vector<Finding> out;
    const int gbps = hw.linkGbps > 0 ? hw.linkGbps : hw.nic.portGbps;
    // Speeds every tier and the NIC share: what the whole fabric could run at instead.
    std::set<int, std::greater<>> common;
    for (const auto& b : hw.switchOf(Tier::Leaf).breakouts)
        if (b.portGbps <= hw.nic.portGbps) common.insert(b.portGbps);
    for (Tier t : {Tier::Spine, Tier::Core}) {
        const auto speeds = speedsOf(hw.switchOf(t));
        std::erase_if(common, [&](int g) { return !speeds.count(g); });
    }
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core}) {
        const SwitchModel& sw = hw.switchOf(t);
        const std::string tier = toString(t);
        const std::string where = "/fabric/switches/" + tier;  // the design field that fixes it
        if (!runs(sw.protocol, spec.fabric)) {
            out.push_back({Severity::Error, "hardware.tier-protocol",
                           tier + " switch " + sw.partNumber + " does not run " + displayName(spec.fabric) +
                               ": every tier of one fabric speaks the same technology",
                           where,
                           "choose a " + tier + " switch that runs " + displayName(spec.fabric) + ": " +
                               switchesAt(catalog, spec.fabric, gbps)});
            continue;
        }
        if (sw.portsAt(gbps) > 0) continue;
        const char* links = t == Tier::Leaf ? "host and leaf-spine" : t == Tier::Spine ? "leaf-spine and spine-core"
                                                                                        : "spine-core";
        std::string fix = "choose a " + tier + " switch with " + std::to_string(gbps) +
                          " Gb/s ports: " + switchesAt(catalog, spec.fabric, gbps);
        if (!common.empty())
            fix += "; or run the fabric at a speed every tier and the NIC have (" + speedsText(common) +
                   ", --link-gbps " + std::to_string(*common.begin()) + ")";
        out.push_back({Severity::Error, "hardware.tier-speed",
                       tier + " switch " + sw.partNumber + " has no " + std::to_string(gbps) +
                           " Gb/s ports (it runs " + speedsText(speedsOf(sw)) + "), so the " + links +
                           " links at " + std::to_string(gbps) + " Gb/s have no common speed",
                       where, fix});
    }
    return out;
}

} // namespace fp::checks
