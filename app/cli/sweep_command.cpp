// fabricplan-cli sweep: many designs in one process. The base design and catalog are read once, every
// design is planned on the worker pool (plan/parallel.h), and one row per design is written in input
// order, so the output does not depend on which plan finished first. Each row is planned exactly as
// `plan` with the base's flags followed by the row's keys (design_input.h: planRequest, the one code
// path); a row that cannot be planned, for whatever reason, fails alone.
#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>
#include <new>
#include <optional>
#include <stdexcept>

#include "common/user_text.h"
#include "commands.h"
#include "common/atomic_file.h"
#include "common/error.h"
#include "common/format.h"
#include "design_input.h"
#include "plan/parallel.h"
#include "plan/pareto.h"
#include "sweep_axes.h"
#include "sweep_input.h"
#include "sweep_plan.h"
#include "sweep_rows.h"

namespace fp::cli {
namespace {

const char* kSweepHelp =
    "Usage: fabricplan-cli sweep [BASE.fabricplan] [overrides] --vary KEY=V1,V2,... [--vary ...]\n"
    "                            [--csv FILE|-] [--jsonl FILE|-] [--pareto [FIGURES]]\n"
    "       fabricplan-cli sweep [BASE.fabricplan] [overrides] --jsonl-in FILE|- [--csv FILE|-] [--jsonl FILE|-]\n"
    "                            [--pareto [FIGURES]]\n"
    "Plans many variants of one design in one process, on every core, and writes one row per design with\n"
    "its headline figures (fabric, parts, tiers, switches, links, capex, power, TCO, latency, bus bandwidth,\n"
    "errors), in input order: the compute fabric's, then the cluster's (networks, total_switches,\n"
    "total_transceivers, total_cables, total_capex_usd, total_power_kw, total_power_max_kw, total_errors,\n"
    "total_warnings: every network of the design summed, as 'plan' totals them; the compute fabric's own\n"
    "when it has no other). --vary plans every combination of the values given; --jsonl-in plans one\n"
    "design per line, each a JSON object of KEY: value (a line at most 1 MiB). Each design is planned\n"
    "exactly as 'plan' with the base's overrides followed by the design's keys.\n"
    "  KEY              any design override below, without its dashes (gpus, fabric, sharp, qps, ...);\n"
    "                   one without a value takes true or false (sharp=false turns a base --sharp off);\n"
    "                   catalog is not varied: give --catalog once\n"
    "  --csv FILE|-     write CSV (the default, to standard output, when neither output is given); money\n"
    "                   to the cent, cells that start like a formula neutralised with a leading '\n"
    "  --jsonl FILE|-   write one JSON object per design and line (not to the --csv target)\n"
    "  --pareto [FIGURES]  mark the Pareto front: a last CSV column pareto (yes/no), a JSON key pareto\n"
    "                   (true/false). A row is on the front when no other row is at least as good on\n"
    "                   every figure and better on one; a row that cannot be planned or has design-rule\n"
    "                   errors is never on it. Every row is still written, in input order (keep the yes\n"
    "                   rows for the front alone). FIGURES, comma-separated (default capex,busbw):\n"
    "                   capex, tco, power, switches, optics (transceivers), interruptions (job\n"
    "                   interruptions/day), total-capex and total-power (all networks) are minimised;\n"
    "                   busbw (allreduce bus bandwidth) is maximised.\n"
    "                   --pareto=FIGURES or --pareto FIGURES; a word after --pareto that is not a list\n"
    "                   of figures (a base design) is not taken as one.\n"
    "A design whose value, key or line is bad, or that cannot be planned, fails its own row (its message\n"
    "says why, with the --jsonl-in line); every other row is still written.\n"
    "Exit status: 0 every design planned without design-rule errors in any network, 1 some have errors\n"
    "or cannot be planned, 2 bad input or usage: on the command line or in the --jsonl-in input (nothing\n"
    "planned), or in some row (a bad value or line; the other rows are written).\n"
    "The axes the window's Explorer offers (any design override below can be varied):\n";

void writeOutput(const std::string& target, const std::function<void(std::ostream&)>& body)
{
    if (target == "-") {
        body(std::cout);
        std::cout.flush();
        if (!std::cout) throw UserError("cannot write to standard output", "-", "check the pipe or disk");
        return;
    }
    writeFileAtomically(target, body);
}

// Two paths that name one file (a link, "./x" and "x"): resolved before they are compared.
bool sameFile(const std::string& a, const std::string& b)
{
    if (a == "-" || b == "-") return a == b;
    std::error_code ec;
    if (std::filesystem::equivalent(a, b, ec)) return true;
    const auto ca = std::filesystem::weakly_canonical(a, ec);
    if (ec) return false;
    const auto cb = std::filesystem::weakly_canonical(b, ec);
    return !ec && ca == cb;
}

// Before any work: --csv and --jsonl on one file kept only the last written; an output over an input
// would replace the design, the catalog or the JSON lines being read.
void refuseClashingOutputs(const Args& args)
{
    const auto csv = args.value("--csv");
    const auto jsonl = args.value("--jsonl");
    if (csv && jsonl && sameFile(*csv, *jsonl))
        throw UsageError{"--csv and --jsonl name the same " + std::string(*csv == "-" ? "output (standard output)" : "file \"" + *csv + "\"") +
                         ": the second would replace the first; give each its own file"};
    std::vector<std::pair<std::string, std::string>> inputs;
    for (const auto& p : args.positional()) inputs.emplace_back("the base design", p);
    if (auto c = args.value("--catalog")) inputs.emplace_back("the --catalog file", *c);
    if (auto in = args.value("--jsonl-in"); in && *in != "-") inputs.emplace_back("the --jsonl-in file", *in);
    for (const auto& [flag, out] : {std::pair{"--csv", csv}, std::pair{"--jsonl", jsonl}})
        if (out && *out != "-")
            for (const auto& [what, in] : inputs)
                if (sameFile(*out, in))
                    throw UsageError{std::string(flag) + " \"" + *out + "\" is " + what + ": writing it would replace it; choose another file"};
}

// --pareto [FIGURES] is taken out of argv before Args reads it: its value is optional, which Args does
// not do. The word after a bare --pareto is its value only when it is a list of figure names, so
// `sweep --pareto base.fabricplan` keeps the base design. Empty optional: no --pareto.
std::optional<std::vector<pareto::Figure>> takeParetoFlag(std::vector<std::string>& argv)
{
    std::optional<std::vector<pareto::Figure>> out;
    auto figures = [](const std::string& list) {
        try {
            return pareto::parseFigures(list);
        } catch (const std::invalid_argument& e) {
            throw UsageError{"--pareto: " + std::string(e.what())};
        }
    };
    auto namesOnly = [](const std::string& word) {
        std::size_t start = 0;
        for (;;) {
            const std::size_t comma = word.find(',', start);
            if (!pareto::figureNamed(word.substr(start, comma == std::string::npos ? std::string::npos : comma - start)))
                return false;
            if (comma == std::string::npos) return true;
            start = comma + 1;
        }
    };
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        if (a != "--pareto" && a.rfind("--pareto=", 0) != 0) {
            rest.push_back(a);
            continue;
        }
        if (out) throw UsageError{"--pareto is given twice; give every figure in one --pareto"};
        if (a != "--pareto") out = figures(a.substr(9));
        else if (i + 1 < argv.size() && namesOnly(argv[i + 1])) out = figures(argv[++i]);
        else out = pareto::defaultFigures();
    }
    argv = std::move(rest);
    return out;
}

std::string figureNames(const std::vector<pareto::Figure>& figures)
{
    std::string s;
    for (pareto::Figure f : figures) s += (s.empty() ? "" : ", ") + std::string(pareto::infoOf(f).name);
    return s;
}

// What `plan` exits with for a row, as the sweep counts it.
int exitStatusOf(const SweepRow& r)
{
    switch (r.failureKind) {
    case RowFailure::Internal: return 3;
    case RowFailure::BadInput: return kExitBadInput;
    case RowFailure::CannotPlan: return kExitDesignErrors;
    case RowFailure::None: break;
    }
    return r.total.errors > 0 ? kExitDesignErrors : kExitOk;  // any network's, as `plan` exits
}

} // namespace

int sweepCommand(const std::vector<std::string>& given)
{
    std::vector<std::string> argv = given;
    for (const auto& a : argv)
        if (a == "--help" || a == "-h") {
            std::cout << kSweepHelp << sweepAxesHelp() << "\n" << designFlagsHelp();
            return kExitOk;
        }
    auto valued = designValuedFlags();
    valued.insert(valued.end(), {"--vary", "--csv", "--jsonl", "--jsonl-in"});
    const auto paretoFigures = takeParetoFlag(argv);
    const Args args(argv, valued, designSwitchFlags());
    refuseClashingOutputs(args);
    std::vector<SweepDesign> designs = readVaries(args);
    std::string source;  // how messages name the --jsonl-in input
    if (auto in = args.value("--jsonl-in")) {
        if (!designs.empty()) throw UsageError{"give --vary or --jsonl-in, not both"};
        source = jsonLinesName(*in);
        designs = readJsonLinesFile(*in);
    } else if (designs.empty()) {
        throw UsageError{"sweep needs --vary KEY=V1,V2,... or --jsonl-in FILE (see --help)"};
    }
    std::vector<std::string> keys;  // CSV columns: every key, in order of first appearance
    for (const auto& d : designs)
        for (const auto& kv : d.keys)
            if (std::find(keys.begin(), keys.end(), kv.first) == keys.end()) keys.push_back(kv.first);
    const auto variantOf = [&designs](std::size_t index) -> const Variant& { return designs[index].keys; };

    // Read once; each row layers its own keys over the base's (no copy of the command line per row).
    const ClusterSpec base = loadDesign(args);
    const DesignKeys baseKeys(args);
    const Catalog catalog = openCatalog(args);

    // Each design gets the parts `plan` would give it: a varied fabric without a named switch plans on
    // that fabric's defaults (fitFabricDefaults), not on the base's switch. Their notes are said once.
    // A design's spec and plan live only while it is planned: memory follows the designs in flight.
    std::vector<SweepRow> rows(designs.size());
    std::vector<std::string> notes(designs.size());
    SweepRowsOptions options;
    options.notes = &notes;
    options.at = [&](std::size_t i) {
        return designs[i].line ? source + ":" + std::to_string(designs[i].line) + ": " : std::string();
    };
    planSweepRows(designs, base, baseKeys, catalog, rows, options);
    // A design's other networks (storage, management: the base's, or its platform's defaults) are in a
    // row's total_* columns only: say so once, so the compute fabric's capex is not taken for the cluster's.
    if (std::any_of(rows.begin(), rows.end(), [](const SweepRow& r) { return r.networks > 1; })) {
        std::string names;
        for (const NetworkSpec& n : base.networks) names += (names.empty() ? "" : ", ") + n.name;
        std::cerr << "note: a row's capex, power and switches are the compute fabric's; its total_* columns add the "
                     "design's other networks"
                  << (names.empty() ? std::string() : " (" + escapedText(names) + ")") << ", as `fabricplan-cli plan` totals them\n";
    }
    std::vector<std::string> said;
    for (const std::string& note : notes)
        if (!note.empty() && std::find(said.begin(), said.end(), note) == said.end()) {
            std::cerr << "note: " << note << "\n";
            said.push_back(note);
        }

    const bool pareto = paretoFigures.has_value();
    if (pareto) {
        const std::size_t buildableRows = std::size_t(std::count_if(rows.begin(), rows.end(), [](const SweepRow& r) { return buildable(r); }));
        const std::size_t onFront = markParetoFront(rows, *paretoFigures);
        std::cerr << "pareto front (" << figureNames(*paretoFigures) << "): " << counted((long long)onFront, "design") << " of "
                  << counted((long long)buildableRows, "buildable design") << "\n";
    }
    const auto csv = args.value("--csv");
    const auto jsonl = args.value("--jsonl");
    if (csv || !jsonl)
        writeOutput(csv.value_or("-"), [&](std::ostream& out) { writeSweepCsv(out, rows, keys, variantOf, pareto); });
    if (jsonl)
        writeOutput(*jsonl, [&](std::ostream& out) {
            for (const auto& r : rows) out << sweepJsonLine(r, designs[r.index].keys, pareto);
        });
    int status = kExitOk;
    std::size_t badInput = 0;
    for (const auto& r : rows) {
        status = std::max(status, exitStatusOf(r));
        if (r.failureKind == RowFailure::BadInput && ++badInput <= 5)
            std::cerr << "design " << r.index + 1 << ": " << r.failure << "\n";
    }
    if (badInput > 5) std::cerr << "... and " << counted((long long)(badInput - 5), "more design") << " with bad input\n";
    std::cerr << "planned " << counted((long long)rows.size(), "design") << " on "
              << counted((long long)std::min<std::size_t>(plan::workerCount(), rows.size()), "thread") << "\n";
    return status;
}

} // namespace fp::cli
