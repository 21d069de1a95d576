#pragma once
// CageIndex: every physical cage a link uses, numbered 0..count()-1, and the cage of each link end.
// The hardware unit is the cage, not the link: one module or one cable end fills a cage, however many
// logical ports (links) it carries. A switch port p sits in cage p / ports-per-cage of its tier
// (Fabric::portsPerCage). A node port (nic * planes + plane) sits in cage
// nic * cagesPerNic + plane / linksPerNicCage: a NIC carries one link per plane spread over its cages.
// When the platform puts several single-link NIC ports in one host cage (DGX H100: two per twin-port
// OSFP cage), node port p (= its NIC) sits in host cage p / nicsPerHostCage instead.
#include <cstdint>
#include <utility>
#include <vector>

#include "topology/fabric.h"

namespace fp {

struct CageIndex {
    std::vector<std::uint32_t> firstCage;  // per device, size devices + 1: its cages are [first[d], first[d+1])
    int planes = 1;
    int cagesPerNic = 1;
    int linksPerNicCage = 1;
    int nicsPerHostCage = 1;  // > 1: node ports pair up in the platform's host cages
    // Per device: its tier's ports per cage, 0 for nodes. A byte per device instead of the device's tier
    // and the fabric's per-tier table, because every stage asks for the cage of every link end.
    std::vector<std::uint8_t> portsPerCageOfDevice;

    bool empty() const { return firstCage.empty(); }
    std::uint32_t count() const { return firstCage.empty() ? 0 : firstCage.back(); }
    // Cage number of `port` on device `d` within the device (0-based), and globally.
    std::uint32_t localCage(const Fabric&, DeviceId d, std::uint16_t port) const
    {
        const std::uint32_t ppc = portsPerCageOfDevice[d];
        return ppc ? std::uint32_t(port / ppc) : nodeCage(port);
    }
    std::uint32_t nodeCage(std::uint16_t port) const
    {
        if (nicsPerHostCage > 1) return std::uint32_t(port / nicsPerHostCage);
        const int nic = port / planes, plane = port % planes;
        return std::uint32_t(nic * cagesPerNic + plane / linksPerNicCage);
    }
    std::uint32_t cageOf(const Fabric& f, DeviceId d, std::uint16_t port) const
    {
        return firstCage[d] + localCage(f, d, port);
    }
    // Cages a device's links reach into: highest local cage used + 1 (0 when it has no links).
    std::uint32_t cagesUsed(DeviceId d) const { return firstCage[d + 1] - firstCage[d]; }
    // Whether no cage holds two ports: one port per switch cage, and each node port in a cage of its own
    // (no host cage of two NICs, one link per NIC cage: nic x cagesPerNic + plane is then one-to-one).
    // QSFP28 and RJ45 fabrics (the in-band and OOB networks) are such; then every link is its own cage group.
    bool onePortPerCage() const;
};

// Numbers the cages of `fabric`; nicPorts = cages per NIC (NicModel::ports); nicsPerHostCage =
// Hardware::nicPortsPerHostCage() (1: the NIC card's own cages).
CageIndex indexCages(const Fabric&, int nicPorts, int nicsPerHostCage = 1);

// The cage of any link end on demand (CageIndex::cageOf), from 8 bytes per device instead of 8 per link:
// for a walk that reads each end's cage once, or a few ends' cages, without storing every end's. Usually
// every device's ports per cage is a power of two: then a cage is the device's first cage plus
// port >> shift, one table read per end instead of a division and the node formula.
class EndCages {
public:
    // Keeps a pointer to the fabric, and a copy of the cage index only where the shifts do not apply.
    EndCages(const Fabric&, const CageIndex&);

    // End e = 2 x link + side (0 lower, 1 upper), as cageOfEachEnd numbers them.
    std::uint32_t operator()(std::size_t end) const
    {
        const Link& l = fabric_->links[end / 2];
        return end % 2 ? of(l.b, l.bPort) : of(l.a, l.aPort);
    }
    std::uint32_t of(DeviceId d, std::uint16_t port) const
    {
        if (!shifted_) return general_.cageOf(*fabric_, d, port);
        return table_[d].first + (std::uint32_t(port) >> table_[d].shift);
    }
    std::size_t size() const { return 2 * fabric_->links.size(); }
    // The same cages, read from `f`: the fabric this was made for, moved (Fabric moves keep its links and
    // devices, not its address).
    EndCages&& of(const Fabric& f) &&
    {
        fabric_ = &f;
        return std::move(*this);
    }
    // Every end's, [2i] lower (a), [2i + 1] upper (b).
    std::vector<std::uint32_t> all() const;

private:
    struct DeviceCages {
        std::uint32_t first;
        std::uint32_t shift;
    };
    const Fabric* fabric_;
    bool shifted_ = false;            // every device has its shift
    std::vector<DeviceCages> table_;  // then: per device, its first cage and shift
    CageIndex general_;               // else: the index itself
};

// The cage of each link end, [2i] lower (a), [2i + 1] upper (b): CageIndex::cageOf of every link end.
std::vector<std::uint32_t> cageOfEachEnd(const Fabric&, const CageIndex&);

} // namespace fp
