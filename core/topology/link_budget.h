#pragma once
// The plan-size bound: a design that validates field by field can still ask for hundreds of millions
// of links (4,000,000 GPUs x 16 NICs x 8 planes) and grow past any memory before failing. The builder
// counts the links from the fabric's dimensions before it allocates any, and refuses beyond this.
// 12 M links is twice the largest design benchmarked (1,000,000 GPUs on 2x200G Ethernet: 6.0 M links,
// 243 MiB for the plan); a plan costs about 40-45 bytes per link (README "Limits").
#include <string>

#include "common/error.h"
#include "common/format.h"

namespace fp::topology {

constexpr long long kMaxPlanLinks = 12'000'000;

inline void requireLinksWithinBudget(long long links)
{
    if (links > kMaxPlanLinks)
        throw UserError("this design needs " + withThousands(links) + " links; FabricPlan plans at most " +
                            withThousands(kMaxPlanLinks) + " (about 500 MB of memory)",
                        "/compute/gpus",
                        "plan fewer GPUs, NICs per node or planes (or one plane: planes are identical), or a "
                        "larger switch radix");
}

} // namespace fp::topology
