#include "estimate/poisson.h"

#include <algorithm>
#include <cmath>
#include <math.h>  // lgamma_r (POSIX)
#include <limits>

namespace fp::poisson {
namespace {

// log(i!) by lgamma_r: std::lgamma writes the global `signgam`, a data race when plans are finished on
// several threads (ThreadSanitizer reported it in the comparison).
double logFactorial(int i)
{
    int sign = 0;
    return ::lgamma_r(double(i) + 1.0, &sign);
}

// P(X = i), in log space so large means (thousands of failures) neither overflow nor underflow.
double term(int i, double mean, double logMean)
{
    return std::exp(double(i) * logMean - mean - logFactorial(i));
}

// True when no term after `i` can change `sum` any more: past the mean the terms only shrink (each is
// mean/(i+1) of the one before), and one below a quarter of the sum's last digit rounds away, as do
// all smaller ones after it. Stopping there gives the very sum the whole series gives.
bool sumIsFinal(int i, double mean, double term, double sum)
{
    return double(i) > mean && term < (std::nextafter(sum, std::numeric_limits<double>::infinity()) - sum) / 4.0;
}

} // namespace

double cdf(int k, double mean)
{
    if (k < 0) return 0.0;
    if (mean <= 0) return 1.0;
    const double logMean = std::log(mean);
    double sum = 0.0;
    for (int i = 0; i <= k; ++i) {
        const double t = term(i, mean, logMean);
        sum += t;
        if (sumIsFinal(i, mean, t, sum)) break;
    }
    return sum > 1.0 ? 1.0 : sum;
}

int stockFor(double mean, double stockoutProbability)
{
    if (mean <= 0) return 0;
    // Start the search a little below the mean: P(X <= s) is tiny there for large means.
    int s = int(std::max(0.0, std::floor(mean - 10.0 * std::sqrt(mean))));
    double below = cdf(s, mean);  // P(X <= s); then add one term per step
    const double logMean = std::log(mean);
    while (1.0 - below > stockoutProbability) {
        ++s;
        below += term(s, mean, logMean);
    }
    return s;
}

} // namespace fp::poisson
