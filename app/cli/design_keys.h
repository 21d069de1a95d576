#pragma once
// The design keys of one plan: the design flags of a command line (`plan`, `compare`), or a sweep's base
// command line with one row's keys after them. design_input.h reads them through one code path
// (planRequest), so a sweep row is planned exactly as `plan` with the base's flags followed by the
// row's. A row's keys point at the base's instead of copying them: a sweep holds each row's own keys
// only, however long the command line.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "args.h"

namespace fp::cli {

class DesignKeys {
public:
    struct Key {
        std::string flag;   // "--gpus", "--sharp"
        std::string value;  // a switch: "true", or "false" (a sweep row's sharp=false)
    };

    DesignKeys() = default;
    // The design flags of a command line (designValuedFlags, designSwitchFlags), in the order given.
    explicit DesignKeys(const Args&);
    // `base`'s keys, then `own`. `base` is read through, not copied: it must outlive this.
    DesignKeys(const DesignKeys& base, std::vector<Key> own);

    // A design file was given (fitFabricDefaults keeps a file's own parts).
    bool hasDesignFile() const { return base_ ? base_->hasDesignFile() : hasDesignFile_; }
    // Given at all, with any value.
    bool has(const std::string& flag) const;
    // A switch whose last value is true.
    bool on(const std::string& flag) const { return value(flag) == std::optional<std::string>("true"); }
    // The last value given (a flag given twice takes its last value, as on a command line).
    std::optional<std::string> value(const std::string& flag) const;
    // The last value as a whole number (UsageError otherwise).
    int intValue(const std::string& flag) const { return wholeNumber(flag, value(flag).value_or("")); }
    // Every key, the base's first, in the order given.
    void forEach(const std::function<void(const Key&)>&) const;

private:
    const DesignKeys* base_ = nullptr;
    std::vector<Key> own_;
    bool hasDesignFile_ = false;
};

} // namespace fp::cli
