#include "spec/network_spec.h"

#include <array>
#include <utility>

#include "spec/cluster_spec.h"

namespace fp {
static_assert(FabricKind{} == FabricKind::InfiniBand, "NetworkSpec::fabric's default is InfiniBand");
namespace {

constexpr std::array<std::pair<NetworkRole, const char*>, 5> kRoleKeys{{
    {NetworkRole::Compute, "compute"},
    {NetworkRole::Storage, "storage"},
    {NetworkRole::InBand, "inband"},
    {NetworkRole::OutOfBand, "oob"},
    {NetworkRole::StorageInBand, "storage_inband"},
}};

constexpr std::array<std::pair<EndpointCount, const char*>, 3> kCountKeys{{
    {EndpointCount::Fixed, "fixed"},
    {EndpointCount::PerComputeNode, "per_node"},
    {EndpointCount::PerSwitch, "per_switch"},
}};

} // namespace

const char* toString(NetworkRole r)
{
    for (const auto& [role, key] : kRoleKeys)
        if (role == r) return key;
    return "storage";
}

const char* displayName(NetworkRole r)
{
    switch (r) {
    case NetworkRole::Compute: return "Compute fabric";
    case NetworkRole::Storage: return "Storage fabric";
    case NetworkRole::InBand: return "In-band management";
    case NetworkRole::OutOfBand: return "Out-of-band management";
    case NetworkRole::StorageInBand: return "Storage and in-band (converged)";
    }
    return "Network";
}

bool parseNetworkRole(const std::string& s, NetworkRole& out)
{
    for (const auto& [role, key] : kRoleKeys)
        if (s == key) return out = role, true;
    return false;
}

const char* toString(EndpointCount c)
{
    for (const auto& [count, key] : kCountKeys)
        if (count == c) return key;
    return "fixed";
}

bool parseEndpointCount(const std::string& s, EndpointCount& out)
{
    for (const auto& [count, key] : kCountKeys)
        if (s == key) return out = count, true;
    return false;
}

std::string networkPath(std::size_t index, const NetworkSpec& n)
{
    return "/networks/" + std::to_string(index) + (n.name.empty() ? std::string() : " (" + n.name + ")");
}

} // namespace fp
