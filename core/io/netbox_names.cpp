#include "io/netbox_names.h"

#include <algorithm>
#include <cctype>

namespace fp::io {

std::string netboxRole(Tier t)
{
    switch (t) {
    case Tier::Node: return "GPU server";
    case Tier::Leaf: return "Leaf switch";
    case Tier::Spine: return "Spine switch";
    case Tier::Core: return "Core switch";
    }
    return "Switch";
}

std::string netboxNodeType(const ClusterSpec& spec)
{
    return "GPU server " + std::to_string(spec.gpusPerNode) + "-GPU";
}

std::string netboxSite(const ClusterSpec& spec) { return spec.name; }

std::string netboxCableType(const std::string& media, const ClusterSpec& spec)
{
    std::string m = media;
    std::transform(m.begin(), m.end(), m.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    // Values of NetBox's CableTypeChoices (dcim/choices.py).
    if (m.find("aoc") != std::string::npos) return "aoc";
    if (m.find("acc") != std::string::npos || m.find("active") != std::string::npos) return "dac-active";
    if (m.find("dac") != std::string::npos || m.find("copper") != std::string::npos) return "dac-passive";
    if (m.find("single") != std::string::npos || m.find("smf") != std::string::npos) return "smf-os2";
    if (m.find("multi") != std::string::npos || m.find("mmf") != std::string::npos) {
        switch (spec.media.multimodeFiber) {
        case FiberType::OM3: return "mmf-om3";
        case FiberType::OM5: return "mmf-om5";
        default: return "mmf-om4";
        }
    }
    return "";  // unknown media: NetBox leaves the type blank
}

std::string deviceDescription(const Device& d)
{
    if (d.tier == Tier::Node) return "SU " + std::to_string(d.su + 1);
    std::string s = "plane " + std::to_string(d.plane + 1);
    // Device::rail is stored 1-based (0 = not a rail leaf), as the leaf's name "leaf-su01-r1" prints it.
    if (d.tier == Tier::Leaf) {
        s += ", SU " + std::to_string(d.su + 1);
        if (d.rail > 0) s += ", rail " + std::to_string(d.rail);
    }
    if (d.tier == Tier::Spine) s += ", pod " + std::to_string(d.pod + 1);
    if (d.tier == Tier::Core) s += ", group " + std::to_string(d.pod + 1);
    return s;
}

} // namespace fp::io
