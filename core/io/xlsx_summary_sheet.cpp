// The Summary sheet: design inputs, topology counts, totals and capex by category (live formulas
// over the BOM sheet), the estimates, the per-fabric comparison when one is given, and a plain
// statement of which figures are estimates.
#include <algorithm>

#include "bom/bom.h"
#include "io/xlsx_sheets.h"
#include "plan/compare_text.h"

namespace fp::io::xlsx {
namespace {

std::string ratio(const Ratio& r) { return ratioText(r); }  // as written: 1:1.16, 4:3

class SummaryWriter {
public:
    SummaryWriter(XlsxBook& book, XlsxSheet s) : fmt_(book.formats()), s_(s) {}

    void section(const std::string& title)
    {
        ++row_;
        s_.text(row_++, 0, title, fmt_.title);
    }
    void text(const std::string& label, const std::string& value)
    {
        s_.text(row_, 0, label);
        s_.text(row_++, 1, value);
    }
    void number(const std::string& label, double value, lxw_format* f)
    {
        s_.text(row_, 0, label);
        s_.number(row_++, 1, value, f);
    }
    void formula(const std::string& label, const std::string& formula, double cached, lxw_format* f)
    {
        s_.text(row_, 0, label);
        s_.formula(row_++, 1, formula, cached, f);
    }
    void note(const std::string& text) { s_.text(row_++, 0, text, fmt_.note); }
    int row() const { return row_; }
    void skipTo(int r) { row_ = r; }
    const XlsxFormats& fmt() const { return fmt_; }
    const XlsxSheet& sheet() const { return s_; }

private:
    const XlsxFormats& fmt_;
    XlsxSheet s_;
    int row_ = 0;
};

// Every switch candidate of each fabric and what became of it (plan/compare_text.h), as the CLI and
// the Compare tab list them: procurement sees which switches were priced and why one was kept.
void writeSwitchesWeighed(SummaryWriter& w, const Comparison& cmp)
{
    w.section("Switches weighed (per fabric: the lowest capex + energy without design-rule errors, fewer tiers and "
              "switches within 2 % of it, is kept)");
    const XlsxSheet& s = w.sheet();
    const auto& fmt = w.fmt();
    int row = w.row();
    s.header(row,
             {"Fabric", "Switch", "NIC", "Link (Gb/s)", "Outcome", "Capex (USD)", "Capex + energy (USD)", "Tiers",
              "Capex + energy at least (USD)", "Why"},
             fmt.header);
    ++row;
    using Outcome = CompareCandidate::Outcome;
    for (std::size_t k = 0; k < cmp.alternatives.size() && k < cmp.plans.size(); ++k) {
        const CompareCandidate* chosen = plan::chosenCandidate(cmp.alternatives[k]);
        lxw_format* const usd = cmp.plans[k].estimates.capex.estimated ? fmt.usdEstimated : fmt.usd;
        for (const CompareCandidate& x : cmp.alternatives[k].candidates) {
            s.text(row, 0, displayName(cmp.alternatives[k].fabric));
            s.text(row, 1, x.switchModel);
            s.text(row, 2, x.nicModel);
            s.number(row, 3, x.linkGbps, fmt.integer);
            s.text(row, 4, plan::outcomeName(x.outcome), x.outcome == Outcome::Chosen ? fmt.bold : nullptr);
            if (x.outcome == Outcome::Chosen || x.outcome == Outcome::Planned) {
                s.number(row, 5, x.capexUsd, usd);
                s.number(row, 6, x.ownershipUsd, usd);  // plan/ranking.h: what the candidates are ranked by
                s.number(row, 7, x.tiers, fmt.integer);
            }
            if (x.outcome == Outcome::MoreExpensive) s.number(row, 8, x.lowerBoundUsd + x.nicsUsd + x.energyBoundUsd, usd);
            s.text(row, 9, plan::candidateVerdict(x, chosen));
            ++row;
        }
    }
    w.skipTo(row);
}

void writeComparison(SummaryWriter& w, const Comparison& cmp)
{
    w.section("Fabric comparison (same spec, one plan per fabric)");
    const XlsxSheet& s = w.sheet();
    const auto& fmt = w.fmt();
    int row = w.row();
    s.header(row, {"Fabric", "Switch", "NIC", "Switches", "Cables + optics (USD)", "Capex (USD)", "Capex per GPU (USD)",
                   "Network power (kW)", "Tuning (engineer-weeks)", "Energy (USD/yr)", "TCO (USD)",
                   "Latency min (ns)", "Latency max (ns)", "Recommended", "Network interruptions/day (whole-cluster job)",
                   "Network power at full load (kW)"},
             fmt.header);
    ++row;
    for (const Plan& p : cmp.plans) {
        const Estimates& e = p.estimates;
        s.text(row, 0, displayName(p.spec.fabric));
        s.text(row, 1, p.hardware.switchesText(p.fabric.shape.tiers));
        s.text(row, 2, p.hardware.nic.partNumber);
        s.number(row, 3, double(p.fabric.switchCount()), fmt.integer);
        s.number(row, 4, e.capex.transceiversUsd + e.capex.cablesUsd + e.capex.fibreUsd, fmt.usd);
        s.number(row, 5, e.capex.totalUsd, e.capex.estimated ? fmt.usdEstimated : fmt.usd);
        s.number(row, 6, e.capex.perGpuUsd, e.capex.estimated ? fmt.usdEstimated : fmt.usd);
        s.number(row, 7, e.opex.powerKw, fmt.decimal);
        s.number(row, 8, e.opex.tuningWeeks, fmt.decimal);
        s.number(row, 9, e.opex.energyUsdPerYear, fmt.usd);
        s.number(row, 10, e.tcoUsd, fmt.usd);
        s.number(row, 11, e.performance.latencyMinNs, fmt.integer);
        s.number(row, 12, e.performance.latencyMaxNs, fmt.integer);
        if (p.spec.fabric == cmp.advice.recommended) s.text(row, 13, "yes", fmt.bold);
        s.number(row, 14, p.resilience.jobInterruptionsPerDay, fmt.perDay);  // core/estimate/README.md, Resilience
        s.number(row, 15, e.opex.powerMaxKw, fmt.decimal);         // switches at their maximum (facility)
        ++row;
    }
    w.skipTo(row);
    w.text("Recommended fabric", displayName(cmp.advice.recommended));
    for (const std::string& reason : cmp.advice.reasons) w.note("• " + reason);
    writeSwitchesWeighed(w, cmp);
}

} // namespace

void writeSummarySheet(XlsxBook& book, const ExportContext& ctx, std::size_t cableCount)
{
    const Plan& plan = ctx.plan;
    const ClusterSpec& spec = plan.spec;
    const Fabric& f = plan.fabric;
    const Bom& bom = plan.bom;
    XlsxSheet s = book.addSheet(kSummarySheet);
    s.width(0, 0, 40);
    s.width(1, 13, 18);
    SummaryWriter w(book, s);
    const auto& fmt = book.formats();

    s.text(0, 0, "FabricPlan — " + spec.name, fmt.title);
    w.skipTo(1);
    const bool anyEstimated = std::any_of(bom.lines.begin(), bom.lines.end(),
                                          [](const BomLine& l) { return l.priceEstimated; });
    if (anyEstimated || plan.estimates.capex.estimated)
        w.note("PRICES ARE ESTIMATES: no public list prices exist for most of these parts. Unit prices shaded "
               "amber on the BOM sheet are FabricPlan estimates, not quotes; use the totals for budgeting only.");

    w.section("Design inputs");
    w.text("Fabric", displayName(spec.fabric));
    const int gpusRow = w.row();  // the per-GPU figures below divide by this cell, not a copy of it
    w.number("GPUs", spec.gpus, fmt.integer);
    w.number("GPUs per node", spec.gpusPerNode, fmt.integer);
    w.number("NICs per node", spec.nicsPerNode, fmt.integer);
    w.text("NIC", plan.hardware.nic.partNumber + " (" + plan.hardware.nic.vendor + ")");
    w.text("Switch", plan.hardware.switchesText(plan.fabric.shape.tiers) + " (" + plan.hardware.switchOf(Tier::Leaf).vendor + ")");
    w.number(f.shape.fabricGbps > 0 ? "Host link speed (Gb/s)" : "Link speed (Gb/s)", f.shape.linkGbps, fmt.integer);
    if (f.shape.fabricGbps > 0) w.number("Fabric link speed (Gb/s)", f.shape.fabricGbps, fmt.integer);
    w.number("Planes", f.shape.planes, fmt.integer);
    w.text("Rail-optimized", spec.railOptimized ? "yes" : "no");
    w.text("Leaf oversubscription (down:up)", ratio(spec.leafOversubscription));
    if (f.shape.tiers >= 3) w.text("Spine oversubscription (down:up)", ratio(spec.spineOversubscription));

    w.section("Topology");
    w.number("Tiers", f.shape.tiers, fmt.integer);
    w.number("Nodes", f.nodeCount, fmt.integer);
    w.number("Leaf switches", double(f.switchCount(Tier::Leaf)), fmt.integer);
    if (f.shape.tiers >= 2) w.number("Spine switches", double(f.switchCount(Tier::Spine)), fmt.integer);
    if (f.shape.tiers >= 3) w.number("Core switches", double(f.switchCount(Tier::Core)), fmt.integer);
    w.number("Host-leaf links", double(f.linkCount(LinkClass::HostLeaf)), fmt.integer);
    if (f.shape.tiers >= 2) w.number("Leaf-spine links", double(f.linkCount(LinkClass::LeafSpine)), fmt.integer);
    if (f.shape.tiers >= 3) w.number("Spine-core links", double(f.linkCount(LinkClass::SpineCore)), fmt.integer);
    w.number("Physical cables", double(cableCount), fmt.integer);

    w.section("Bill of materials");
    double totalUsd = 0, totalW = 0;
    for (const BomLine& l : bom.lines) totalUsd += double(l.qty) * l.unitPriceUsd, totalW += double(l.qty) * l.unitPowerW;
    const std::string prices = bomColumnRange(kColExtPrice, bom.lines.size());
    const std::string categories = bomColumnRange(kColCategory, bom.lines.size());
    const int totalRow = w.row();
    w.formula("Total (USD)", "=SUM(" + prices + ")", totalUsd, anyEstimated ? fmt.usdEstimated : fmt.usdBold);
    w.formula("Per GPU (USD)", "=" + cellRef(totalRow, 1) + "/" + cellRef(gpusRow, 1),
              totalUsd / std::max(spec.gpus, 1), fmt.usd);
    w.formula("Power, parts listed (kW)", "=SUM(" + bomColumnRange(kColExtPower, bom.lines.size()) + ")/1000",
              totalW / 1000, fmt.decimal);
    w.formula("Power at full load, parts listed (kW)",
              "=SUM(" + bomColumnRange(kColExtPowerMax, bom.lines.size()) + ")/1000", bom.totalPowerMaxW / 1000,
              fmt.decimal);
    for (BomCategory c : kBomCategories) {
        double usd = 0;
        for (const BomLine& l : bom.lines)
            if (l.category == c) usd += double(l.qty) * l.unitPriceUsd;
        w.formula(std::string("  ") + displayName(c) + " (USD)",
                  "=SUMIF(" + categories + "," + formulaString(displayName(c)) + "," + prices + ")", usd, fmt.usd);
    }

    // Procurement's critical path: live, so a lead time typed into the BOM sheet moves it.
    w.formula("Longest lead time (days)", "=MAX(" + bomColumnRange(kColLeadTime, bom.lines.size()) + ")",
              bom.longestLeadTimeDays(), fmt.integer);
    w.number("BOM lines without a lead time", bom.linesWithoutLeadTime(), fmt.integer);

    const Estimates& e = plan.estimates;
    w.section("Estimates (models, not measurements)");
    w.number("Capex (USD)", e.capex.totalUsd, e.capex.estimated ? fmt.usdEstimated : fmt.usd);
    w.number("Capex per GPU (USD)", e.capex.perGpuUsd, e.capex.estimated ? fmt.usdEstimated : fmt.usd);
    w.number("Network power (kW)", e.opex.powerKw, fmt.decimal);
    // The same with switches at their maximum: what the facility must supply (energy stays on the typical).
    w.number("Network power at full load (kW)", e.opex.powerMaxKw, fmt.decimal);
    w.number("Energy (USD per year)", e.opex.energyUsdPerYear, fmt.usd);
    w.number("Bring-up and tuning (engineer-weeks)", e.opex.tuningWeeks, fmt.decimal);
    w.number("Months to a stable cluster", e.opex.monthsToStable, fmt.decimal);
    w.number("Tuning labour (USD)", e.opex.tuningUsd, fmt.usd);
    w.number("TCO over " + std::to_string(spec.economics.horizonYears) + " years (USD)", e.tcoUsd, fmt.usd);
    w.number("Latency, unloaded min (ns)", e.performance.latencyMinNs, fmt.integer);
    w.number("Latency, unloaded max (ns)", e.performance.latencyMaxNs, fmt.integer);
    w.number("Bisection bandwidth (Tb/s)", e.performance.bisectionTbps, fmt.decimal);
    for (const std::string& n : e.notes) w.note(n);

    w.section("Checks");
    w.number("Errors", plan.errorCount(), fmt.integer);
    w.number("Warnings", plan.warningCount(), fmt.integer);

    if (ctx.comparison && !ctx.comparison->plans.empty()) writeComparison(w, *ctx.comparison);
}

} // namespace fp::io::xlsx
