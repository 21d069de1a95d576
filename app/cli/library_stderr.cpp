#include "library_stderr.h"

#include <cstring>

#include <unistd.h>

namespace fp::cli {

LibraryStderrFilter::LibraryStderrFilter()
{
    std::fflush(stderr);
    held_ = std::tmpfile();
    if (!held_) return;
    savedFd_ = ::dup(STDERR_FILENO);
    if (savedFd_ < 0 || ::dup2(::fileno(held_), STDERR_FILENO) < 0) {
        if (savedFd_ >= 0) ::close(savedFd_);
        savedFd_ = -1;
        std::fclose(held_);
        held_ = nullptr;
    }
}

LibraryStderrFilter::~LibraryStderrFilter()
{
    if (!held_) return;
    std::fflush(stderr);
    ::dup2(savedFd_, STDERR_FILENO);
    ::close(savedFd_);
    std::rewind(held_);
    char line[4096];
    while (std::fgets(line, sizeof line, held_))
        if (std::strncmp(line, "[ERROR]", 7) != 0) std::fputs(line, stderr);
    std::fclose(held_);
}

} // namespace fp::cli
