#include "media/loss_budget.h"

#include <cstdio>

#include "media/optical_constants.h"

namespace fp::media {
namespace {

double fibreDbPerKm(const ChannelInput& in)
{
    return in.singleMode ? optical::kSingleModeDbPerKm : optical::kMultimodeDbPerKm;
}

double pairDb(const ChannelInput& in)
{
    if (in.mpo) return optical::kMpoArrayPairDb;
    return in.singleMode ? optical::kSingleModeLcPairDb : optical::kMultimodeLcPairDb;
}

double spliceDb(const ChannelInput& in)
{
    return in.singleMode ? optical::kSingleModeSpliceDb : optical::kMultimodeSpliceDb;
}

} // namespace

LossBudget computeLoss(const ChannelInput& in)
{
    LossBudget b;
    b.fibreDb = in.lengthM / 1000.0 * fibreDbPerKm(in);
    b.connectorsDb = in.matedPairs * pairDb(in);
    b.splicesDb = in.splices * spliceDb(in);
    b.totalDb = b.fibreDb + b.connectorsDb + b.splicesDb;
    b.budgetDb = in.budgetDb;
    return b;
}

std::string lossArithmetic(const ChannelInput& in, const LossBudget& b)
{
    char buf[256];
    const char* cmp = b.budgetDb <= 0 ? "vs unknown" : (b.totalDb > b.budgetDb ? ">" : "<=");
    std::snprintf(buf, sizeof buf, "%.2f dB = %.3f km x %.1f dB/km + %d x %.2f dB + %d x %.2f dB splices %s %.2f dB budget",
                  b.totalDb, in.lengthM / 1000.0, fibreDbPerKm(in), in.matedPairs, pairDb(in), in.splices,
                  spliceDb(in), cmp, b.budgetDb);
    return buf;
}

} // namespace fp::media
