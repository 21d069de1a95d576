#pragma once
// Property tests over random designs: plans the specs `next()` gives until `wanted` plans are made or
// `maxAttempts` specs were tried, skipping the designs the planner refuses (a UserError: too big for the
// switch, an invalid mix), and hands each plan to `visit(spec, plan, attempt)`, which returns false to
// stop early. Returns how many were planned in how many attempts, for the tests' own minimums.
#include "common/error.h"
#include "plan/plan.h"

namespace fp::test {

struct RandomPlans {
    int planned = 0;
    int attempts = 0;
};

template <typename NextSpec, typename Visit>
RandomPlans planRandomSpecs(const Catalog& catalog, int wanted, int maxAttempts, NextSpec next, Visit visit)
{
    RandomPlans r;
    while (r.planned < wanted && r.attempts < maxAttempts) {
        ++r.attempts;
        const ClusterSpec spec = next();
        Plan p;
        try {
            p = makePlan(spec, catalog);
        } catch (const UserError&) {
            continue;
        }
        ++r.planned;
        if (!visit(spec, p, r.attempts)) break;
    }
    return r;
}

} // namespace fp::test
