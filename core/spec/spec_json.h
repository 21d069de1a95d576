#pragma once
// Design files (.fabricplan): JSON with a format_version. Readers report the JSON path of what is
// wrong; unknown keys are refused with the nearest known key (warned about only in a file of a newer
// minor format); newer versions are refused. Text goes through parseBoundedJson (spec/json_text.h).
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "spec/cluster_spec.h"

namespace fp {

// Format 2 adds the per-tier switches ("fabric": {"switches": {"leaf": ..., "spine": ..., "core": ...}},
// only the tiers with their own switch) and "dual_tor" (written when true). Format 1 files still open,
// through upgradeDesignJson; saving writes format 2.
constexpr int kDesignFormatVersion = 2;
// Files may declare "format_minor": fields added in a newer minor format are reported and ignored; in a
// file of this minor format or older, an unknown field is refused (a typo must not plan the defaults).
// Minor 1 adds "lossless" (RoCE PFC/ECN settings), written only when a setting differs from its default,
// and then with "format_minor": 1, so an older FabricPlan warns that it ignores them instead of refusing.
// Minor 2 adds "fabric_gbps" (the switch-to-switch speed when it differs from the hosts'), written when set.
// Minor 3 adds "floor.site" (the user's halls, buildings and the routes between them), written when set.
constexpr int kDesignFormatMinor = 4;
// Design files are a few KB; anything larger is not a design (and is refused before it is parsed).
constexpr std::size_t kMaxDesignFileBytes = 1 << 20;

struct SpecReadResult {
    ClusterSpec spec;
    std::vector<std::string> warnings;  // e.g. unknown keys, with their JSON path
    int formatVersion = kDesignFormatVersion;  // as the file declared it (older ones were upgraded on reading)
};

nlohmann::json specToJson(const ClusterSpec&);
// A design of format `fromVersion` as the current format, step by step (1 -> 2 ...). The reader runs it
// on every older file; the fields a design may carry are still those of the version it declares.
nlohmann::json upgradeDesignJson(nlohmann::json design, int fromVersion);
// Throws UserError (where = "<origin>: /json/path") on a wrong type, a bad enum value or a newer version.
SpecReadResult specFromJson(const nlohmann::json&, const std::string& origin = "design");

// JSON text -> spec, through the bounded reader (size, depth, duplicate keys, non-finite numbers).
SpecReadResult specFromText(const std::string& text, const std::string& origin);
// Regular files of at most kMaxDesignFileBytes only (no FIFO, device or folder). Throws UserError.
SpecReadResult loadSpecFile(const std::string& path);
void saveSpecFile(const ClusterSpec&, const std::string& path);  // atomic; throws UserError
std::string specToText(const ClusterSpec&);  // the bytes saveSpecFile writes

} // namespace fp
