#include "estimate/failure_rates.h"

namespace fp {

const char* toString(PartClass c)
{
    switch (c) {
    case PartClass::TransceiverMultimode: return "transceiver_multimode";
    case PartClass::TransceiverSingleMode: return "transceiver_singlemode";
    case PartClass::Aoc: return "aoc";
    case PartClass::Acc: return "acc";
    case PartClass::Dac: return "dac";
    case PartClass::Fibre: return "fibre";
    case PartClass::Switch: return "switch";
    case PartClass::Nic: return "nic";
    }
    return "?";
}

const char* displayName(PartClass c)
{
    switch (c) {
    case PartClass::TransceiverMultimode: return "Transceivers (multimode)";
    case PartClass::TransceiverSingleMode: return "Transceivers (single-mode)";
    case PartClass::Aoc: return "Active optical cables";
    case PartClass::Acc: return "Active copper cables";
    case PartClass::Dac: return "Passive copper (DAC)";
    case PartClass::Fibre: return "Fibre cords and trunks";
    case PartClass::Switch: return "Switches";
    case PartClass::Nic: return "NICs / HCAs";
    }
    return "?";
}

const FailureRates& defaultFailureRates()
{
    static const FailureRates rates = [] {
        FailureRates r;
        // Optics: no operator has published a per-module field AFR that we could find (an Huawei-cloud
        // study, Notaro et al., CCGrid 2023, estimates transceiver failure rates but its figures were not
        // retrievable). Vendor MTBF claims of 1-2 million hours give 0.4-0.9 %/yr; field rates run higher
        // (heat, dirty connectors). ESTIMATE: 1 %/yr for either medium.
        r.of(PartClass::TransceiverMultimode) = {1.0, 1.0, true,
            "ESTIMATE: vendor MTBF 1-2 M h = 0.4-0.9 %/yr, rounded up for field conditions"};
        r.of(PartClass::TransceiverSingleMode) = {1.0, 1.0, true,
            "ESTIMATE: vendor MTBF 1-2 M h = 0.4-0.9 %/yr, rounded up for field conditions"};
        // An AOC carries two optical engines: twice the module estimate.
        r.of(PartClass::Aoc) = {2.0, 1.0, true, "ESTIMATE: two optical engines = 2 x the transceiver estimate"};
        r.of(PartClass::Acc) = {0.5, 1.0, true, "ESTIMATE: retimer/redriver electronics in the plugs, no optics"};
        r.of(PartClass::Dac) = {0.1, 1.0, true, "ESTIMATE: passive copper; handling damage only"};
        r.of(PartClass::Fibre) = {0.2, 1.0, true, "ESTIMATE: passive glass; bends, crushed cords, damaged ferrules"};
        // Singh et al., "Surviving switch failures in cloud datacenters", ACM SIGCOMM CCR 51(2), April 2021
        // (Microsoft Azure, 180,000+ switches): 98 % survive 3 months in production, so
        // AFR = -4 ln(0.98) = 8.08 %/yr (all causes: hardware, power loss, software). 32 % of the
        // failures were hardware faults: only those need a spare switch.
        r.of(PartClass::Switch) = {8.08, 0.32, false,
            "Singh et al., SIGCOMM CCR 2021 (Azure, 180k switches): 2 % fail within 3 months; 32 % hardware"};
        // Llama 3 (Dubey et al., "The Llama 3 Herd of Models", arXiv 2407.21783, 2024, Table 5): 7 of 419
        // unexpected interruptions in a 54-day snapshot on 16,384 H100 GPUs were NIC failures, with one
        // 400G NIC per GPU: 7 / 16,384 / 54 d x 365.25 d = 0.289 %/yr.
        r.of(PartClass::Nic) = {0.289, 1.0, false,
            "Llama 3 paper (arXiv 2407.21783) Table 5: 7 NIC interruptions, 16,384 NICs, 54 days"};
        return r;
    }();
    return rates;
}

bool classify(const BomLine& line, const Catalog& catalog, PartClass& out)
{
    switch (line.category) {
    case BomCategory::Switches: out = PartClass::Switch; return true;
    case BomCategory::Nics: out = PartClass::Nic; return true;
    case BomCategory::Transceivers: {
        const TransceiverModel* t = catalog.findTransceiver(line.part);
        out = t && t->medium == Medium::Multimode ? PartClass::TransceiverMultimode : PartClass::TransceiverSingleMode;
        return true;
    }
    case BomCategory::Cables: {
        const CableModel* c = catalog.findCable(line.part);
        out = !c                           ? PartClass::Dac
              : c->kind == CableKind::AOC ? PartClass::Aoc
              : c->kind == CableKind::ACC ? PartClass::Acc
                                          : PartClass::Dac;
        return true;
    }
    case BomCategory::Fibre: out = PartClass::Fibre; return true;
    case BomCategory::PatchPanels:
    case BomCategory::Spares: return false;
    }
    return false;
}

} // namespace fp
