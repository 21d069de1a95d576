#include "bom/bom.h"

namespace fp {

const char* toString(BomCategory c)
{
    switch (c) {
    case BomCategory::Switches: return "switches";
    case BomCategory::Nics: return "nics";
    case BomCategory::Transceivers: return "transceivers";
    case BomCategory::Cables: return "cables";
    case BomCategory::Fibre: return "fibre";
    case BomCategory::PatchPanels: return "patch_panels";
    case BomCategory::Spares: return "spares";
    }
    return "?";
}

const char* displayName(BomCategory c)
{
    switch (c) {
    case BomCategory::Switches: return "Switches";
    case BomCategory::Nics: return "NICs / HCAs";
    case BomCategory::Transceivers: return "Transceivers";
    case BomCategory::Cables: return "Cables";
    case BomCategory::Fibre: return "Fibre";
    case BomCategory::PatchPanels: return "Patch panels";
    case BomCategory::Spares: return "Spares";
    }
    return "?";
}

double Bom::subtotalUsd(BomCategory c) const
{
    double s = 0;
    for (const auto& l : lines)
        if (l.category == c) s += l.extendedUsd;
    return s;
}

double Bom::subtotalPowerW(BomCategory c) const
{
    double s = 0;
    for (const auto& l : lines)
        if (l.category == c) s += l.extendedPowerW;
    return s;
}

namespace bom {

Bom collect(const ClusterSpec&, const Fabric&, const MediaAssignment&, const Catalog&,
            const SwitchModel&, const NicModel&)
{
    return {};
}

void forEachCable(const Fabric&, const Layout&, const MediaAssignment&,
                  const std::function<bool(const CableRow&)>&)
{
}

std::size_t cableCount(const Fabric&, const MediaAssignment&) { return 0; }

} // namespace bom
} // namespace fp
