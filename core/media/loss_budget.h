#pragma once
// Insertion-loss arithmetic of one optical channel: fibre + mated connector pairs + splices, against
// the PMD's channel budget. Constants: media/optical_constants.h.
#include <string>

#include "media/media.h"

namespace fp::media {

struct ChannelInput {
    double lengthM = 0;       // fibre actually installed (the order length)
    bool singleMode = false;
    bool mpo = true;          // MPO array connectors (else LC-style single-fibre)
    int matedPairs = 0;       // patch-panel pass-throughs in the path
    int splices = 0;
    double budgetDb = 0;      // PMD channel insertion loss; 0 = unknown
};

LossBudget computeLoss(const ChannelInput&);

// "2.1 dB = 0.15 km x 3.0 dB/km + 2 x 0.75 dB + 0 x 0.30 dB splices > 1.9 dB budget"
std::string lossArithmetic(const ChannelInput&, const LossBudget&);

} // namespace fp::media
