#pragma once
// libxlsxwriter prints its own "[ERROR] ... '<name>.tmp-PID-N' ..." lines to stderr before it returns the
// error that FabricPlan then reports with the user's path. While an exporter runs, the CLI (one thread)
// holds stderr in a temporary file and passes on every line except the library's "[ERROR]" ones.
#include <cstdio>

namespace fp::cli {

class LibraryStderrFilter {
public:
    LibraryStderrFilter();
    ~LibraryStderrFilter();  // restores stderr and forwards what was not the library's
    LibraryStderrFilter(const LibraryStderrFilter&) = delete;
    LibraryStderrFilter& operator=(const LibraryStderrFilter&) = delete;

private:
    int savedFd_ = -1;
    std::FILE* held_ = nullptr;
};

} // namespace fp::cli
