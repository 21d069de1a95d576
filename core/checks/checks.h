#pragma once
// checks::run: the design rules an experienced data-centre engineer applies before ordering.
// Rule ids, what each checks and its source: core/checks/README.md.
#include <cstdint>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/hardware.h"
#include "common/finding.h"
#include "layout/layout.h"
#include "lossless/lossless.h"
#include "media/media.h"
#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp::checks {

// Links per device (both ends counted): what topology.ports-exhausted compares with each device's
// ports. A function of the fabric alone, so plans sharing one fabric can count it once.
std::vector<std::uint32_t> portsInUse(const Fabric&);

// Returns all findings (media and lossless findings included), errors first, then warnings, then info.
// lossless: the plan's lossless::analyse (its buffer-fit findings). portsUsed: portsInUse(fabric) when the
// caller has it, else nullptr.
std::vector<Finding> run(const ClusterSpec&, const Fabric&, const Layout&, const MediaAssignment&,
                         const Catalog&, const Hardware&, const lossless::Analysis& lossless,
                         const std::vector<std::uint32_t>* portsUsed = nullptr);

} // namespace fp::checks
