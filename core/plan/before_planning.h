#pragma once
// What plan refuses a design for before it plans, in the order it checks (issue 42). The plan's resolve
// stage (plan_stages.h resolveStage) runs these first, the CLI's defaults run the switch names before
// picking parts, and `validate` runs the whole resolve stage (refusalOf): so `validate` says "valid"
// exactly when `plan` goes on to plan the design, and both name the same first error.
#include <optional>

#include "catalog/catalog.h"
#include "common/error.h"
#include "spec/cluster_spec.h"
#include "spec/validate.h"

namespace fp::plan {

// The catalog's switch names for validateSpec (spec/validate.h): how a typed name matches (OPN, model
// name, unique substring, any case), and every part for "did you mean".
SwitchNames switchNamesOf(const Catalog&);

// An unknown or ambiguous switch name, the fabric's or a tier's: throws UserError for the first, with the
// nearest catalog names. Left to the resolvers, an unknown spine switch surfaced as another error.
void requireKnownSwitchNames(const ClusterSpec&, const Catalog&);

// A named platform is in the catalog and the design fits it (catalog/platforms.h platformMisfit: GPUs and
// NICs per node, whole nodes, whole racks); throws UserError naming the platform's figures and a fix.
void requirePlatformFits(const ClusterSpec&, const Catalog&);

// The checks that need no resolved part, in this order: switch names, every field (requireValid), the
// platform. The first thing resolveStage does.
void requireDesignFits(const ClusterSpec&, const Catalog&);

// The whole pre-planning step (resolveStage: requireDesignFits, then the NIC, the link speed, each tier's
// switch, tier compatibility, dual-homing): the error plan stops with, or nothing when plan would plan.
// Findings of the planned design (design-rule errors, warnings) are not refusals: plan reports them.
std::optional<UserError> refusalOf(const ClusterSpec&, const Catalog&);

} // namespace fp::plan
