#pragma once
// The design fields, each one trait (after Tiled's per-property change commands): where the value lives
// in a ClusterSpec, its JSON path in the design file, how people see it (label, unit), what values it
// takes (range, choices) and its undo id. The design-file reader and writer (spec_json.cpp), the
// validator (validate.cpp, and through it the JSON schema test) and the GUI (design panel, undo
// commands) all use these, so a field's path, label and range are spelled once.
// List fields (media pins) are not scalar fields: read and written in spec_json.cpp, edited by index in
// the GUI (app/gui/commands.h).
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "common/tier.h"
#include "spec/cluster_spec.h"

namespace fp {

// The values a number field may take: [min, max] (min excluded when minExclusive); zeroIsOff also
// allows 0 ("NIC native", "Off"). Checked by validateSpec and stated in the JSON schema.
struct FieldRange {
    double min = 0;
    double max = 0;
    bool minExclusive = false;
    bool zeroIsOff = false;
};

template <typename T>
struct DesignField {
    const char* path;               // JSON pointer in a design file, e.g. "/fabric/switch"
    const char* label;              // as people see it, e.g. "Switch model" (GUI label, undo text)
    const char* unit;               // "kW", "m", "" ...
    T& (*ref)(ClusterSpec&);        // where the value lives
    int undoId;                     // stable per field: consecutive edits of one field merge into one undo step
    std::optional<FieldRange> range{};  // numbers only
    const char* what = nullptr;     // noun in a validation message when it differs from the label
    // Choices (enums): their text in the file, the parser and the list a message offers.
    const char* (*name)(T) = nullptr;
    bool (*parse)(const std::string&, T&) = nullptr;
    const char* allowed = nullptr;
    const char* autoCounts = nullptr;  // set: the file may say "auto" for 0; what the number counts ("tier")
    bool writtenWhenSet = false;    // written only when not the default (keeps older files byte-identical)
    int sinceVersion = 1;           // the design format that introduced it; an older file may not carry it

    const T& of(const ClusterSpec& s) const { return ref(const_cast<ClusterSpec&>(s)); }
    void set(ClusterSpec& s, T value) const { ref(s) = std::move(value); }
    const char* noun() const { return what ? what : label; }
    // "/fabric/switches/leaf" -> parent "/fabric/switches", key "leaf".
    std::string_view parent() const { std::string_view p(path); return p.substr(0, p.rfind('/')); }
    std::string_view key() const { std::string_view p(path); return p.substr(p.rfind('/') + 1); }
};

// A pointer to any field, for walking the table.
using AnyDesignField =
    std::variant<const DesignField<int>*, const DesignField<double>*, const DesignField<bool>*,
                 const DesignField<std::string>*, const DesignField<Ratio>*, const DesignField<FabricKind>*,
                 const DesignField<FiberType>*, const DesignField<LeafPlacement>*,
                 const DesignField<SpinePlacement>*, const DesignField<MediaObjective>*,
                 const DesignField<PricePolicy>*>;

namespace fields {
extern const DesignField<std::string> name;
extern const DesignField<bool> computeOnly;  // keep only the compute fabric (issue 38)
// compute
extern const DesignField<int> gpus, gpusPerNode, nicsPerNode, linkGbps;
extern const DesignField<std::string> nic, platform;
// fabric
extern const DesignField<FabricKind> technology;
extern const DesignField<std::string> switchModel, leafSwitch, spineSwitch, coreSwitch;
extern const DesignField<int> genericRadix, fabricGbps, tiers, suNodes, podNodes, planes;
extern const DesignField<bool> railOptimized, dualTor, leafPerRack, railPlanes;
extern const DesignField<Ratio> leafOversubscription, spineOversubscription;
// floor
extern const DesignField<int> racksPerRow, nodesPerRack, patchPanelsPerFibreLink;
extern const DesignField<double> rackPowerBudgetKw, nodePowerKw, rackWidthM, rackDepthM, rowPitchM, rackHeightM,
    trayHeightM, slackPerEndM, spineRoomDistanceM;
extern const DesignField<LeafPlacement> leafPlacement;
extern const DesignField<SpinePlacement> spinePlacement;
// media (the pins are a list)
extern const DesignField<MediaObjective> mediaObjective;
extern const DesignField<bool> preferCopperInRack, allowThirdPartyOptics;
extern const DesignField<FiberType> multimodeFiber;
// economics
extern const DesignField<double> labourUsdPerHour, skillFactor, powerUsdPerKwh, pue, sparesOptics;
extern const DesignField<int> horizonYears, spareSwitchPerN;
extern const DesignField<bool> includeNics;
extern const DesignField<PricePolicy> pricePolicy;
extern const DesignField<std::string> priceSource;
// workload
extern const DesignField<double> commToComputePct, modelParamsBillion;
extern const DesignField<int> dataParallel;
// lossless (RoCE PFC/ECN settings; the section is written only when one differs from its default)
extern const DesignField<int> losslessPriority, cnpPriority, roceDscp, cnpDscp, portMtu, losslessPriorities;
extern const DesignField<double> bufferMbOverride;
} // namespace fields

// Every scalar field, in file order (the order the reader reads and the validator checks numbers in).
const std::vector<AnyDesignField>& designFields();
// The field at a JSON path, or nullptr.
const AnyDesignField* findDesignField(std::string_view path);

// The per-tier switch field of a tier (leaf, spine or core); "" in the spec = the fabric's switch.
const DesignField<std::string>& switchFieldOf(Tier);

} // namespace fp
