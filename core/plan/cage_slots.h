#pragma once
// Where each port of the fabric sits: its cage (as CageIndex::cageOf numbers it) and its slot in that
// cage, for the invariant check's walk, which asks this of every link end: a per-device table turns the
// division by ports per cage into a shift wherever that is a power of two (switch cages of 1, 2, 4 or 8
// ports; NIC ports one or two to a cage). The end cages alone: cageOfEachEnd (topology/cage_index.h).
#include <cstdint>
#include <memory>
#include <vector>

#include "topology/cage_index.h"

namespace fp::checks {

class CageSlots {
public:
    CageSlots(const Fabric&, const CageIndex&);

    // The cage and the slot (0-7) of a port, when the cage is one of its device's own (a port past the
    // device's last cage lands in the next device's: a cage index made for another fabric). False also
    // on a device without the shift, or with more than 8 ports to a cage: the caller does without.
    bool ownCage(DeviceId d, std::uint16_t port, std::uint32_t& cage, std::uint32_t& slot) const
    {
        const Device& r = devices_[d];
        const std::uint32_t local = std::uint32_t(port) >> (r.shift & 31u);
        cage = r.firstCage + local;
        slot = port & r.slotMask;
        return local < r.ownCages;
    }

private:
    static constexpr std::uint8_t kGeneral = 0xff;  // ports per cage not a power of two, or above 8
    // Every entry is written by the constructor (kGeneral and no own cages where the shift does not apply):
    // allocated without a fill first.
    struct Device {
        std::uint32_t firstCage;
        std::uint16_t ownCages;  // 0 when the shift does not apply
        std::uint8_t shift;      // log2(ports per cage); kGeneral
        std::uint8_t slotMask;   // ports per cage - 1
    };

    std::unique_ptr<Device[]> devices_;
};

} // namespace fp::checks
