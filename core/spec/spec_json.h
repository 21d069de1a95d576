#pragma once
// Design files (.fabricplan): JSON with a format_version. Readers report the JSON path of what is
// wrong; unknown keys are reported (not silently dropped); newer versions are refused.
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "spec/cluster_spec.h"

namespace fp {

constexpr int kDesignFormatVersion = 1;

struct SpecReadResult {
    ClusterSpec spec;
    std::vector<std::string> warnings;  // e.g. unknown keys, with their JSON path
};

nlohmann::json specToJson(const ClusterSpec&);
// Throws UserError (where = "<origin>: /json/path") on a wrong type, a bad enum value or a newer version.
SpecReadResult specFromJson(const nlohmann::json&, const std::string& origin = "design");

SpecReadResult loadSpecFile(const std::string& path);     // throws UserError
void saveSpecFile(const ClusterSpec&, const std::string& path);  // atomic; throws UserError

} // namespace fp
