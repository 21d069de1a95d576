#pragma once
// Loss-budget constants for optical links: the one place these outside figures live.
// Source: /work/shared/reference/fabric-facts.md §4 (FOA loss-budget reference,
// https://www.thefoa.org/tech/ref/Loss_Budget/Loss_Budget.htm ; IEEE channel models via TIA FOTC,
// https://www.tiafotc.org/ieee-802-3-ethernet-standards-update/singlemode-standards-update/800gbase-dr8/).

namespace fp::optical {

// Fibre attenuation.
constexpr double kMultimodeDbPerKm = 3.0;   // 850 nm, FOA typical (TIA-568 max 3.5 dB/km is unverified)
constexpr double kSingleModeDbPerKm = 0.4;  // 1310 nm, OS2 (IEEE 802.3 channel model; FOA typical)

// Loss per mated connector pair (a patch-panel pass-through is one mated pair).
constexpr double kMpoArrayPairDb = 0.75;      // MPO-12/16 array connector, FOA (applied to SM MPO too)
constexpr double kMultimodeLcPairDb = 0.5;    // single-fibre MM connector, FOA
constexpr double kSingleModeLcPairDb = 0.5;   // single-fibre SM connector, FOA

// Fusion splices.
constexpr double kMultimodeSpliceDb = 0.3;    // FOA typical
constexpr double kSingleModeSpliceDb = 0.15;  // FOA typical
// Pre-terminated MPO trunks and factory cords carry no field splices.
constexpr int kSplicesPerLink = 0;

} // namespace fp::optical
