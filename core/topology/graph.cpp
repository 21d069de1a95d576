#include "topology/graph.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/connected_components.hpp>

namespace fp::topology {
namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;

Graph toGraph(const Fabric& f, int plane)
{
    Graph g(f.devices.size());
    for (const auto& l : f.links) {
        const Device& upper = f.devices[l.b];  // the b end is always a switch
        if (plane < 0 || upper.plane == plane) boost::add_edge(l.a, l.b, g);
    }
    return g;
}

} // namespace

std::vector<int> linkDistancesFrom(const Fabric& f, DeviceId source)
{
    const Graph g = toGraph(f, -1);
    std::vector<int> distance(f.devices.size(), -1);
    distance[source] = 0;
    boost::breadth_first_search(
        g, boost::vertex(source, g),
        boost::visitor(boost::make_bfs_visitor(boost::record_distances(distance.data(), boost::on_tree_edge()))));
    return distance;
}

int componentsInPlane(const Fabric& f, int plane)
{
    const Graph g = toGraph(f, plane);
    std::vector<int> component(f.devices.size());
    const int all = static_cast<int>(boost::connected_components(g, component.data()));
    // Switches of other planes are isolated vertices in this graph: do not count them.
    int otherPlaneSwitches = 0;
    for (std::size_t v = f.nodeCount; v < f.devices.size(); ++v) otherPlaneSwitches += f.devices[v].plane != plane;
    return all - otherPlaneSwitches;
}

} // namespace fp::topology
