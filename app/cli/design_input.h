#pragma once
// Shared by plan/compare/validate/export: read the design file, apply command-line overrides, open the
// catalog. All errors are fp::UserError or UsageError.
#include <string>
#include <vector>

#include "args.h"
#include "catalog/catalog.h"
#include "plan/plan.h"
#include "spec/cluster_spec.h"
#include "spec/validate.h"

namespace fp::cli {

// Flags every planning command accepts.
const std::vector<std::string>& designValuedFlags();
const std::vector<std::string>& designSwitchFlags();
const char* designFlagsHelp();

// Loads the design (or the defaults when none is given) and applies the overrides in order.
// Warnings (unknown keys in the file) are printed to stderr.
ClusterSpec readDesign(const Args&);
// Applies the design flags of `args` to `spec`, in the order given (what readDesign does after loading).
void applyOverrides(ClusterSpec&, const Args&);
// The catalog's switch names for validateSpec: how a typed name matches, and every part for "did you mean".
SwitchNames switchNamesOf(const Catalog&);
// Defaults that fit (plan/fabric_defaults.h): when no switch was named (--switch, --radix) and either
// --fabric was given or there is no design file, the fabric's parts are the first that plan without
// errors; a named --nic is kept. Says what it picked in `note` when given (a sweep gathers them), else on
// stderr. A design file's own parts stand. An unknown or ambiguous switch name (the fabric's or a
// tier's) is refused first, with the nearest catalog names, before any default is tried on its behalf.
ClusterSpec fitFabricDefaults(const Args&, ClusterSpec, const Catalog&, std::string* note = nullptr);
// Estimate switches given on the command line (--misconfigured-roce).
PlanOptions readPlanOptions(const Args&);
// --catalog FILE, else the user's copy if it exists, else the bundled catalog. A user's copy that is
// busy, damaged or unusable is an error naming the file and the fix, never a quiet switch to the
// bundled catalog (that is the user's choice: --catalog with the bundled path).
Catalog openCatalog(const Args&);
// A catalog another process writes is waited for (FABRICPLAN_CATALOG_WAIT_SECONDS, default 10), with
// one line on stderr when the wait passes a second. Called before opening a catalog.
void useCatalogWaitMessages();

} // namespace fp::cli
