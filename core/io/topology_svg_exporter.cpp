// "topology-svg": the fabric as tiers of boxes joined by link bundles, in plain SVG text.
// Level of detail: one box per group of devices (nodes per SU, leaves per plane and SU/pod, spines
// per plane and pod, cores per plane and group), consecutive groups merged so no tier has more than
// kMaxBoxesPerTier boxes, and one line per (box, box) bundle. The element count is therefore bounded
// (about 4 x 40 boxes + bundles between neighbouring tiers), whatever the number of links.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <ostream>
#include <unordered_map>
#include <vector>

#include "common/atomic_file.h"
#include "io/export_support.h"
#include "io/formats.h"
#include "io/svg_text.h"

namespace fp::io {
namespace {

constexpr int kMaxBoxesPerTier = 40;
constexpr double kBoxWidth = 110, kBoxHeight = 44, kBoxGap = 14, kTierGap = 150, kMargin = 40;

// Devices in one group share tier, plane, pod and SU.
std::uint64_t groupKey(const Device& d)
{
    const std::uint64_t plane = d.tier == Tier::Node ? 0 : d.plane;
    const std::uint64_t su = (d.tier == Tier::Node || d.tier == Tier::Leaf) ? d.su : 0;
    return (std::uint64_t(d.tier) << 60) | (plane << 44) | (std::uint64_t(d.pod) << 24) | su;
}

struct Box {
    Tier tier;
    std::string title, detail;
    long long devices = 0;
    double x = 0, y = 0;
};

// The plane prefix ("p2 ") only where there is more than one plane.
std::string groupName(const Device& d, bool multiPlane)
{
    const std::string plane = multiPlane ? "p" + std::to_string(d.plane + 1) + " " : std::string();
    switch (d.tier) {
    case Tier::Node:
        return "SU " + std::to_string(d.su + 1);
    case Tier::Leaf:
        return plane + "SU " + std::to_string(d.su + 1);
    case Tier::Spine:
        return plane + "pod " + std::to_string(d.pod + 1);
    case Tier::Core:
        return plane + "grp " + std::to_string(d.pod + 1);
    }
    return "";
}

// "p1 SU 1" + "p1 SU 4" -> "p1 SU 1-4": merged boxes keep a short title that fits the box.
std::string rangeName(const std::string& first, const std::string& last)
{
    const auto cut = [](const std::string& s) { return s.find_last_not_of("0123456789") + 1; };
    const std::size_t a = cut(first), b = cut(last);
    if (first.compare(0, a, last, 0, b) == 0) return first + "-" + last.substr(b);
    return first + " - " + last;
}

const char* tierTitle(Tier t)
{
    switch (t) {
    case Tier::Node:
        return "Nodes";
    case Tier::Leaf:
        return "Leaves";
    case Tier::Spine:
        return "Spines";
    case Tier::Core:
        return "Cores";
    }
    return "";
}

const char* tierColour(Tier t)
{
    switch (t) {
    case Tier::Node:
        return "#dbeafe";
    case Tier::Leaf:
        return "#dcfce7";
    case Tier::Spine:
        return "#fef3c7";
    case Tier::Core:
        return "#fee2e2";
    }
    return "#eeeeee";
}

class TopologySvgExporter final : public NamedExporter {
  public:
    TopologySvgExporter() : NamedExporter("topology-svg", "Topology diagram (*.svg)", ".svg") {}

    void write(const ExportContext& ctx, const std::string& path) const override
    {
        reportProgress(ctx, 0.0);
        const Fabric& f = ctx.plan.fabric;

        // 1. Groups per tier in device order, then merged into at most kMaxBoxesPerTier boxes.
        std::vector<std::uint32_t> boxOfDevice(f.devices.size());
        std::vector<Box> boxes;
        for (int t = 0; t < 4; ++t) {
            std::vector<std::pair<std::uint64_t, std::vector<DeviceId>>> groups;
            std::unordered_map<std::uint64_t, std::size_t> index;
            for (DeviceId id = 0; id < f.devices.size(); ++id) {
                if (int(f.devices[id].tier) != t) continue;
                const auto key = groupKey(f.devices[id]);
                auto [it, fresh] = index.emplace(key, groups.size());
                if (fresh) groups.push_back({key, {}});
                groups[it->second].second.push_back(id);
            }
            if (groups.empty()) continue;
            const std::size_t perBox = (groups.size() + kMaxBoxesPerTier - 1) / kMaxBoxesPerTier;
            for (std::size_t g = 0; g < groups.size(); g += perBox) {
                const std::size_t last = std::min(groups.size(), g + perBox) - 1;
                Box b{Tier(t), {}, {}, 0};
                const Device& first = f.devices[groups[g].second.front()];
                b.title = groupName(first, f.shape.planes > 1);
                if (last != g)
                    b.title = rangeName(
                        b.title, groupName(f.devices[groups[last].second.front()], f.shape.planes > 1));
                for (std::size_t k = g; k <= last; ++k)
                    for (DeviceId id : groups[k].second) {
                        boxOfDevice[id] = std::uint32_t(boxes.size());
                        ++b.devices;
                    }
                boxes.push_back(std::move(b));
            }
        }
        reportProgress(ctx, 0.2);

        // 2. Bundles: links counted per (lower box, upper box).
        std::map<std::pair<std::uint32_t, std::uint32_t>, long long> bundles;
        ProgressTicker tick(ctx, 0.2, 0.8, f.links.size());
        for (const Link& l : f.links) {
            ++bundles[{boxOfDevice[l.a], boxOfDevice[l.b]}];
            tick.step();
        }

        // 3. Geometry: tiers top (core) to bottom (nodes), boxes centred in their row.
        int tiersPresent = 0;
        std::size_t widest = 1;
        std::vector<std::vector<std::size_t>> rows(4);
        for (std::size_t i = 0; i < boxes.size(); ++i)
            rows[int(boxes[i].tier)].push_back(i);
        for (const auto& r : rows) {
            if (!r.empty()) ++tiersPresent;
            widest = std::max(widest, r.size());
        }
        // Wide enough for the title too: ~0.6 em per character of 16 px bold sans (no font metrics in the
        // core; a generous estimate beats a clipped design name).
        const std::string title = ctx.plan.spec.name;
        std::size_t titleChars = 0;
        for (unsigned char c : title)
            titleChars += (c & 0xC0) != 0x80; // UTF-8 code points
        const double width = std::max(2 * kMargin + 90 + double(widest) * (kBoxWidth + kBoxGap),
                                      2 * kMargin + 0.62 * 16 * double(titleChars));
        const double height = 2 * kMargin + 40 + double(std::max(tiersPresent, 1) - 1) * kTierGap + kBoxHeight;
        int rowIndex = 0;
        for (int t = 3; t >= 0; --t) {
            if (rows[t].empty()) continue;
            const double rowWidth = double(rows[t].size()) * (kBoxWidth + kBoxGap) - kBoxGap;
            const double x0 = kMargin + 90 + (width - 2 * kMargin - 90 - rowWidth) / 2;
            for (std::size_t k = 0; k < rows[t].size(); ++k) {
                boxes[rows[t][k]].x = x0 + double(k) * (kBoxWidth + kBoxGap);
                boxes[rows[t][k]].y = kMargin + 40 + double(rowIndex) * kTierGap;
            }
            ++rowIndex;
        }

        writeFileAtomically(path, [&](std::ostream& out) {
            out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << formatNumber(width)
                << "\" height=\"" << formatNumber(height) << "\" viewBox=\"0 0 " << formatNumber(width) << ' '
                << formatNumber(height) << "\" font-family=\"sans-serif\" font-size=\"11\">\n"
                << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
                << "<text x=\"" << kMargin << "\" y=\"" << kMargin
                << "\" font-size=\"16\" font-weight=\"bold\">" << svgEscape(title) << "</text>\n"
                << "<text x=\"" << kMargin << "\" y=\"" << kMargin + 18 << "\" fill=\"#334155\">"
                << svgEscape(displayName(ctx.plan.spec.fabric)) << ", " << f.links.size() << " links, "
                << f.shape.tiers << (f.shape.tiers == 1 ? " tier" : " tiers") << "</text>\n";
            // Bundles first so the boxes sit on top of the lines.
            out << "<g stroke=\"#64748b\" stroke-opacity=\"0.6\">\n";
            const bool labelBundles = bundles.size() <= 200;
            for (const auto& [ends, count] : bundles) {
                const Box& lo = boxes[ends.first];
                const Box& hi = boxes[ends.second];
                const double x1 = lo.x + kBoxWidth / 2, y1 = lo.y, x2 = hi.x + kBoxWidth / 2,
                             y2 = hi.y + kBoxHeight;
                out << "<line x1=\"" << formatNumber(x1) << "\" y1=\"" << formatNumber(y1) << "\" x2=\""
                    << formatNumber(x2) << "\" y2=\"" << formatNumber(y2) << "\" stroke-width=\""
                    << formatNumber(1 + std::log10(double(count))) << "\"/>\n";
                if (labelBundles)
                    out << "<text x=\"" << formatNumber((x1 + x2) / 2) << "\" y=\""
                        << formatNumber((y1 + y2) / 2)
                        << "\" stroke=\"none\" fill=\"#334155\" font-size=\"9\">" << count << "</text>\n";
            }
            out << "</g>\n";
            for (int t = 3; t >= 0; --t) {
                if (rows[t].empty()) continue;
                out << "<text x=\"" << kMargin << "\" y=\""
                    << formatNumber(boxes[rows[t][0]].y + kBoxHeight / 2) << "\" font-weight=\"bold\">"
                    << tierTitle(Tier(t)) << "</text>\n";
            }
            for (const Box& b : boxes) {
                out << "<g><rect x=\"" << formatNumber(b.x) << "\" y=\"" << formatNumber(b.y) << "\" width=\""
                    << kBoxWidth << "\" height=\"" << kBoxHeight << "\" rx=\"4\" fill=\""
                    << tierColour(b.tier) << "\" stroke=\"#1e293b\"/><text x=\"" << formatNumber(b.x + 6)
                    << "\" y=\"" << formatNumber(b.y + 17) << "\">" << svgEscape(b.title)
                    << "</text><text x=\"" << formatNumber(b.x + 6) << "\" y=\"" << formatNumber(b.y + 34)
                    << "\">" << b.devices
                    << (b.tier == Tier::Node ? (b.devices == 1 ? " node" : " nodes")
                                             : (b.devices == 1 ? " switch" : " switches"))
                    << "</text></g>\n";
            }
            out << "</svg>\n";
        });
        reportProgress(ctx, 1.0);
    }
};

} // namespace

std::unique_ptr<Exporter> makeTopologySvgExporter()
{
    return std::make_unique<TopologySvgExporter>();
}

} // namespace fp::io
