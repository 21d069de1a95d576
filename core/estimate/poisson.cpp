#include "estimate/poisson.h"

#include <algorithm>
#include <cmath>

namespace fp::poisson {

double cdf(int k, double mean)
{
    if (k < 0) return 0.0;
    if (mean <= 0) return 1.0;
    // Sum the terms in log space so large means (thousands of failures) neither overflow nor underflow.
    double sum = 0.0;
    for (int i = 0; i <= k; ++i) sum += std::exp(double(i) * std::log(mean) - mean - std::lgamma(double(i) + 1.0));
    return sum > 1.0 ? 1.0 : sum;
}

int stockFor(double mean, double stockoutProbability)
{
    if (mean <= 0) return 0;
    // Start the search a little below the mean: P(X <= s) is tiny there for large means.
    int s = int(std::max(0.0, std::floor(mean - 10.0 * std::sqrt(mean))));
    double below = cdf(s, mean);  // P(X <= s); then add one term per step
    while (1.0 - below > stockoutProbability) {
        ++s;
        below += std::exp(double(s) * std::log(mean) - mean - std::lgamma(double(s) + 1.0));
    }
    return s;
}

} // namespace fp::poisson
