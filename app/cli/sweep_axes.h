#pragma once
// The design keys a sweep varies most often (issue 41), one list for `fabricplan-cli sweep --help` and
// the window's Explorer, so both offer the same axes. `sweep --vary` takes any design override; these are
// the ones an architect weighs against capex, power and bus bandwidth. Plain C++ (no Qt).
#include <string>
#include <vector>

namespace fp::cli {

struct SweepAxis {
    const char* key;    // as `--vary KEY=...` takes it: "spine-switch"
    const char* label;  // for a form: "Spine switch"
    const char* about;  // one line: what its values are
    bool onOff;         // a switch flag: varied as KEY=false,true
};

// In the Explorer's order: parts first, then shape, then options.
const std::vector<SweepAxis>& sweepAxes();
// "  switch  every tier's switch model ..." lines for `sweep --help`.
std::string sweepAxesHelp();

} // namespace fp::cli
