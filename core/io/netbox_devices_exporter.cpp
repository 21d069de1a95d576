// Placeholder so the tree links; the real writer follows.
#include "common/error.h"
#include "io/export_support.h"
#include "io/formats.h"

namespace fp::io {
namespace {
class NetboxDevicesExporter final : public NamedExporter {
public:
    NetboxDevicesExporter() : NamedExporter("netbox-devices", "NetBox devices import (*.csv)", ".csv") {}
    void write(const ExportContext&, const std::string& path) const override
    {
        throw UserError("this export format is not implemented yet", path);
    }
};
} // namespace
std::unique_ptr<Exporter> makeNetboxDevicesExporter() { return std::make_unique<NetboxDevicesExporter>(); }
} // namespace fp::io
