#include "common/atomic_file.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/error.h"

namespace fp {
namespace {

namespace fs = std::filesystem;

const std::string kTmpMarker = ".tmp-";

std::string temporaryPathFor(const std::string& path)
{
    std::random_device rd;
    return path + kTmpMarker + std::to_string(::getpid()) + "-" + std::to_string(rd() % 1000000);
}

void removeQuietly(const std::string& p)
{
    std::error_code ec;
    fs::remove(p, ec);
}

const char* kindOf(mode_t mode)
{
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a pipe (FIFO)";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

// The file a save really replaces: a symlink is followed (to any depth, relative links resolved
// against their own folder), so the link stays a link and its target gets the new content.
std::string resolveTarget(const std::string& path)
{
    fs::path p(path);
    for (int hops = 0; hops < 40; ++hops) {
        std::error_code ec;
        const fs::file_status st = fs::symlink_status(p, ec);
        if (ec || st.type() != fs::file_type::symlink) return p.string();
        const fs::path next = fs::read_symlink(p, ec);
        if (ec) return p.string();
        p = next.is_absolute() ? next : p.parent_path() / next;
    }
    throw UserError("too many levels of symbolic links", path, "point the link at a file");
}

// A writer killed mid-write (SIGKILL, power loss) leaves "<name>.tmp-<pid>-<n>" behind; remove those of
// this target whose process is gone. Only our own pattern, only beside this target.
void removeStaleTemporaries(const std::string& target)
{
    const fs::path t(target);
    const std::string prefix = t.filename().string() + kTmpMarker;
    std::error_code ec;
    const fs::path dir = t.has_parent_path() ? t.parent_path() : fs::path(".");
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind(prefix, 0) != 0) continue;
        const std::string rest = name.substr(prefix.size());  // "<pid>-<n>"
        const auto dash = rest.find('-');
        if (dash == std::string::npos || dash == 0 || dash + 1 == rest.size()) continue;
        if (rest.find_first_not_of("0123456789-") != std::string::npos) continue;
        long pid = 0;
        try {
            pid = std::stol(rest.substr(0, dash));
        } catch (...) {
            continue;
        }
        if (pid <= 0 || pid == long(::getpid())) continue;
        if (::kill(pid_t(pid), 0) == 0 || errno != ESRCH) continue;  // still running (or not ours to ask)
        std::error_code rm;
        if (it->is_regular_file(rm)) fs::remove(it->path(), rm);
    }
}

// Flushes the new content to disk; a full disk or a quota often shows only here.
void syncFile(const std::string& tmp, const std::string& path)
{
    const int fd = ::open(tmp.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw UserError(std::string("cannot reopen the written file: ") + std::strerror(errno), path, "");
    const int rc = ::fsync(fd);
    const int err = errno;
    ::close(fd);
    if (rc != 0 && err != EINVAL && err != EROFS)
        throw UserError(std::string("writing failed: ") + std::strerror(err), path, "free some space and try again");
}

// The replaced file keeps its permissions and, where we may set them, its owner and group.
void keepModeAndOwner(const std::string& tmp, const struct stat& old)
{
    ::chmod(tmp.c_str(), old.st_mode & 07777);
    if (::chown(tmp.c_str(), old.st_uid, old.st_gid) != 0) {
        // Not root: at least the group, when we belong to it.
        [[maybe_unused]] const int ignored = ::chown(tmp.c_str(), uid_t(-1), old.st_gid);
        ::chmod(tmp.c_str(), old.st_mode & 07777);  // chown may clear set-id bits
    }
}

void replaceText(std::string& s, const std::string& from, const std::string& to)
{
    if (from.empty()) return;
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
}

// Runs the writer on `tmp`; on failure removes it and names the user's path, never the temporary one.
void writeTemporary(const std::string& tmp, const std::string& path,
                    const std::function<void(const std::string&)>& writeTo)
{
    try {
        writeTo(tmp);
    } catch (UserError& e) {
        removeQuietly(tmp);
        std::string message = e.what(), where = e.where, fix = e.fix;
        replaceText(message, tmp, path);
        replaceText(where, tmp, path);
        replaceText(fix, tmp, path);
        throw UserError(message, where.empty() ? path : where, fix);
    } catch (...) {
        removeQuietly(tmp);
        throw;
    }
    struct stat st {};
    if (::stat(tmp.c_str(), &st) != 0) {
        removeQuietly(tmp);
        throw UserError("nothing was written", path, "check that the folder exists and is writable");
    }
    if (st.st_size == 0) {
        removeQuietly(tmp);
        throw UserError("writing failed: the file is empty (is the disk full?)", path, "free some space and try again");
    }
}

// Character devices (/dev/null, a terminal, /dev/stdout) and pipes are written into, never replaced: the
// content goes to a temporary file first (a failing writer sends nothing), then is copied in.
bool writtenInPlace(mode_t mode) { return S_ISCHR(mode) || S_ISFIFO(mode); }

void copyInto(const std::string& tmp, const std::string& target, const std::string& path, bool pipe)
{
    // A pipe nobody reads would block the open for ever: ask without blocking, then write normally.
    const int out = ::open(target.c_str(), O_WRONLY | O_CLOEXEC | (pipe ? O_NONBLOCK : 0));
    if (out < 0) {
        if (errno == ENXIO)
            throw UserError("nothing reads from this pipe", path, "start the reader first, or write to a file");
        throw UserError(std::string("cannot open for writing: ") + std::strerror(errno), path,
                        "choose a file you can write to");
    }
    if (pipe) ::fcntl(out, F_SETFL, ::fcntl(out, F_GETFL) & ~O_NONBLOCK);
    const int in = ::open(tmp.c_str(), O_RDONLY | O_CLOEXEC);
    int err = in < 0 ? errno : 0;
    char buf[1 << 16];
    while (err == 0) {
        const ssize_t n = ::read(in, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n < 0) err = errno;
            break;
        }
        for (ssize_t done = 0; done < n && err == 0;) {
            const ssize_t w = ::write(out, buf + done, std::size_t(n - done));
            if (w < 0 && errno != EINTR) err = errno;
            if (w > 0) done += w;
        }
    }
    if (in >= 0) ::close(in);
    if (::close(out) != 0 && err == 0) err = errno;
    if (err != 0) throw UserError(std::string("writing failed: ") + std::strerror(err), path, "check where the output goes");
}

} // namespace

void replaceFileAtomically(const std::string& path, const std::function<void(const std::string&)>& writeTo)
{
    // Devices and pipes are checked through the path as given: /dev/stdout is a link the kernel resolves
    // (to "pipe:[...]"), which no file-system walk can follow.
    struct stat viaLinks {};
    if (::stat(path.c_str(), &viaLinks) == 0 && writtenInPlace(viaLinks.st_mode)) {
        const std::string tmp = temporaryPathFor((fs::temp_directory_path() / fs::path(path).filename()).string());
        writeTemporary(tmp, path, writeTo);
        try {
            copyInto(tmp, path, path, S_ISFIFO(viaLinks.st_mode));
        } catch (...) {
            removeQuietly(tmp);
            throw;
        }
        removeQuietly(tmp);
        return;
    }
    const std::string target = resolveTarget(path);
    struct stat old {};
    const bool exists = ::stat(target.c_str(), &old) == 0;
    if (exists && !S_ISREG(old.st_mode))
        throw UserError("is " + std::string(kindOf(old.st_mode)) + ", not a regular file; only files are replaced",
                        path, "choose another name: a regular file in a writable folder");
    removeStaleTemporaries(target);

    const std::string tmp = temporaryPathFor(target);
    writeTemporary(tmp, path, writeTo);
    try {
        syncFile(tmp, path);
        if (exists) keepModeAndOwner(tmp, old);
    } catch (...) {
        removeQuietly(tmp);
        throw;
    }
    if (std::rename(tmp.c_str(), target.c_str()) != 0) {
        const std::string reason = std::strerror(errno);
        removeQuietly(tmp);
        throw UserError("cannot replace the file: " + reason, path,
                        "check that the folder is writable and the disk is not full");
    }
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
        const std::streamoff written = out ? std::streamoff(out.tellp()) : -1;
        out.close();
        std::error_code ec;
        if (written < 0 || !out || std::streamoff(fs::file_size(tmp, ec)) != written || ec)
            throw UserError("writing failed (is the disk full?)", path, "free some space and try again");
    });
}

} // namespace fp
