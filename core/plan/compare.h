#pragma once
// The comparison without its shortcuts: every candidate of every fabric planned, none skipped by a
// bound or priced from a sibling. The reference the pruned comparePlans (plan.h) must agree with
// (tests/core/test_compare_exhaustive.cpp); slower, not for users.
#include "plan/plan.h"

namespace fp::plan {

Comparison comparePlansExhaustively(const ClusterSpec&, const Catalog&, const PlanOptions& = {});

} // namespace fp::plan
