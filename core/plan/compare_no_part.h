#pragma once
// A candidate whose plan has an error whatever its floor, known before the floor is built: the
// comparison skips it once its fabric has an error-free plan (such a plan beats any plan with errors),
// instead of building a floor it would throw away. At 1,000,000 GPUs InfiniBand's ranked NIC at 400G on
// Q3400 (four links per OSFP cage, no part in the catalog takes them) was a fifth of the comparison's work.
#include "catalog/catalog.h"
#include "plan/plan_stages.h"

namespace fp::plan {

// True when the first leaf's first cage carries a full split of host links (the builder fills a leaf's
// down ports from port 0: FabricShape::hostPortsOfFirstLeaf) and no catalog part takes a leaf cage full
// of host links (media::partFitsFullUpperCage): its host links then get a media.no-part error. False when
// that is not certain, or when the topology cannot be built (the candidate's plan says why).
bool hostLinksFailMedia(const Resolved&, const Catalog&);

} // namespace fp::plan
