#include "design_keys.h"

#include <algorithm>

#include "design_input.h"

namespace fp::cli {

DesignKeys::DesignKeys(const Args& args) : hasDesignFile_(!args.positional().empty())
{
    const auto& valued = designValuedFlags();
    const auto& switches = designSwitchFlags();
    for (const auto& [flag, value] : args.given()) {
        if (std::find(valued.begin(), valued.end(), flag) != valued.end()) own_.push_back({flag, value});
        else if (std::find(switches.begin(), switches.end(), flag) != switches.end()) own_.push_back({flag, "true"});
    }
}

DesignKeys::DesignKeys(const DesignKeys& base, std::vector<Key> own) : base_(&base), own_(std::move(own)) {}

bool DesignKeys::has(const std::string& flag) const
{
    return std::any_of(own_.begin(), own_.end(), [&](const Key& k) { return k.flag == flag; }) ||
           (base_ && base_->has(flag));
}

std::optional<std::string> DesignKeys::value(const std::string& flag) const
{
    for (auto k = own_.rbegin(); k != own_.rend(); ++k)
        if (k->flag == flag) return k->value;
    return base_ ? base_->value(flag) : std::nullopt;
}

void DesignKeys::forEach(const std::function<void(const Key&)>& visit) const
{
    if (base_) base_->forEach(visit);
    for (const Key& k : own_) visit(k);
}

} // namespace fp::cli
