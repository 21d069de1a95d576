#include "estimate/estimates.h"

namespace fp::estimate {

Estimates run(const ClusterSpec&, const Fabric&, const Layout&, const MediaAssignment&, const Bom&,
              const Catalog&, const SwitchModel&, const NicModel&, const EstimateOptions&)
{
    return {};
}

} // namespace fp::estimate
