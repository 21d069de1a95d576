#pragma once
// Shared by plan/compare/validate/export: read the design file, apply command-line overrides, open the
// catalog. All errors are fp::UserError or UsageError.
#include <string>
#include <vector>

#include "args.h"
#include "design_keys.h"
#include "catalog/catalog.h"
#include "plan/plan.h"
#include "spec/cluster_spec.h"
#include "spec/validate.h"

namespace fp::cli {

// Flags every planning command accepts.
const std::vector<std::string>& designValuedFlags();
const std::vector<std::string>& designSwitchFlags();
const char* designFlagsHelp();

// The design file given (or the defaults when none is), without overrides. Warnings (unknown keys in
// the file) are printed to stderr.
ClusterSpec loadDesign(const Args&);
// loadDesign, then the command line's design flags applied in order (compare, validate).
ClusterSpec readDesign(const Args&);
// Applies the design keys to `spec` in the order given, the platform first (so every other key
// overrides what it set; looked up in `catalog`, which may be null only without a platform key).
void applyOverrides(ClusterSpec&, const DesignKeys&, const Catalog* catalog);
// The catalog's switch names for validateSpec: how a typed name matches, and every part for "did you mean".
SwitchNames switchNamesOf(const Catalog&);
// Defaults that fit (plan/fabric_defaults.h): when no switch was named (--switch, --radix) and either
// --fabric was given or there is no design file, the fabric's parts are the first that plan without
// errors; a named --nic is kept. Says what it picked in `note` when given (a sweep gathers them), else on
// stderr. A design file's own parts stand. An unknown or ambiguous switch name (the fabric's or a
// tier's) is refused first, with the nearest catalog names, before any default is tried on its behalf.
ClusterSpec fitFabricDefaults(const DesignKeys&, ClusterSpec, const Catalog&, std::string* note = nullptr);
// Estimate options (--misconfigured-roce, --sharp, --qps 1-16).
PlanOptions readPlanOptions(const DesignKeys&);
PlanOptions readPlanOptions(const Args&);

// What `plan` plans for a design file and its keys, and what every sweep row is planned from: the
// keys applied (applyOverrides), the fabric's default parts fitted (fitFabricDefaults) and the
// estimate options read (readPlanOptions), with their validation and messages. UsageError for a bad
// key or value, UserError for a design that cannot be planned.
struct PlanRequest {
    ClusterSpec spec;
    PlanOptions options;
};
PlanRequest planRequest(const ClusterSpec& loaded, const DesignKeys&, const Catalog&, std::string* note = nullptr);
// The GPUs the keys ask for, to size memory ahead of the plan; never throws (planRequest judges the value).
int requestedGpus(const ClusterSpec& loaded, const DesignKeys&);
// --catalog FILE, else the user's copy if it exists, else the bundled catalog. A user's copy that is
// busy, damaged or unusable is an error naming the file and the fix, never a quiet switch to the
// bundled catalog (that is the user's choice: --catalog with the bundled path).
Catalog openCatalog(const Args&);
// A catalog another process writes is waited for (FABRICPLAN_CATALOG_WAIT_SECONDS, default 10), with
// one line on stderr when the wait passes a second. Called before opening a catalog.
void useCatalogWaitMessages();

} // namespace fp::cli
