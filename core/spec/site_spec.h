#pragma once
// A site the user describes (issue 40): named halls, each in a building, with the compute rows it
// holds; the tray or duct routes between buildings; which building's centre holds the core room. Empty
// (no halls): the automatic floor of core/layout/README.md ("Halls"). Placement rules and the route
// model: core/layout/README.md, "Sites".
#include <string>
#include <vector>

namespace fp {

struct HallSpec {
    std::string name;      // "Hall A"; unique in the site
    std::string building;  // "" = the site's first hall's building (one building unless halls name others)
    int rows = 0;          // compute rows it holds (its size: rows x floor.racks_per_row compute racks)
    int pods = 0;          // by hand: the pods (three tiers) placed here, in order; 0 on every hall = by rule
    bool operator==(const HallSpec&) const = default;
};

// The cable route between two buildings' centres (their meet-me rooms), through ducts and trays.
struct SiteRoute {
    std::string from, to;  // building names
    double lengthM = 0;
    bool operator==(const SiteRoute&) const = default;
};

struct SiteSpec {
    std::vector<HallSpec> halls;    // empty: the automatic floor
    std::vector<SiteRoute> routes;  // needed when halls stand in more than one building
    std::string coreBuilding;       // the building whose centre holds the core (or two-tier spine) room; "" = the first hall's
    bool empty() const { return halls.empty(); }
    bool operator==(const SiteSpec&) const = default;
};

// The site's buildings in order of first mention (a hall with no building is in the first hall's).
std::vector<std::string> siteBuildings(const SiteSpec&);
// Building index of each hall (into siteBuildings).
std::vector<int> hallBuildings(const SiteSpec&);
// Index of the core building (siteBuildings), or -1 when coreBuilding names none.
int coreBuildingIndex(const SiteSpec&);
// Shortest route between every two buildings over `routes` (n x n, row-major; 0 on the diagonal; a
// negative value where no route joins them or a route names an unknown building).
std::vector<double> buildingRouteMatrix(const SiteSpec&);

} // namespace fp
