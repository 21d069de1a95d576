#pragma once
// Graph questions about a Fabric, answered with Boost.Graph (kept inside graph.cpp so no Boost type
// leaks into the rest of the core).
#include <vector>

#include "topology/fabric.h"

namespace fp::topology {

// Shortest path length in links from `source` to every device (-1 = unreachable). Between two nodes
// a path of e links crosses e - 1 switches: 2 links via one leaf, 4 via a spine, 6 via a core.
std::vector<int> linkDistancesFrom(const Fabric&, DeviceId source);

// Number of connected components among the devices of one plane (nodes count in every plane).
int componentsInPlane(const Fabric&, int plane);

} // namespace fp::topology
