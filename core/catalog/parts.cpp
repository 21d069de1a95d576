// String forms of the catalog enums (they are the values stored in SQLite and in the seed CSV files)
// and the small derived figures of a part.
#include "catalog/parts.h"

#include <algorithm>
#include <iterator>

namespace fp {
namespace {

template <typename Enum, size_t N>
bool parseByName(const std::string& text, Enum& out, const Enum (&values)[N])
{
    for (Enum v : values) {
        if (text == toString(v)) {
            out = v;
            return true;
        }
    }
    return false;
}

} // namespace

const char* toString(PartCategory c)
{
    switch (c) {
    case PartCategory::Switch: return "switch";
    case PartCategory::Nic: return "nic";
    case PartCategory::Transceiver: return "transceiver";
    case PartCategory::Cable: return "cable";
    case PartCategory::Fiber: return "fiber";
    case PartCategory::PatchPanel: return "patch_panel";
    }
    return "?";
}

bool parsePartCategory(const std::string& s, PartCategory& out)
{
    static const PartCategory all[] = {PartCategory::Switch, PartCategory::Nic, PartCategory::Transceiver,
                                       PartCategory::Cable, PartCategory::Fiber, PartCategory::PatchPanel};
    return parseByName(s, out, all);
}

const char* toString(Protocol p)
{
    switch (p) {
    case Protocol::InfiniBand: return "infiniband";
    case Protocol::Ethernet: return "ethernet";
    case Protocol::Both: return "both";
    }
    return "?";
}

bool parseProtocol(const std::string& s, Protocol& out)
{
    static const Protocol all[] = {Protocol::InfiniBand, Protocol::Ethernet, Protocol::Both};
    return parseByName(s, out, all);
}

bool speaksFabric(Protocol part, FabricKind fabric)
{
    return part == Protocol::Both || (part == Protocol::InfiniBand) == !isEthernet(fabric);
}

const char* toString(Medium m)
{
    switch (m) {
    case Medium::Copper: return "copper";
    case Medium::Multimode: return "multimode";
    case Medium::SingleMode: return "singlemode";
    }
    return "?";
}

bool parseMedium(const std::string& s, Medium& out)
{
    static const Medium all[] = {Medium::Copper, Medium::Multimode, Medium::SingleMode};
    return parseByName(s, out, all);
}

const char* toString(CableKind k)
{
    switch (k) {
    case CableKind::DAC: return "dac";
    case CableKind::ACC: return "acc";
    case CableKind::AOC: return "aoc";
    case CableKind::FiberPatch: return "fiber_patch";
    case CableKind::FiberTrunk: return "fiber_trunk";
    }
    return "?";
}

bool parseCableKind(const std::string& s, CableKind& out)
{
    static const CableKind all[] = {CableKind::DAC, CableKind::ACC, CableKind::AOC, CableKind::FiberPatch,
                                    CableKind::FiberTrunk};
    return parseByName(s, out, all);
}

int SwitchModel::portsPerCageAt(int gbps) const
{
    int most = 0;  // a speed listed twice ("400x2;400x1"): the split that fills the cage
    for (const Breakout& b : breakouts)
        if (b.portGbps == gbps) most = std::max(most, b.portsPerCage);
    return most;
}

int SwitchModel::uplinkPortsPerCageAt(int gbps) const
{
    int most = 0;
    for (const Breakout& b : uplinkBreakouts)
        if (b.portGbps == gbps) most = std::max(most, b.portsPerCage);
    return most;
}

bool SwitchModel::cageRuns(int gbps, int ports) const
{
    for (const Breakout& b : breakouts)
        if (b.portGbps == gbps && b.portsPerCage == ports) return true;
    return false;
}

int SwitchModel::portsAt(int gbps) const
{
    return cages * portsPerCageAt(gbps);
}

int NicModel::portGbpsOn(FabricKind fabric) const
{
    return fabric == FabricKind::InfiniBand || ethPortGbps <= 0 ? portGbps : ethPortGbps;
}

int NicModel::portsPerCageOn(FabricKind fabric) const
{
    return fabric == FabricKind::InfiniBand || ethPortGbps <= 0 ? 1 : std::max(1, ethPortsPerCage);
}

double TransceiverModel::reachM(FiberType fiber) const
{
    switch (fiber) {
    case FiberType::OM3: return reachOm3M;
    case FiberType::OM4: return reachOm4M;
    case FiberType::OM5: return reachOm5M;
    case FiberType::OS2: return reachOs2M;
    }
    return 0;
}

} // namespace fp
