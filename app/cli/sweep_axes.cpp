#include "sweep_axes.h"

#include <algorithm>
#include <cstring>

namespace fp::cli {

const std::vector<SweepAxis>& sweepAxes()
{
    // Per-tier switches are the spec's leafSwitchModel, spineSwitchModel and coreSwitchModel (issue 18):
    // empty, a tier uses `switch`. Optics policy is the media policy's third-party switch: OEM optics
    // only, or third-party modules where the catalog has them (the price policy is a separate key).
    static const std::vector<SweepAxis> all = {
        {"switch", "Switch models", "every tier's switch, by catalog part number", false},
        {"leaf-switch", "Leaf switch", "the leaf tier's own switch (unset: the switch key's)", false},
        {"spine-switch", "Spine switch", "the spine tier's own switch (unset: the switch key's)", false},
        {"core-switch", "Core switch", "the core tier's own switch (3 tiers; unset: the switch key's)", false},
        {"tiers", "Tiers", "switch tiers: 1, 2, 3 or auto", false},
        {"oversubscription", "Oversubscription", "leaf down:up ratio, e.g. 1:1,2:1", false},
        {"planes", "Planes", "parallel fabric planes, or auto", false},
        {"su-nodes", "SU nodes", "nodes per scalable unit, or auto", false},
        {"link-gbps", "Link speed (Gb/s)", "port speed, where the catalog's switch and NIC have it", false},
        {"fabric-gbps", "Fabric speed (Gb/s)", "leaf-spine and spine-core speed, a multiple of the host links'", false},
        {"fabric", "Fabric", "infiniband, roce, spectrum-x, uec", false},
        {"dual-tor", "Dual-ToR", "each node on two leaves", true},
        {"third-party-optics", "Third-party optics", "optics policy: allow third-party modules", true},
    };
    return all;
}

std::string sweepAxesHelp()
{
    std::size_t width = 0;
    for (const SweepAxis& a : sweepAxes()) width = std::max(width, std::strlen(a.key));
    std::string out;
    for (const SweepAxis& a : sweepAxes()) {
        out += "  ";
        out += a.key;
        out += std::string(width + 2 - std::strlen(a.key), ' ');
        out += a.about;
        if (a.onOff) out += " (false,true)";
        out += "\n";
    }
    return out;
}

} // namespace fp::cli
