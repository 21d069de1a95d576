#include "spec/site_spec.h"

#include <algorithm>

namespace fp {
namespace {

int indexOf(const std::vector<std::string>& names, const std::string& name)
{
    const auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : int(it - names.begin());
}

std::string buildingOf(const SiteSpec& site, const HallSpec& hall)
{
    if (!hall.building.empty() || site.halls.empty()) return hall.building;
    return site.halls.front().building;
}

} // namespace

std::vector<std::string> siteBuildings(const SiteSpec& site)
{
    std::vector<std::string> out;
    for (const HallSpec& h : site.halls)
        if (indexOf(out, buildingOf(site, h)) < 0) out.push_back(buildingOf(site, h));
    return out;
}

std::vector<int> hallBuildings(const SiteSpec& site)
{
    const std::vector<std::string> buildings = siteBuildings(site);
    std::vector<int> out;
    for (const HallSpec& h : site.halls) out.push_back(indexOf(buildings, buildingOf(site, h)));
    return out;
}

int coreBuildingIndex(const SiteSpec& site)
{
    const std::vector<std::string> buildings = siteBuildings(site);
    if (site.coreBuilding.empty()) return buildings.empty() ? -1 : 0;
    return indexOf(buildings, site.coreBuilding);
}

std::vector<double> buildingRouteMatrix(const SiteSpec& site)
{
    const std::vector<std::string> buildings = siteBuildings(site);
    const std::size_t n = buildings.size();
    constexpr double kNoRoute = -1;
    std::vector<double> d(n * n, kNoRoute);
    for (std::size_t i = 0; i < n; ++i) d[i * n + i] = 0;
    for (const SiteRoute& r : site.routes) {
        const int a = indexOf(buildings, r.from), b = indexOf(buildings, r.to);
        if (a < 0 || b < 0 || a == b) continue;
        double& ab = d[std::size_t(a) * n + std::size_t(b)];
        if (ab < 0 || r.lengthM < ab) ab = d[std::size_t(b) * n + std::size_t(a)] = r.lengthM;
    }
    // Floyd-Warshall: a handful of buildings.
    for (std::size_t k = 0; k < n; ++k)
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) {
                const double ik = d[i * n + k], kj = d[k * n + j];
                if (ik < 0 || kj < 0) continue;
                double& ij = d[i * n + j];
                if (ij < 0 || ik + kj < ij) ij = ik + kj;
            }
    return d;
}

} // namespace fp
