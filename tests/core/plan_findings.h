#pragma once
// The error findings of a plan as one line ("rule: message | ..."), for a QVERIFY2 that a plan has none
// to say which it has. Shared by the tests that plan designs expected to come out clean.
#include <string>

#include "plan/plan.h"

namespace testsupport {

inline std::string errorText(const fp::Plan& p)
{
    std::string s;
    for (const fp::Finding& f : p.findings)
        if (f.severity == fp::Severity::Error) s += f.rule + ": " + f.message + " | ";
    return s;
}

} // namespace testsupport
