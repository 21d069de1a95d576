#include "plan/compare_no_part.h"

#include "common/error.h"
#include "media/media.h"

namespace fp::plan {

bool hostLinksFailMedia(const Resolved& r, const Catalog& catalog)
{
    FabricShape shape;
    try {
        shape = topology::shapeOf(r.spec, tierPortsOf(r), r.linkGbps);
    } catch (const UserError&) {
        return false;  // cannot be built: planning it says so
    }
    const int leafCage = shape.portsPerCageOfTier[0] > 0 ? shape.portsPerCageOfTier[0] : shape.portsPerCage;
    if (shape.hostPortsOfFirstLeaf < leafCage) return false;
    return !media::partFitsFullUpperCage(r.spec, shape, catalog, r.hardware, LinkClass::HostLeaf);
}

} // namespace fp::plan
