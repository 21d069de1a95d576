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
    if (shape.hostPortsOfFirstLeaf < shape.portsPerCageOfTier[0]) return false;  // the leaf's (builder: >= 1)
    return !media::partFitsFullUpperCage(r.spec, shape, catalog, r.hardware, LinkClass::HostLeaf);
}

} // namespace fp::plan
