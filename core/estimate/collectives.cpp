#include "estimate/collectives.h"

#include <cmath>

#include "estimate/model_constants.h"

namespace fp::estimate {
namespace {

// bytes / (GB/s) in microseconds: bytes / (B x 1e9 B/s) x 1e6 us/s = bytes / (B x 1e3).
double transferUs(double bytes, double gbps) { return gbps > 0 ? bytes / (gbps * 1e3) : 0.0; }

CollectivePoint point(double bytes, double timeUs, double busFactor)
{
    CollectivePoint p;
    p.bytes = bytes;
    p.timeUs = timeUs;
    // algbw = bytes / time, in GB/s: bytes / (t us x 1e-6 s/us) / 1e9 = bytes / (t x 1e3).
    p.busbwGBps = timeUs > 0 ? bytes / (timeUs * 1e3) * busFactor : 0.0;
    return p;
}

} // namespace

CollectivePoint ringAllReduce(const AlphaBeta& ab, int n, double bytes)
{
    if (n < 2) return point(bytes, 0, 0);
    const double share = 2.0 * double(n - 1) / double(n);
    const double t = 2.0 * double(n - 1) * ab.alphaUs + share * transferUs(bytes, ab.bandwidthGBps);
    return point(bytes, t, share);
}

CollectivePoint treeAllReduce(const AlphaBeta& ab, int n, double bytes)
{
    if (n < 2) return point(bytes, 0, 0);
    const double share = 2.0 * double(n - 1) / double(n);
    const double t = 2.0 * std::ceil(std::log2(double(n))) * ab.alphaUs + share * transferUs(bytes, ab.bandwidthGBps);
    return point(bytes, t, share);
}

CollectivePoint allToAll(const AlphaBeta& ab, int n, double bytes)
{
    if (n < 2) return point(bytes, 0, 0);
    const double share = double(n - 1) / double(n);
    const double t = double(n - 1) * ab.alphaUs + share * transferUs(bytes, ab.alltoallGBps);
    return point(bytes, t, share);
}

std::vector<double> collectiveSizesBytes()
{
    std::vector<double> sizes;
    for (int e = model::kCollectiveMinLog2Bytes; e <= model::kCollectiveMaxLog2Bytes; ++e)
        sizes.push_back(std::ldexp(1.0, e));
    return sizes;
}

} // namespace fp::estimate
