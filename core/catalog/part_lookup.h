#pragma once
// Finding a part by the name people type: the OPN ("MQM9700-NS2F"), the model name ("QM9700",
// "Q3400", "7060X6-64PE", "ConnectX-8"), or any unique part of either, case-insensitive.
#include <string>
#include <string_view>
#include <vector>

#include "catalog/parts.h"

namespace fp {

template <typename Model>
struct PartMatch {
    const Model* part = nullptr;         // the one part meant, or nullptr
    std::vector<const Model*> candidates; // several parts matched equally well (ambiguous)
};

// How a typed name is matched, best rule first; the first rule with any match decides:
//   1. the OPN, exactly (case-insensitive);
//   2. the OPN with its vendor prefix or suffix dropped ("QM9700" = MQM9700-NS2F, "SN5600" = SN5600,
//      "7060X6-64PE" = DCS-7060X6-64PE): the typed name is a whole dash-separated stretch of the OPN,
//      or the OPN minus its one-letter vendor prefix ("M" of Mellanox parts);
//   3. a whole word of the description ("Q3400", "ConnectX-8", "Thor2");
//   4. a substring of OPN or description.
// Ambiguity is judged inside the deciding rule: two parts matching "QM9700" equally well (the
// internally and externally managed QM9700/QM9790 do not) are both returned as candidates.
PartMatch<SwitchModel> matchSwitch(const std::vector<SwitchModel>&, std::string_view typed);
PartMatch<NicModel> matchNic(const std::vector<NicModel>&, std::string_view typed);
// Transceivers and cables (media pins).
PartMatch<PartBase> matchMediaPart(const std::vector<TransceiverModel>&, const std::vector<CableModel>&,
                                   std::string_view typed);

// "A, B, C" of the candidates' part numbers, for messages.
std::string candidateList(const std::vector<const PartBase*>&);

} // namespace fp
