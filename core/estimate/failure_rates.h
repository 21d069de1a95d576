#pragma once
// Annualised failure rates (AFR) per part class, each with its source or flagged as an estimate.
// README.md ("Resilience") explains each figure. The resilience model (resilience.h) multiplies these
// by the BOM's quantities; a caller may pass its own table (FailureRates) to replace any of them.
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

// The bundled rates (sources in failure_rates.cpp and README.md).
const FailureRates& defaultFailureRates();

// The class of an installed BOM line; false for lines that do not fail in this model (patch panels) or
// spares. Unknown transceivers count as single-mode, unknown cables as DAC (their category decides).
bool classify(const BomLine&, const Catalog&, PartClass& out);

} // namespace fp
