#include "topology/cage_index.h"

#include <algorithm>
#include <bit>

namespace fp {

CageIndex indexCages(const Fabric& f, int nicPorts, int nicsPerHostCage)
{
    CageIndex idx;
    // Host cages hold whole NIC ports, so they apply only when a node port is one NIC (one link per NIC).
    if (f.shape.linksPerNic() == 1 && std::max(1, nicPorts) == 1) idx.nicsPerHostCage = std::max(1, nicsPerHostCage);
    idx.planes = std::max(1, f.shape.linksPerNic());  // links per NIC (rail planes: one)
    idx.cagesPerNic = std::max(1, nicPorts);
    idx.linksPerNicCage = (idx.planes + idx.cagesPerNic - 1) / idx.cagesPerNic;
    idx.portsPerCageOfDevice.resize(f.devices.size());
    for (std::size_t d = 0; d < f.devices.size(); ++d) {
        const Tier t = f.devices[d].tier;
        idx.portsPerCageOfDevice[d] = t == Tier::Node ? 0 : std::uint8_t(std::clamp(f.portsPerCage(t), 1, 255));
    }
    // A port's cage never falls as the port number grows (switch: port / per-cage; node: NIC, then its
    // cage within the NIC), so a device's highest cage is its highest port's: one division per device.
    std::vector<std::uint32_t> portsUsed(f.devices.size(), 0);  // highest port + 1; 0: no links
    for (const Link& l : f.links) {
        portsUsed[l.a] = std::max(portsUsed[l.a], std::uint32_t(l.aPort) + 1);
        portsUsed[l.b] = std::max(portsUsed[l.b], std::uint32_t(l.bPort) + 1);
    }
    idx.firstCage.assign(f.devices.size() + 1, 0);
    for (std::size_t d = 0; d < f.devices.size(); ++d) {
        const std::uint32_t used =
            portsUsed[d] ? idx.localCage(f, DeviceId(d), std::uint16_t(portsUsed[d] - 1)) + 1 : 0;
        idx.firstCage[d + 1] = idx.firstCage[d] + used;
    }
    return idx;
}

bool CageIndex::onePortPerCage() const
{
    return nicsPerHostCage == 1 && linksPerNicCage == 1 &&
           std::all_of(portsPerCageOfDevice.begin(), portsPerCageOfDevice.end(), [](std::uint8_t p) { return p <= 1; });
}

namespace {

// log2 of a power of two, else -1: the shift that divides a port number by it.
int shiftFor(int divisor)
{
    return divisor > 0 && std::has_single_bit(unsigned(divisor)) ? std::countr_zero(unsigned(divisor)) : -1;
}

// The shift taking a node port to its local cage (CageIndex::nodeCage), or -1 when no shift does.
int nodeShift(const CageIndex& c)
{
    if (c.nicsPerHostCage > 1) return shiftFor(c.nicsPerHostCage);
    if (c.cagesPerNic == 1) return shiftFor(c.planes);  // one cage per NIC: cage = port / planes
    if (c.cagesPerNic == c.planes) return 0;             // a cage per plane: cage = port
    return -1;
}

// Every end's cage, by `cageOf(device, port)`, written a block at a time through a small buffer, so
// each element is written once, with no zero fill before it.
template <typename CageOf>
std::vector<std::uint32_t> endCagesBy(const Fabric& f, CageOf cageOf)
{
    constexpr std::size_t kBlock = 256;  // links: 2 KB of cages, copied while still in cache
    std::uint32_t block[2 * kBlock];
    const std::size_t n = f.links.size();
    std::vector<std::uint32_t> out;
    out.reserve(2 * n);
    for (std::size_t first = 0; first < n; first += kBlock) {
        const std::size_t count = std::min(kBlock, n - first);
        const Link* links = f.links.data() + first;
        for (std::size_t k = 0; k < count; ++k) {
            const Link l = links[k];  // a copy: the stores below cannot change it
            const std::uint32_t lower = cageOf(l.a, l.aPort), upper = cageOf(l.b, l.bPort);
            block[2 * k] = lower;
            block[2 * k + 1] = upper;
        }
        out.insert(out.end(), block, block + 2 * count);
    }
    return out;
}

} // namespace

EndCages::EndCages(const Fabric& f, const CageIndex& cages) : fabric_(&f)
{
    const int ofNodes = nodeShift(cages);
    bool shiftsHold = ofNodes >= 0 && cages.firstCage.size() == f.devices.size() + 1;
    if (shiftsHold) table_.resize(f.devices.size());
    for (std::size_t d = 0; d < f.devices.size() && shiftsHold; ++d) {
        const int ppc = cages.portsPerCageOfDevice[d];
        const int shift = ppc ? shiftFor(ppc) : ofNodes;
        shiftsHold = shift >= 0;
        table_[d] = {cages.firstCage[d], std::uint32_t(std::max(shift, 0))};
    }
    shifted_ = shiftsHold;
    if (shiftsHold) return;
    table_ = {};
    general_ = cages;
}

std::vector<std::uint32_t> EndCages::all() const
{
    if (!shifted_)
        return endCagesBy(*fabric_, [this](DeviceId d, std::uint16_t port) { return general_.cageOf(*fabric_, d, port); });
    const DeviceCages* const device = table_.data();
    return endCagesBy(*fabric_, [device](DeviceId d, std::uint16_t port) {
        return device[d].first + (std::uint32_t(port) >> device[d].shift);
    });
}

std::vector<std::uint32_t> cageOfEachEnd(const Fabric& f, const CageIndex& cages) { return EndCages(f, cages).all(); }

} // namespace fp
