#pragma once
// The CLI's subcommands. Each returns the process exit status: 0 success, 1 the plan has design-rule
// errors, 2 bad input or usage. Messages go to stderr; requested output to stdout or files.
#include <string>
#include <vector>

namespace fp::cli {

constexpr int kExitOk = 0;
constexpr int kExitDesignErrors = 1;
constexpr int kExitBadInput = 2;

int planCommand(const std::vector<std::string>& args);
int compareCommand(const std::vector<std::string>& args);
int sweepCommand(const std::vector<std::string>& args);
int diffCommand(const std::vector<std::string>& args);
int catalogCommand(const std::vector<std::string>& args);
int validateCommand(const std::vector<std::string>& args);
int exportCommand(const std::vector<std::string>& args);

} // namespace fp::cli
