#include "topology/fabric.h"

#include <cstdio>

namespace fp {

namespace {

// Each class's names, in LinkClass order: the token files and flags use, and the text for people.
struct LinkClassNames {
    const char* token;
    const char* display;
};
constexpr LinkClassNames kLinkClassNames[kLinkClassCount] = {
    {"host_leaf", "host-leaf"}, {"leaf_spine", "leaf-spine"}, {"spine_core", "spine-core"}};

const LinkClassNames* namesOf(LinkClass c)
{
    const auto i = std::size_t(c);
    return i < std::size_t(kLinkClassCount) ? &kLinkClassNames[i] : nullptr;
}

} // namespace

const char* toString(LinkClass c) { return namesOf(c) ? namesOf(c)->token : "?"; }
const char* displayName(LinkClass c) { return namesOf(c) ? namesOf(c)->display : "?"; }

long long Fabric::switchCount(Tier t) const
{
    long long n = 0;
    for (std::size_t i = nodeCount; i < devices.size(); ++i) n += devices[i].tier == t;
    return n;
}

long long Fabric::switchCount() const { return static_cast<long long>(devices.size()) - nodeCount; }

long long Fabric::linkCount(LinkClass c) const
{
    long long n = 0;
    for (const auto& l : links) n += l.cls == c;
    return n;
}

std::vector<TierUsage> Fabric::usage() const
{
    std::vector<TierUsage> out;
    for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core}) {
        TierUsage u;
        u.tier = t;
        for (std::size_t i = nodeCount; i < devices.size(); ++i)
            if (devices[i].tier == t) {
                ++u.switches;
                u.portsUsed += devices[i].portsUsed;
            }
        const int ports = shape.portsOfTier[std::size_t(switchTierIndex(t))];
        u.portsTotal = u.switches * (ports > 0 ? ports : shape.switchPorts);
        if (u.switches) out.push_back(u);
    }
    return out;
}

std::string Fabric::deviceName(DeviceId id) const
{
    char buf[64];
    const Device& d = devices.at(id);
    if (d.tier == Tier::Node) {
        std::snprintf(buf, sizeof buf, "node-%04u", d.index + 1);
        return buf;
    }
    std::string prefix;
    if (shape.planes > 1) prefix = "pl" + std::to_string(d.plane + 1) + "-";
    switch (d.tier) {
    case Tier::Leaf:
        if (shape.tiers == 1)
            std::snprintf(buf, sizeof buf, "switch-%02u", d.index + 1);
        else if (shape.leavesPerSu > 0 && shape.sus > 0 && d.rail > 0)
            // Rail leaves: rail is stored 1-based so 0 means "not a rail leaf".
            std::snprintf(buf, sizeof buf, "leaf-su%02u-r%u%s", d.su + 1, d.rail,
                          shape.leavesPerRail > 1 ? ("-" + std::string(1, char('a' + d.index % 26))).c_str() : "");
        else
            std::snprintf(buf, sizeof buf, "leaf-%03u", d.index + 1);
        break;
    case Tier::Spine:
        if (shape.tiers == 3) std::snprintf(buf, sizeof buf, "spine-p%02u-%02u", d.pod + 1, d.index + 1);
        else std::snprintf(buf, sizeof buf, "spine-%02u", d.index + 1);
        break;
    case Tier::Core: std::snprintf(buf, sizeof buf, "core-g%02u-%02u", d.pod + 1, d.index + 1); break;
    case Tier::Node: break;
    }
    return prefix + buf;
}

int Fabric::portsPerCage(Tier t) const
{
    if (t == Tier::Node) return 1;
    const int ppc = shape.portsPerCageOfTier[std::size_t(switchTierIndex(t))];
    if (ppc > 0) return ppc;
    return shape.portsPerCage > 0 ? shape.portsPerCage : 1;
}

std::string Fabric::portName(DeviceId id, std::uint16_t port) const
{
    const Device& d = devices.at(id);
    if (d.tier == Tier::Node) {
        const int planes = std::max(1, shape.linksPerNic());
        const int nic = port / planes;
        // In the platform's cages NIC n (0-based) is cage n / k, and behind a shared cage its leg n % k: the
        // platform's NICs in cage order (core/topology/README.md, "Port names").
        const int k = std::max(1, hostCages.nicsPerCage);
        std::string s = hostCages.type.empty() ? "nic" + std::to_string(nic + 1)
                        : k > 1 ? hostCages.type + std::to_string(nic / k + 1) + "/" + std::to_string(nic % k + 1)
                                : hostCages.type + std::to_string(nic + 1);
        if (planes > 1) s += "/p" + std::to_string(port % planes + 1);
        return s;
    }
    return switchPortName(d.tier, port);
}

std::string Fabric::switchPortName(Tier t, std::uint16_t port) const
{
    const int ppc = portsPerCage(t);
    const int cage = port / ppc + 1;
    int sub = port % ppc, perCage = ppc;
    // A leaf's uplink at the fabric speed is named as the cage runs it: 400G uplinks in an 800G cage are
    // its ports 1 and 2, not the 200G sub-ports 1 and 3 they start at.
    if (t == Tier::Leaf && shape.leafPortsPerUplink > 1 && port >= shape.leafUplinkBase) {
        sub /= shape.leafPortsPerUplink;
        perCage /= shape.leafPortsPerUplink;
    }
    return perCage == 1 ? std::to_string(cage) : std::to_string(cage) + "/" + std::to_string(sub + 1);
}

} // namespace fp
