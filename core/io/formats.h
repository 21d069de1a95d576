#pragma once
// Internal: one factory per file format; registry.cpp lists them in menu order.
#include <memory>

#include "io/exporter.h"

namespace fp::io {

std::unique_ptr<Exporter> makeXlsxExporter();
std::unique_ptr<Exporter> makeBomCsvExporter();
std::unique_ptr<Exporter> makeCablesCsvExporter();
std::unique_ptr<Exporter> makeJsonExporter();
std::unique_ptr<Exporter> makeLabelsExporter();
std::unique_ptr<Exporter> makeTopologySvgExporter();
std::unique_ptr<Exporter> makeNetboxDevicesExporter();
std::unique_ptr<Exporter> makeNetboxCablesExporter();
std::unique_ptr<Exporter> makeNetboxBundleExporter();
std::unique_ptr<Exporter> makeIbdmTopologyExporter();
std::unique_ptr<Exporter> makeSonicLosslessExporter();
std::unique_ptr<Exporter> makeNvueLosslessExporter();
std::unique_ptr<Exporter> makeNicLosslessExporter();

} // namespace fp::io
