#include "io/exporter.h"

#include "io/formats.h"

namespace fp::io {

const std::vector<std::unique_ptr<Exporter>>& exporters()
{
    // Built once, in the order the Export menu shows them.
    static const std::vector<std::unique_ptr<Exporter>> all = [] {
        std::vector<std::unique_ptr<Exporter>> v;
        v.push_back(makeXlsxExporter());
        v.push_back(makeBomCsvExporter());
        v.push_back(makeCablesCsvExporter());
        v.push_back(makeJsonExporter());
        v.push_back(makeLabelsExporter());
        v.push_back(makeTopologySvgExporter());
        v.push_back(makeNetboxDevicesExporter());
        v.push_back(makeNetboxCablesExporter());
        v.push_back(makeNetboxBundleExporter());
        v.push_back(makeIbdmTopologyExporter());
        v.push_back(makeSonicLosslessExporter());
        v.push_back(makeNvueLosslessExporter());
        v.push_back(makeNicLosslessExporter());
        return v;
    }();
    return all;
}

const Exporter* findExporter(const std::string& id)
{
    for (const auto& e : exporters())
        if (e->id() == id) return e.get();
    return nullptr;
}

} // namespace fp::io
