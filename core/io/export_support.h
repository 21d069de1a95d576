#pragma once
// Internal helpers shared by the exporters: a base class for the fixed id/name/extension triple,
// progress reporting with cancel, RFC 4180 CSV fields and small text formatting.
#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "bom/bom.h"
#include "io/exporter.h"

namespace fp::io {

class NamedExporter : public Exporter {
public:
    NamedExporter(std::string id, std::string name, std::string extension)
        : id_(std::move(id)), name_(std::move(name)), extension_(std::move(extension)) {}
    std::string id() const override { return id_; }
    std::string name() const override { return name_; }
    std::string extension() const override { return extension_; }

private:
    std::string id_, name_, extension_;
};

// Reports progress at most every `stride` steps (a 300k-row cable plan must not call back 300k
// times) and throws ExportCancelled when the callback says stop.
class ProgressTicker {
public:
    ProgressTicker(const ExportContext& ctx, double from, double to, std::size_t totalSteps);
    void step();                   // one unit of work done
    void report(double fraction);  // absolute fraction of this ticker's span, 0..1

private:
    const ExportContext& ctx_;
    double from_, to_;
    std::size_t total_, done_ = 0, stride_;
};

// Throws ExportCancelled if the callback says stop; for the start and the end of a write.
void reportProgress(const ExportContext&, double fraction);

// One RFC 4180 field: quoted when it holds a comma, a quote, CR or LF (quotes doubled).
std::string csvField(std::string_view);
// Writes the fields comma-separated and ends the record with CRLF, as RFC 4180 says.
void writeCsvRecord(std::ostream&, const std::vector<std::string>&);

// Fixed-point number without trailing zeros: 2.50 -> "2.5", 3.00 -> "3".
std::string formatNumber(double value, int maxDecimals = 2);

// "C000123": the cable's id as printed on its label (six digits, more past 999,999).
std::string cableId(std::size_t index);

// Streams the plan's cable plan to `row`, reporting progress over [from, to] of the whole export;
// throws ExportCancelled (after bom::forEachCable has returned) when the user cancels.
void streamCables(const ExportContext&, double from, double to,
                  const std::function<void(const CableRow&)>& row);
} // namespace fp::io
