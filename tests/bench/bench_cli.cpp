#include "bench_cli.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace fp::bench {
namespace {

struct Result {
    double ms = 0;
    int status = -1;
    long peakKb = 0;  // of this child
};

// Runs `args` with stdout to `out` (a file, or /dev/null) and stderr to /dev/null.
Result run(const std::vector<std::string>& args, const std::string& out = "/dev/null")
{
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    const auto t0 = std::chrono::steady_clock::now();
    pid_t pid = 0;
    Result r;
    if (posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ) == 0) {
        int status = 0;
        rusage u{};
        wait4(pid, &status, 0, &u);
        r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.peakKb = u.ru_maxrss;
    }
    posix_spawn_file_actions_destroy(&fa);
    return r;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// Medians of each command's runs, the commands taking turns run by run: a figure made of two medians (a
// difference, a ratio) then reads both at the same moments, whatever the machine's load does meanwhile
// (this VM's neighbours come and go within seconds).
std::vector<double> interleavedMediansMs(const std::vector<std::vector<std::string>>& commands, int reps,
                                         std::vector<long>* peakKb = nullptr)
{
    std::vector<std::vector<double>> ms(commands.size());
    std::vector<long> peak(commands.size(), 0);
    for (int i = 0; i < reps; ++i)
        for (std::size_t c = 0; c < commands.size(); ++c) {
            const Result r = run(commands[c]);
            ms[c].push_back(r.ms);
            peak[c] = std::max(peak[c], r.peakKb);
        }
    if (peakKb) *peakKb = peak;
    std::vector<double> medians;
    for (const auto& v : ms) medians.push_back(median(v));
    return medians;
}

double medianMs(const std::vector<std::string>& args, int reps) { return interleavedMediansMs({args}, reps)[0]; }

std::vector<std::string> roce(const std::string& cli, int gpus)
{
    return {cli, "plan", "--gpus", std::to_string(gpus), "--fabric", "roce", "--switch", "SN5600", "--nic",
            "900-9D3D4-00EN-HA0", "--link-gbps", "400"};
}

long long linksOf(const std::string& cli, int gpus)
{
    std::vector<std::string> args = roce(cli, gpus);
    args.insert(args.end(), {"--json", "-"});
    const std::string tmp = "/tmp/fabricplan-bench-plan.json";
    run(args, tmp);
    std::ifstream in(tmp);
    const auto j = nlohmann::json::parse(in, nullptr, false);
    std::remove(tmp.c_str());
    return j.is_discarded() ? 0 : j["topology"]["links"]["total"].get<long long>();
}

} // namespace

int runCliBenchmarks(const std::string& cli, const std::string& example, int reps)
{
    std::printf("Whole fabricplan-cli processes (%s), medians of %d runs, ms.\n\n", cli.c_str(), reps);

    // ---- the floor ------------------------------------------------------------------------------------
    // At least 15 runs each: a process lasts milliseconds, so a median of few runs follows the load.
    const int floorReps = std::max(15, reps * 2);
    const double version = medianMs({cli, "--version"}, floorReps);
    const double tiny = medianMs({cli, "plan", "--gpus", "8"}, floorReps);
    std::printf("| process floor (median of %d) | ms |\n|---|---:|\n| --version | %.1f |\n| plan --gpus 8 | %.1f |\n\n",
                floorReps, version, tiny);
    std::fflush(stdout);

    // ---- end to end -----------------------------------------------------------------------------------
    // At least 21 runs each: links/s is a difference of two medians of runs of a few tens of ms, and with
    // 9 runs three back-to-back bench runs read 13.1, 17.8 and 15.6 M/s (25 runs: 16.9 and 16.0). The
    // tiny plan and the two sizes take turns run by run (interleavedMediansMs).
    const int endToEndReps = std::max(21, reps);
    std::vector<long> peaks;
    const std::vector<double> endToEnd =
        interleavedMediansMs({roce(cli, 8), roce(cli, 15360), roce(cli, 100000)}, endToEndReps, &peaks);
    const double tinyRoce = endToEnd[0];
    std::printf("End to end: medians of %d runs, the tiny plan and each size taking turns.\n\n", endToEndReps);
    std::printf("| GPUs (RoCE, SN5600 @400G) | links | whole process ms | minus tiny plan ms | links/s | peak MiB |\n"
                "|---:|---:|---:|---:|---:|---:|\n");
    for (std::size_t k : {1u, 2u}) {
        const int gpus = k == 1 ? 15360 : 100000;
        const double ms = endToEnd[k];
        const long long links = linksOf(cli, gpus);
        std::printf("| %d | %lld | %.1f | %.1f | %.2f M/s | %.0f |\n", gpus, links, ms, ms - tinyRoce,
                    links / std::max(0.001, ms - tinyRoce) / 1000.0, peaks[k] / 1024.0);
        std::fflush(stdout);
    }
    std::printf("\n");

    // ---- compare against one plan ---------------------------------------------------------------------
    std::printf("| compare --gpus | compare ms | peak MiB | slowest own plan alone ms | ratio |\n|---:|---:|---:|---:|---:|\n");
    for (int gpus : {100000, 1000000}) {
        // At 1,000,000 GPUs a run follows how warm the machine's memory is (the kernel zeroes the pages
        // a cold run touches: 0.03 s of system time warm, up to 1 s cold on the build VM): a median of
        // every rep, as for the other cases.
        // The comparison and its four plans alone take turns run by run (interleavedMediansMs).
        const int n = reps;
        const std::string tmp = "/tmp/fabricplan-bench-compare.json";
        run({cli, "compare", "--gpus", std::to_string(gpus), "--json", "-"}, tmp);
        std::ifstream in(tmp);
        const auto j = nlohmann::json::parse(in, nullptr, false);
        std::remove(tmp.c_str());
        std::vector<std::vector<std::string>> commands{{cli, "compare", "--gpus", std::to_string(gpus)}};
        if (!j.is_discarded())
            for (const auto& p : j["plans"]) {
                // The plan of the chosen parts alone (errors or not: exit status 1 still plans).
                commands.push_back({cli, "plan", "--gpus", std::to_string(gpus), "--fabric",
                                    p["fabric"].get<std::string>(), "--switch", p["parts"]["switch"].get<std::string>(),
                                    "--nic", p["parts"]["nic"].get<std::string>(), "--link-gbps",
                                    std::to_string(p["topology"]["link_gbps"].get<int>())});
            }
        std::vector<long> peaks;
        const std::vector<double> medians = interleavedMediansMs(commands, n, &peaks);
        const double ms = medians[0];
        const long peak = peaks[0];
        const double slowest = medians.size() > 1 ? *std::max_element(medians.begin() + 1, medians.end()) : 0.0;
        std::printf("| %d | %.0f | %.0f | %.0f | %.2f |\n", gpus, ms, peak / 1024.0, slowest, ms / std::max(1.0, slowest));
        std::fflush(stdout);
    }
    std::printf("\n");

    // ---- a sweep against separate runs ------------------------------------------------------------------
    // 1,000 variants of the example: 25 GPU counts (512 .. 2,048) x 40 communication shares (1 .. 40 %).
    std::string gpusList, commList;
    std::vector<std::pair<int, int>> variants;
    for (int g = 512; g <= 2048; g += 64) gpusList += (gpusList.empty() ? "" : ",") + std::to_string(g);
    for (int c = 1; c <= 40; ++c) commList += (commList.empty() ? "" : ",") + std::to_string(c);
    for (int g = 512; g <= 2048; g += 64)
        for (int c = 1; c <= 40; ++c) variants.emplace_back(g, c);
    const double sweepMs = medianMs({cli, "sweep", example, "--vary", "gpus=" + gpusList, "--vary",
                                     "comm-pct=" + commList, "--csv", "/dev/null"},
                                    std::max(1, reps / 2));
    // Separate runs: every 10th variant, each `plan EXAMPLE --gpus G --comm-pct C --json FILE`, scaled to 1,000.
    std::vector<double> each;
    for (std::size_t i = 0; i < variants.size(); i += 10)
        each.push_back(run({cli, "plan", example, "--gpus", std::to_string(variants[i].first), "--comm-pct",
                            std::to_string(variants[i].second), "--json", "/dev/null"})
                           .ms);
    double separate = 0;
    for (double m : each) separate += m;
    separate *= double(variants.size()) / double(each.size());
    std::printf("| %zu variants of %s | ms | designs/s |\n|---|---:|---:|\n", variants.size(),
                example.substr(example.rfind('/') + 1).c_str());
    std::printf("| one sweep process | %.0f | %.0f |\n", sweepMs, variants.size() / (sweepMs / 1000.0));
    std::printf("| separate plan processes (%zu timed, scaled) | %.0f | %.0f |\n", each.size(), separate,
                variants.size() / (separate / 1000.0));
    std::printf("| speed-up | %.1fx | |\n", separate / sweepMs);
    return 0;
}

} // namespace fp::bench
