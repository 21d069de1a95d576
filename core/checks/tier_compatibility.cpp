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
    const int fabric = hw.fabricGbps > 0 ? hw.fabricGbps : gbps;
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
        // The speeds this tier's ports run: the leaf's host ports at the host speed, every switch-to-switch
        // link at the fabric speed (one speed when the design sets none of its own).
        for (const int speed : {t == Tier::Leaf ? gbps : fabric, t == Tier::Leaf ? fabric : 0}) {
            if (speed == 0 || sw.portsAt(speed) > 0) continue;
            if (t == Tier::Leaf && speed == fabric && fabric != gbps && sw.runsOnUplinkCages(speed)) continue;  // its uplink cages
            const char* links = fabric != gbps ? (t == Tier::Leaf && speed == gbps ? "host" : "switch-to-switch")
                                : t == Tier::Leaf ? "host and leaf-spine"
                                : t == Tier::Spine ? "leaf-spine and spine-core"
                                                   : "spine-core";
            std::string fix = "choose a " + tier + " switch with " + std::to_string(speed) +
                              " Gb/s ports: " + switchesAt(catalog, spec.fabric, speed);
            if (!common.empty() && fabric == gbps)
                fix += "; or run the fabric at a speed every tier and the NIC have (" + speedsText(common) +
                       ", --link-gbps " + std::to_string(*common.begin()) + ")";
            out.push_back({Severity::Error, "hardware.tier-speed",
                           tier + " switch " + sw.partNumber + " has no " + std::to_string(speed) +
                               " Gb/s ports (it runs " + speedsText(speedsOf(sw)) + "), so the " + links +
                               " links at " + std::to_string(speed) + " Gb/s have no common speed",
                           where, fix});
            break;
        }
        // A leaf cage carries host ports or uplinks from the same lanes: k host ports make one uplink.
        if (t == Tier::Leaf && fabric != gbps && sw.portsAt(gbps) > 0 && sw.portsAt(fabric) > 0 &&
            sw.portsPerCageAt(fabric) * (fabric / gbps) != sw.portsPerCageAt(gbps))
            out.push_back({Severity::Error, "hardware.tier-speed",
                           "leaf switch " + sw.partNumber + " runs a cage as " + std::to_string(sw.portsPerCageAt(gbps)) +
                               " x " + std::to_string(gbps) + "G or " + std::to_string(sw.portsPerCageAt(fabric)) +
                               " x " + std::to_string(fabric) + "G, not " + std::to_string(fabric / gbps) + " host ports an uplink",
                           "/fabric/fabric_gbps", "use one speed (fabric speed 0) or a leaf whose cages split evenly"});
    }
    return out;
}

} // namespace fp::checks
