#include "common/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include <fcntl.h>
#include <unistd.h>

#include "common/error.h"

namespace fp {
namespace {

std::string temporaryPathFor(const std::string& path)
{
    std::random_device rd;
    return path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(rd() % 1000000);
}

void removeQuietly(const std::string& p)
{
    std::error_code ec;
    std::filesystem::remove(p, ec);
}

// fsync so that a crash right after the rename cannot leave an empty file under the real name.
void syncFile(const std::string& p)
{
    int fd = ::open(p.c_str(), O_RDONLY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

void commit(const std::string& tmp, const std::string& path)
{
    syncFile(tmp);
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string reason = std::strerror(errno);
        removeQuietly(tmp);
        throw UserError("cannot replace the file: " + reason, path,
                        "check that the folder is writable and the disk is not full");
    }
}

} // namespace

void replaceFileAtomically(const std::string& path, const std::function<void(const std::string&)>& writeTo)
{
    const std::string tmp = temporaryPathFor(path);
    try {
        writeTo(tmp);
    } catch (...) {
        removeQuietly(tmp);
        throw;
    }
    if (!std::filesystem::exists(tmp))
        throw UserError("nothing was written", path, "check that the folder exists and is writable");
    commit(tmp, path);
}

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& writeBody)
{
    replaceFileAtomically(path, [&](const std::string& tmp) {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
            throw UserError(std::string("cannot create a file here: ") + std::strerror(errno), path,
                            "choose a folder you can write to");
        writeBody(out);
        out.flush();
        if (!out)
            throw UserError("writing failed (is the disk full?)", path, "free some space and try again");
    });
}

} // namespace fp
