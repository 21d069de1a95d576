#include "layout/layout.h"

namespace fp {

const char* toString(RackKind k)
{
    switch (k) {
    case RackKind::Compute: return "compute";
    case RackKind::Network: return "network";
    case RackKind::SpineRoom: return "spine_room";
    }
    return "?";
}

namespace layout {
Layout place(const ClusterSpec&, const Fabric& fabric, double)
{
    Layout out;
    out.rackOfDevice.assign(fabric.devices.size(), 0);
    out.linkLengthM.assign(fabric.links.size(), 0.0f);
    return out;
}
} // namespace layout
} // namespace fp
