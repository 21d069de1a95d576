#pragma once
// A network of a test design from the fields a design file gives it (core/spec/network_spec.h), so each
// test names only what it is about.
#include <string>
#include <utility>
#include <vector>

#include "spec/network_spec.h"

namespace fp::test {

inline NetworkSpec networkOf(std::string name, NetworkRole role, FabricKind fabric, std::string switchModel,
                             std::string portModel, int linkGbps, std::vector<EndpointGroup> endpoints)
{
    NetworkSpec n;
    n.name = std::move(name);
    n.role = role;
    n.fabric = fabric;
    n.switchModel = std::move(switchModel);
    n.portModel = std::move(portModel);
    n.linkGbps = linkGbps;  // 0: the port's native speed
    n.endpoints = std::move(endpoints);
    return n;
}

} // namespace fp::test
