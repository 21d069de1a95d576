#pragma once
// Catalog: an in-memory, read-only snapshot of the parts database, used by every planning stage.
// Loading, building from the text seed, migrations and edits live in catalog_db.h.
#include <string>
#include <string_view>
#include <vector>

#include "catalog/failure_rate_entry.h"
#include "catalog/parts.h"
#include "spec/cluster_spec.h"

namespace fp {

// Whose part a module or cable is where it plugs in (core/media/README.md, "OEM only"): the platform
// vendor's own; a third-party part on a platform whose vendor sells no optics and supports third-party
// ones (`openOptics`: white boxes, their supported path); or a third-party part on a platform whose vendor
// sells its own, which only "allow third-party optics" lets in.
enum class PartOrigin { Oem, OpenOptics, ThirdParty };

class Catalog {
public:
    std::vector<SwitchModel> switches;
    std::vector<NicModel> nics;
    std::vector<TransceiverModel> transceivers;
    std::vector<CableModel> cables;
    std::vector<PatchPanelModel> patchPanels;
    std::vector<Qualification> qualifications;
    std::vector<PlatformModel> platforms;  // compute platforms (servers, NVL72 trays), by id
    std::vector<FailureRateEntry> failureRates;  // one per part class (kFailureRateClasses), by class
    std::vector<AsicFigures> asics;        // switch ASICs' lossless figures, by name; "generic" among them
    int schemaVersion = 0;
    std::string path;  // file it was loaded from, for messages

    const SwitchModel* findSwitch(std::string_view partNumber) const;
    const NicModel* findNic(std::string_view partNumber) const;
    const TransceiverModel* findTransceiver(std::string_view partNumber) const;
    const CableModel* findCable(std::string_view partNumber) const;
    const PatchPanelModel* findPatchPanel(std::string_view partNumber) const;
    const PartBase* findPart(std::string_view partNumber) const;  // any category
    const PlatformModel* findPlatform(std::string_view id) const;  // case-sensitive id
    const FailureRateEntry* findFailureRate(std::string_view partClass) const;
    // The ASIC's row, or the "generic" row for a chip the catalog has no figures for.
    const AsicFigures& asicFigures(std::string_view asic) const;

    // True when `platform` (switch or NIC part number) accepts `part`. A platform with no
    // qualification rows accepts parts of its own vendor only (OEM lock-in is the common case).
    bool isQualified(std::string_view platform, const PartBase& part) const;
    // Whose part `part` is in `platform`'s cage (PartOrigin). An unknown platform: OEM (nothing to judge).
    PartOrigin originAt(std::string_view platform, const PartBase& part) const;

    // The price the plan uses for `part` under the economics' price policy; nullptr if none.
    const PriceQuote* priceFor(const PartBase& part, const Economics&) const;
    // All distinct price sources present in the catalog, sorted.
    std::vector<std::string> priceSources() const;
};

} // namespace fp
