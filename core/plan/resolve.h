#pragma once
// Turning the spec's part numbers into catalog records, with errors that list what is available.
#include "catalog/catalog.h"
#include "spec/cluster_spec.h"

#include <vector>

namespace fp::plan {

// The spec with every part it names (NIC, switch, media pins) as its catalog part number, whatever
// name the user typed (catalog/part_lookup.h: OPN, model name, unique substring, any case). Throws
// UserError when a name matches several parts, listing them; unknown names are left for the
// resolvers below to report with the choices.
ClusterSpec canonicalParts(const ClusterSpec&, const Catalog&);

const NicModel& resolveNic(const ClusterSpec&, const Catalog&);
// The spec's switch, or a generic switch of genericRadix ports at linkGbps (latency, power and price
// per port from estimate constants, flagged as estimates).
SwitchModel resolveSwitch(const ClusterSpec&, const Catalog&, int linkGbps);
int resolveLinkGbps(const ClusterSpec&, const NicModel&);

// For comparisons: the spec re-targeted at another fabric technology, with the parts the catalog
// offers for it (same link speed), keeping the user's choices where they already fit. Best first:
// the caller plans them in order and keeps the first without design-rule errors.
std::vector<ClusterSpec> retargetCandidates(const ClusterSpec&, FabricKind, const Catalog&);

} // namespace fp::plan
