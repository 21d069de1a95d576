#pragma once
// Poisson arithmetic for spares sized to a service level: demand during a reorder time is Poisson with
// mean = installed x AFR x replacement share x reorder days / 365.25 (README.md, "Spares from failure rates").

namespace fp::poisson {

// P(X <= k) for X ~ Poisson(mean); mean >= 0, k >= 0.
double cdf(int k, double mean);

// The smallest stock s with P(X > s) <= stockoutProbability: running out before the reorder arrives
// happens at most that often. stockoutProbability in (0, 1).
int stockFor(double mean, double stockoutProbability);

} // namespace fp::poisson
