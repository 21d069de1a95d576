#include "estimate/failure_rates.h"

#include <cmath>

#include "common/error.h"

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

FailureRates failureRatesOf(const Catalog& catalog)
{
    FailureRates rates;
    for (int c = 0; c < kPartClassCount; ++c) {
        const char* key = toString(PartClass(c));
        const FailureRateEntry* e = catalog.findFailureRate(key);
        if (!e)
            throw UserError(std::string("the catalog has no failure rate for part class '") + key + "'",
                            catalog.path.empty() ? "catalog" : catalog.path,
                            std::string("set one (fabricplan-cli catalog set-failure-rate ") + key +
                                " AFR_PCT --source TEXT --catalog FILE) or restore the bundled catalog");
        if (!std::isfinite(e->afrPct) || e->afrPct < 0 || e->afrPct >= 100 || !std::isfinite(e->replacementShare) ||
            e->replacementShare < 0 || e->replacementShare > 1)
            throw UserError(std::string("the catalog's failure rate for '") + key + "' is out of range",
                            catalog.path.empty() ? "catalog" : catalog.path,
                            "set 0 <= AFR < 100 % and a replacement share from 0 to 1");
        rates.byClass[std::size_t(c)] = {e->afrPct, e->replacementShare, e->estimated, e->source};
    }
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
    case BomCategory::Spares:
    case BomCategory::RackContents: return false;  // the rack's own NVLink parts: not the scale-out fabric's
    }
    return false;
}

} // namespace fp
