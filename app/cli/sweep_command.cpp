// fabricplan-cli sweep: many designs in one process. The base design and catalog are read once, every
// variant is planned on the worker pool (plan/parallel.h), and one row per design is written in input
// order, so the output does not depend on which plan finished first.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "common/atomic_file.h"
#include "common/error.h"
#include "common/format.h"
#include "design_input.h"
#include "plan/parallel.h"
#include "sweep_rows.h"

namespace fp::cli {
namespace {

const char* kSweepHelp =
    "Usage: fabricplan-cli sweep [BASE.fabricplan] [overrides] --vary KEY=V1,V2,... [--vary ...]\n"
    "                            [--csv FILE|-] [--jsonl FILE|-]\n"
    "       fabricplan-cli sweep [BASE.fabricplan] [overrides] --jsonl-in FILE|- [--csv FILE|-] [--jsonl FILE|-]\n"
    "Plans many variants of one design in one process, on every core, and writes one row per design with\n"
    "its headline figures (fabric, parts, tiers, switches, links, capex, power, TCO, latency, bus bandwidth,\n"
    "errors), in input order. --vary plans every combination of the values given; --jsonl-in plans one\n"
    "design per line, each a JSON object of KEY: value.\n"
    "  KEY              a design override without its dashes: gpus, fabric, switch, nic, link-gbps, planes,\n"
    "                   oversubscription, tiers, comm-pct, ... (rail-optimized, dual-tor and\n"
    "                   third-party-optics take true or false)\n"
    "  --csv FILE|-     write CSV (the default, to standard output, when neither output is given)\n"
    "  --jsonl FILE|-   write one JSON object per design and line\n"
    "Exit status: 0 every design planned without design-rule errors, 1 some have errors or cannot be\n"
    "built (their rows say why), 2 bad input or usage.\n\n";

constexpr std::size_t kMaxDesigns = 1000000;

std::vector<std::string> splitValues(const std::string& s)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = s.find(',', start);
        out.push_back(s.substr(start, comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

// Every --vary KEY=V1,V2 (Args keeps only the last of a repeated flag).
std::vector<std::pair<std::string, std::vector<std::string>>> readVaries(const std::vector<std::string>& argv)
{
    std::vector<std::pair<std::string, std::vector<std::string>>> out;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        std::string v;
        if (argv[i] == "--vary" && i + 1 < argv.size()) v = argv[++i];
        else if (argv[i].rfind("--vary=", 0) == 0) v = argv[i].substr(7);
        else continue;
        const auto eq = v.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == v.size())
            throw UsageError{"--vary needs KEY=V1,V2,..., not \"" + v + "\""};
        out.emplace_back(v.substr(0, eq), splitValues(v.substr(eq + 1)));
    }
    return out;
}

// Every combination, the first --vary changing slowest.
std::vector<Variant> combinations(const std::vector<std::pair<std::string, std::vector<std::string>>>& varies)
{
    std::size_t total = 1;
    for (const auto& [key, values] : varies) {
        total *= values.size();
        if (total > kMaxDesigns)
            throw UsageError{"--vary gives more than " + std::to_string(kMaxDesigns) + " designs; split the sweep"};
    }
    std::vector<Variant> out(total);
    for (std::size_t i = 0; i < total; ++i) {
        std::size_t rest = i;
        for (std::size_t k = varies.size(); k-- > 0;) {
            const auto& values = varies[k].second;
            out[i].insert(out[i].begin(), {varies[k].first, values[rest % values.size()]});
            rest /= values.size();
        }
    }
    return out;
}

std::string jsonValueText(const nlohmann::json& v, const std::string& key, std::size_t line)
{
    if (v.is_string()) return v.get<std::string>();
    if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
    if (v.is_number_integer()) return std::to_string(v.get<long long>());
    if (v.is_number()) return v.dump();
    throw UsageError{"--jsonl-in line " + std::to_string(line) + ": \"" + key + "\" needs a string, number or boolean"};
}

std::vector<Variant> readJsonLines(std::istream& in)
{
    std::vector<Variant> out;
    std::string text;
    for (std::size_t line = 1; std::getline(in, text); ++line) {
        if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(text);
        } catch (const nlohmann::json::exception& e) {
            throw UsageError{"--jsonl-in line " + std::to_string(line) + " is not JSON: " + e.what()};
        }
        if (!j.is_object()) throw UsageError{"--jsonl-in line " + std::to_string(line) + " is not a JSON object"};
        Variant v;
        for (const auto& [key, value] : j.items()) v.emplace_back(key, jsonValueText(value, key, line));
        out.push_back(std::move(v));
        if (out.size() > kMaxDesigns)
            throw UsageError{"--jsonl-in has more than " + std::to_string(kMaxDesigns) + " designs; split the sweep"};
    }
    return out;
}

// A variant as command-line flags, checked like the CLI's own (unknown keys, bad values: UsageError).
std::vector<std::string> variantFlags(const Variant& v)
{
    const auto& switches = designSwitchFlags();
    std::vector<std::string> flags;
    for (const auto& [key, value] : v) {
        const std::string flag = "--" + key;
        if (flag == "--catalog") throw UsageError{"a sweep uses one catalog: give --catalog once, not as a varied key"};
        if (std::find(switches.begin(), switches.end(), flag) != switches.end()) {
            if (value != "true" && value != "false")
                throw UsageError{key + " takes true or false, not \"" + value + "\""};
            if (value == "true") flags.push_back(flag);
            else if (key == "rail-optimized") flags.push_back("--no-rail-optimized");
            else if (key == "dual-tor") flags.push_back("--no-dual-tor");
            continue;
        }
        flags.push_back(flag);
        flags.push_back(value);
    }
    return flags;
}

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

} // namespace

int sweepCommand(const std::vector<std::string>& argv)
{
    for (const auto& a : argv)
        if (a == "--help" || a == "-h") {
            std::cout << kSweepHelp << designFlagsHelp();
            return kExitOk;
        }
    auto valued = designValuedFlags();
    valued.insert(valued.end(), {"--vary", "--csv", "--jsonl", "--jsonl-in"});
    const Args args(argv, valued, designSwitchFlags());
    const auto varies = readVaries(argv);
    std::vector<Variant> variants;
    if (auto in = args.value("--jsonl-in")) {
        if (!varies.empty()) throw UsageError{"give --vary or --jsonl-in, not both"};
        if (*in == "-") {
            variants = readJsonLines(std::cin);
        } else {
            std::ifstream file(*in);
            if (!file) throw UserError("cannot read the file", *in, "check the path given to --jsonl-in");
            variants = readJsonLines(file);
        }
    } else if (!varies.empty()) {
        variants = combinations(varies);
    } else {
        throw UsageError{"sweep needs --vary KEY=V1,V2,... or --jsonl-in FILE (see --help)"};
    }
    std::vector<std::string> keys;  // CSV columns: every key, in order of first appearance
    for (const auto& v : variants)
        for (const auto& kv : v)
            if (std::find(keys.begin(), keys.end(), kv.first) == keys.end()) keys.push_back(kv.first);

    const ClusterSpec base = readDesign(args);
    std::vector<ClusterSpec> specs;
    std::vector<std::vector<std::string>> flags;  // the variant's flags after the base's, last one wins
    specs.reserve(variants.size());
    flags.reserve(variants.size());
    for (const auto& v : variants) {
        ClusterSpec s = base;
        flags.push_back(variantFlags(v));
        applyOverrides(s, Args(flags.back(), designValuedFlags(), designSwitchFlags()));
        specs.push_back(std::move(s));
        flags.back().insert(flags.back().begin(), argv.begin(), argv.end());
    }
    const Catalog catalog = openCatalog(args);
    const PlanOptions options = readPlanOptions(args);

    // Each design gets the parts `plan` would give it: a varied fabric without a named switch plans on
    // that fabric's defaults (fitFabricDefaults), not on the base's switch. Their notes are said once.
    std::vector<SweepRow> rows(specs.size());
    std::vector<std::string> notes(specs.size());
    plan::runInParallel(specs.size(), [&](std::size_t i) {
        try {
            const ClusterSpec spec = fitFabricDefaults(Args(flags[i], valued, designSwitchFlags()), specs[i], catalog, &notes[i]);
            rows[i] = sweepRow(i, variants[i], makePlan(spec, catalog, options));
        } catch (const UserError& e) {
            rows[i] = failedSweepRow(i, variants[i], e.oneLine());
        }
    });
    std::vector<std::string> said;
    for (const std::string& note : notes)
        if (!note.empty() && std::find(said.begin(), said.end(), note) == said.end()) {
            std::cerr << "note: " << note << "\n";
            said.push_back(note);
        }

    const auto csv = args.value("--csv");
    const auto jsonl = args.value("--jsonl");
    if (csv || !jsonl)
        writeOutput(csv.value_or("-"), [&](std::ostream& out) {
            out << sweepCsvHeader(keys);
            for (const auto& r : rows) out << sweepCsvLine(r, keys);
        });
    if (jsonl)
        writeOutput(*jsonl, [&](std::ostream& out) {
            for (const auto& r : rows) out << sweepJsonLine(r);
        });
    const bool allClean = std::all_of(rows.begin(), rows.end(), [](const SweepRow& r) { return r.planned && r.errors == 0; });
    std::cerr << "planned " << counted((long long)rows.size(), "design") << " on "
              << counted((long long)std::min<std::size_t>(plan::workerCount(), rows.size()), "thread") << "\n";
    return allClean ? kExitOk : kExitDesignErrors;
}

} // namespace fp::cli
