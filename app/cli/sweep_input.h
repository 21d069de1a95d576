#pragma once
// What `fabricplan-cli sweep` plans: its designs, from --vary combinations or from JSON lines, each
// as the keys it varies and where it came from; and a design's keys as design flags (design_keys.h),
// which go through the same code path as `plan`'s own (design_input.h: planRequest).
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "args.h"
#include "design_keys.h"
#include "sweep_rows.h"

namespace fp::cli {

constexpr std::size_t kMaxSweepDesigns = 1000000;
// A JSON line holds one design's few keys; a longer line (an endless one included) is a read error.
constexpr std::size_t kMaxJsonLineBytes = std::size_t(1) << 20;

struct SweepDesign {
    Variant keys;           // as given, in order (each row echoes them)
    std::size_t line = 0;   // the --jsonl-in line, from 1; 0 for a --vary combination
    std::string problem;    // not empty: the line is not a design (not JSON, not an object, a list as a value)
};

// Every combination of the --vary KEY=V1,V2,... flags of `args`, the first changing slowest. An
// unknown or repeated key, a --vary without values, or more than kMaxSweepDesigns: UsageError.
// Values are judged per design, when it is planned (a bad one fails its row only).
std::vector<SweepDesign> readVaries(const Args& args);

// A source of bytes: fills up to `size` bytes of `buffer` and returns how many, 0 at the end, or -1
// with errno set.
using ByteSource = std::function<long(char* buffer, std::size_t size)>;

// One design per non-blank line of JSON lines read from `source`, named `name` in messages ("-" is
// standard input). A line that is not a design is kept with its `problem`: it fails its row only. A
// read error, a line longer than kMaxJsonLineBytes or more than kMaxSweepDesigns designs throws
// UserError at NAME:LINE.
std::vector<SweepDesign> readJsonLines(const ByteSource& source, const std::string& name);
// The same from a file, or from standard input for "-". A folder or an unreadable file: UserError.
std::vector<SweepDesign> readJsonLinesFile(const std::string& path);
// How messages name the input: the path, or "standard input" for "-".
std::string jsonLinesName(const std::string& path);

// One line's design; `problem` says why it is not one. `where` is "NAME:LINE".
SweepDesign parseJsonLine(const std::string& text, std::size_t line, const std::string& where);

// KEY is a design override without its dashes (sweep --help); else UsageError. --catalog is refused:
// a sweep uses one catalog.
void checkSweepKey(const std::string& key);
// A design's keys as design flags, in order: a flag without a value (sharp, dual-tor, ...) takes true
// or false; false turns it off (rail-optimized=false is --no-rail-optimized). UsageError for an unknown
// key or a switch value other than true and false.
std::vector<DesignKeys::Key> sweepDesignKeys(const Variant&);

} // namespace fp::cli
