#include "common/input_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/error.h"

namespace fp {
namespace {

const char* kindOf(mode_t mode)
{
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a pipe (FIFO)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

struct Fd {
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0) ::close(fd);
    }
};

} // namespace

std::string byteSizeText(std::size_t bytes)
{
    if (bytes >= (std::size_t(1) << 20) && bytes % (std::size_t(1) << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::string readBoundedFile(const std::string& path, std::size_t maxBytes, const std::string& what)
{
    // O_NONBLOCK: a FIFO swapped in after any earlier check still cannot block the open.
    Fd f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
    if (f.fd < 0)
        throw UserError("cannot open the " + what + ": " + std::strerror(errno), path,
                        "check the path and that the file is readable");
    struct stat st {};
    if (::fstat(f.fd, &st) != 0)
        throw UserError("cannot read the " + what + ": " + std::strerror(errno), path, "check the file");
    if (!S_ISREG(st.st_mode))
        throw UserError("the " + what + " is " + std::string(kindOf(st.st_mode)) + ", not a regular file", path,
                        "name a saved file (pipes and devices are not read)");
    if (static_cast<unsigned long long>(st.st_size) > maxBytes)
        throw UserError("the " + what + " is too large (" + byteSizeText(std::size_t(st.st_size)) + "; at most " +
                            byteSizeText(maxBytes) + " is read)",
                        path, "check that this is the right file");
    std::string text;
    text.resize(std::size_t(st.st_size) + 1);
    std::size_t got = 0;
    for (;;) {
        if (got == text.size()) {
            // The file grew while we read it: keep reading only up to the bound.
            if (text.size() > maxBytes) break;
            text.resize(std::min(text.size() * 2, maxBytes + 1));
        }
        const ssize_t n = ::read(f.fd, text.data() + got, text.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0)
            throw UserError("cannot read the " + what + ": " + std::strerror(errno), path, "check the file and the disk");
        if (n == 0) break;
        got += std::size_t(n);
    }
    if (got > maxBytes)
        throw UserError("the " + what + " is too large (more than " + byteSizeText(maxBytes) + ")", path,
                        "check that this is the right file");
    text.resize(got);
    return text;
}

} // namespace fp
