#include "standard_output.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "commands.h"

namespace fp::cli {

int finishStandardOutput(int exitCode)
{
    errno = 0;
    std::cout.flush();
    const bool streamFailed = !std::cout;
    const bool stdioFailed = std::fflush(stdout) != 0 || std::ferror(stdout);
    if (!streamFailed && !stdioFailed) return exitCode;
    const int err = errno;
    std::cerr << "fabricplan-cli: error: cannot write to standard output"
              << (err ? std::string(": ") + std::strerror(err) : std::string()) << " — check the disk or the pipe "
              << "the output goes to, or write to a file (--json FILE)\n";
    return exitCode == kExitOk || exitCode == kExitDesignErrors ? kExitBadInput : exitCode;
}

} // namespace fp::cli
