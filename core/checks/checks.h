#pragma once
// checks::run: the design rules an experienced data-centre engineer applies before ordering.
// Rule ids, what each checks and its source: core/checks/README.md.
#include <vector>

#include "catalog/catalog.h"
#include "catalog/hardware.h"
#include "common/finding.h"
#include "layout/layout.h"
#include "media/media.h"
#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp::checks {

// Returns all findings (media findings included), errors first, then warnings, then info.
std::vector<Finding> run(const ClusterSpec&, const Fabric&, const Layout&, const MediaAssignment&,
                         const Catalog&, const Hardware&);

} // namespace fp::checks
