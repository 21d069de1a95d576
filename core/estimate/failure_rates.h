#pragma once
// Annualised failure rates (AFR) per part class, each with its source or flagged as an estimate. They
// live in the catalog (table failure_rates, seeded from data/catalog/failure_rates.csv, editable like
// prices); README.md ("Resilience") explains each bundled figure. The resilience model (resilience.h)
// multiplies them by the BOM's quantities; a caller may pass its own table (FailureRates) instead.
#include <array>
#include <string>

#include "bom/bom.h"
#include "catalog/catalog.h"

namespace fp {

// What a BOM line is, for failure purposes.
enum class PartClass {
    TransceiverMultimode,   // VCSEL optics (SR4, SR8, ...)
    TransceiverSingleMode,  // laser optics on single-mode fibre (DR4, FR4, LR4, ...)
    Aoc,                    // active optical cable (two optical engines in one assembly)
    Acc,                    // active copper cable (retimers / redrivers in the plugs)
    Dac,                    // passive copper
    Fibre,                  // fibre patch cords and trunks
    Switch,
    Nic,
};
constexpr int kPartClassCount = 8;
const char* toString(PartClass);     // "transceiver_multimode", ..., "switch", "nic" (JSON keys)
const char* displayName(PartClass);  // "Transceivers (multimode)", ...

struct FailureRate {
    double afrPct = 0;             // failure events per 100 installed parts per year (part out of service)
    double replacementShare = 1.0; // share of those events that consume a spare (the rest: reboot, reseat)
    bool estimated = true;         // no published figure behind afrPct
    std::string source;            // where afrPct comes from, or why it is an estimate
};

struct FailureRates {
    std::array<FailureRate, kPartClassCount> byClass;
    const FailureRate& of(PartClass c) const { return byClass[std::size_t(c)]; }
    FailureRate& of(PartClass c) { return byClass[std::size_t(c)]; }
};

// The catalog's rates, one per class; throws UserError naming a class the catalog has no rate for, or
// a rate outside 0 <= AFR < 100 % (a catalog built by hand rather than loaded).
FailureRates failureRatesOf(const Catalog&);

// The class of an installed BOM line; false for lines that do not fail in this model (patch panels) or
// spares. Unknown transceivers count as single-mode, unknown cables as DAC (their category decides).
bool classify(const BomLine&, const Catalog&, PartClass& out);

} // namespace fp
