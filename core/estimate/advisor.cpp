#include "estimate/advisor.h"

namespace fp {

Advice advise(const std::vector<std::pair<FabricKind, Estimates>>&, const ClusterSpec&)
{
    return {};
}

} // namespace fp
