#include "plan/cage_slots.h"

#include <algorithm>
#include <array>

namespace fp::checks {

namespace {

// log2 of a slot count of 1, 2, 4 or 8, else kGeneral (0xff); indexed by ports per cage.
constexpr std::array<std::uint8_t, 256> kShiftOf = [] {
    std::array<std::uint8_t, 256> shift{};
    shift.fill(0xff);
    shift[1] = 0, shift[2] = 1, shift[4] = 2, shift[8] = 3;
    return shift;
}();

} // namespace

CageSlots::CageSlots(const Fabric& f, const CageIndex& index)
    : devices_(std::make_unique_for_overwrite<Device[]>(f.devices.size()))
{
    // A node port p sits in cage p / nicsPerHostCage, or (NIC cages) nic * cagesPerNic + plane /
    // linksPerNicCage with p = nic * planes + plane: p / linksPerNicCage when the NIC's cages hold all
    // its planes exactly (planes = cagesPerNic x linksPerNicCage).
    int nodePortsPerCage = 0;  // no shift
    if (index.nicsPerHostCage > 1) nodePortsPerCage = index.nicsPerHostCage;
    else if (index.planes == index.cagesPerNic * index.linksPerNicCage) nodePortsPerCage = index.linksPerNicCage;
    const std::uint8_t nodeShift = kShiftOf[std::size_t(std::clamp(nodePortsPerCage, 0, 255))];
    const std::uint32_t* first = index.firstCage.data();
    const std::uint8_t* perCage = index.portsPerCageOfDevice.data();
    for (std::size_t d = 0; d < f.devices.size(); ++d) {
        const std::uint8_t shift = perCage[d] ? kShiftOf[perCage[d]] : nodeShift;
        const std::uint32_t cages = first[d + 1] - first[d];
        devices_[d] = shift == kGeneral || cages > 0xffff
                          ? Device{0, 0, kGeneral, 0}
                          : Device{first[d], std::uint16_t(cages), shift, std::uint8_t((1u << shift) - 1)};
    }
}

} // namespace fp::checks
