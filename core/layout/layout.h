#pragma once
// layout::place: racks on a floor, devices in racks, and a routed (not straight-line) length for
// every link. Model and constants: core/layout/README.md.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/hardware.h"
#include "spec/cluster_spec.h"
#include "topology/fabric.h"

namespace fp {

// Service: a rack of storage or management servers, UFM appliances (layout/shared_floor.h).
enum class RackKind : std::uint8_t { Compute, Network, SpineRoom, Service };
const char* toString(RackKind);

struct Rack {
    RackKind kind = RackKind::Compute;
    int row = 0;          // -1 for a spine room or the core room (rows are numbered across halls)
    int slot = 0;         // position along the row
    double xM = 0, yM = 0;// rack centre on the floor
    double powerW = 0;    // everything in it at full load (nodes + switches at their maximum; optics are
                          // added by the estimate): what the rack power budget must hold
    int devices = 0;
    std::string name;     // "R03-12", "NET-R03-A", "SPINE-01"; several halls: "SPINE-H03-01", "CORE-01"
    int hall = 0;         // hall (= pod with several halls); -1 for the core room
    int building = 0;     // index into Layout::site.buildingNames (0 without a described site)
};

// The site as placed (README "Sites"): names, sizes and the routes between buildings. Without a described
// site: the automatic halls, one building, and no capacity.
struct SitePlacement {
    std::vector<std::string> hallNames;      // per hall: the user's names, "H01".. with automatic halls, "" for one hall
    std::vector<int> hallBuilding;           // per hall
    std::vector<int> hallRowsUsed;           // per hall: compute rows placed in it
    std::vector<int> hallRowsCapacity;       // per hall: the rows it holds (0: the automatic floor, no limit)
    std::vector<int> hallPods;               // per hall: pods placed in it (three tiers with pods; else 0)
    std::vector<std::string> buildingNames;  // one ("") without a described site
    std::vector<double> centreXM, centreYM;  // per building: its centre, where the routes between buildings land
    std::vector<double> routeM;              // buildings x buildings: the route between their centres
    int coreBuilding = 0;                    // the building whose centre holds the core room
    std::string problem;                     // the site cannot hold the design: what and where (empty: it can)
    std::string problemField, problemFix;    // the design field to change, and how
    std::size_t buildings() const { return buildingNames.size(); }
    // "core room" for hall -1, the hall's name, or "" (one automatic hall).
    std::string hallName(int hall) const;
};

struct Layout {
    int rows = 0;
    int halls = 1;        // one per pod with three tiers and several pods (README "Halls")
    std::vector<Rack> racks;
    std::vector<std::uint32_t> rackOfDevice;  // per device
    std::vector<float> linkLengthM;           // per link: routed length incl. slack, before rounding
    std::vector<float> heightM;               // per device: its ports' height in its rack (where the vertical
                                              // run to the tray starts; layout/shared_floor.h routes from it)
    double floorWidthM = 0, floorDepthM = 0;
    SitePlacement site;
};

namespace layout {
// Node power comes from spec.floor.nodePowerKw; each switch draws its model's power (Device::model);
// network racks hold as many of the tallest switch model as fit.
Layout place(const ClusterSpec&, const Fabric&, const Hardware&);
// Nodes per compute rack: min(floor.nodesPerRack, floor(rackPowerBudgetKw / nodePowerKw)), at least 1.
int nodesPerRack(const FloorSpec&);

// The routed length between two ports (README "Routed length"): in one rack the vertical distance plus
// an in-rack service loop at each end; else up to the tray, along it (Manhattan) and down, plus
// FloorSpec::slackPerEndM at each end. `topToTrayM` = rackHeightM + trayHeightM, `slackM` = 2 x
// slackPerEndM, `inRackSlackM` = 2 x kInRackSlackPerEndM: float arithmetic, as place() has always done it.
inline float routedLengthM(bool sameRack, float hA, float hB, float xA, float yA, float xB, float yB, float topToTrayM,
                           float slackM, float inRackSlackM)
{
    if (sameRack) return (hA > hB ? hA - hB : hB - hA) + inRackSlackM;
    const float up = (topToTrayM - hA) + (topToTrayM - hB);
    return up + (xA > xB ? xA - xB : xB - xA) + (yA > yB ? yA - yB : yB - yA) + slackM;
}

// The routed length between ports on two racks of a placed floor (README "Routed length", "Sites"), with
// each rack's position and building read once, for every link of a layout (place, SharedFloor::place):
// within a building routedLengthM above; between buildings up to the tray, to the building's centre,
// along the route between the buildings' centres, from the other centre to the rack, down, plus slack.
class Router {
public:
    Router(const Layout&, const FloorSpec&);
    float operator()(std::uint32_t rackA, float hA, std::uint32_t rackB, float hB) const
    {
        if (buildingOf_.empty() || buildingOf_[rackA] == buildingOf_[rackB])
            return routedLengthM(rackA == rackB, hA, hB, x_[rackA], y_[rackA], x_[rackB], y_[rackB], topToTrayM_, slackM_,
                                 inRackSlackM_);
        return betweenBuildings(rackA, hA, rackB, hB);
    }

private:
    float betweenBuildings(std::uint32_t rackA, float hA, std::uint32_t rackB, float hB) const;
    std::vector<float> x_, y_;            // per rack: its centre
    std::vector<std::uint32_t> buildingOf_;  // per rack; empty on a floor of one building
    std::vector<float> centreX_, centreY_, routeM_;  // per building; buildings x buildings
    float topToTrayM_, slackM_, inRackSlackM_;
};
} // namespace layout

} // namespace fp
