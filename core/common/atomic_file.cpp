#include "common/atomic_file.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string_view>
#include <algorithm>

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

bool allDigits(std::string_view s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos; }

// The temporaries of one target: "<name>.tmp-<pid>-<n>", beside it.
void removeStaleTemporariesOf(const std::string& target)
{
    const fs::path t(target);
    removeStaleTemporaries(t.has_parent_path() ? t.parent_path().string() : std::string("."),
                           t.filename().string() + kTmpMarker);
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
        const std::string scratch = (fs::temp_directory_path() / fs::path(path).filename()).string();
        removeStaleTemporariesOf(scratch);
        const std::string tmp = temporaryPathFor(scratch);
        writeTemporary(tmp, path, writeTo);
        const bool pipe = S_ISFIFO(viaLinks.st_mode);
        auto finish = [tmp, path, pipe] {
            try {
                copyInto(tmp, path, path, pipe);
            } catch (...) {
                removeQuietly(tmp);
                throw;
            }
            removeQuietly(tmp);
        };
        if (!WriteBatch::hold(path, finish, [tmp] { removeQuietly(tmp); })) finish();
        return;
    }
    const std::string target = resolveTarget(path);
    struct stat old {};
    const bool exists = ::stat(target.c_str(), &old) == 0;
    if (exists && !S_ISREG(old.st_mode))
        throw UserError("is " + std::string(kindOf(old.st_mode)) + ", not a regular file; only files are replaced",
                        path, "choose another name: a regular file in a writable folder");
    removeStaleTemporariesOf(target);

    const std::string tmp = temporaryPathFor(target);
    writeTemporary(tmp, path, writeTo);
    try {
        syncFile(tmp, path);
        if (exists) keepModeAndOwner(tmp, old);
    } catch (...) {
        removeQuietly(tmp);
        throw;
    }
    auto finish = [tmp, target, path] {
        if (std::rename(tmp.c_str(), target.c_str()) != 0) {
            const std::string reason = std::strerror(errno);
            removeQuietly(tmp);
            throw UserError("cannot replace the file: " + reason, path,
                            "check that the folder is writable and the disk is not full");
        }
    };
    if (!WriteBatch::hold(path, finish, [tmp] { removeQuietly(tmp); })) finish();
}

bool isStaleTemporary(const std::string& name, const std::string& prefix)
{
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return false;
    std::string_view rest(name);
    rest.remove_prefix(prefix.size());
    const std::size_t digits = std::min(rest.find_first_not_of("0123456789"), rest.size());
    const std::string_view pid = rest.substr(0, digits), tail = rest.substr(digits);
    if (!allDigits(pid) || pid.size() > 9) return false;
    // The shapes we write: "-<n>" (and SQLite's files beside a database temporary), "" and ".old".
    bool ours = tail.empty() || tail == ".old";
    if (!ours && tail.size() > 1 && tail[0] == '-') {
        std::string_view n = tail.substr(1);
        for (std::string_view sqlite : {"-journal", "-wal", "-shm"})
            if (n.size() > sqlite.size() && n.substr(n.size() - sqlite.size()) == sqlite) n.remove_suffix(sqlite.size());
        ours = allDigits(n);
    }
    if (!ours) return false;
    const long id = std::stol(std::string(pid));
    if (id <= 0 || id == long(::getpid())) return false;
    return ::kill(pid_t(id), 0) != 0 && errno == ESRCH;  // gone (EPERM: running, someone else's)
}

void removeStaleTemporaries(const std::string& folder, const std::string& prefix)
{
    std::error_code ec;
    for (fs::directory_iterator it(folder.empty() ? fs::path(".") : fs::path(folder), ec), end; !ec && it != end;
         it.increment(ec)) {
        if (!isStaleTemporary(it->path().filename().string(), prefix)) continue;
        std::error_code rm;
        if (it->is_symlink(rm)) continue;  // never follow a link out of the folder
        fs::remove_all(it->path(), rm);
    }
}

namespace {
thread_local WriteBatch* openBatch = nullptr;
std::string normalPath(const std::string& p) { return fs::path(p).lexically_normal().string(); }
} // namespace

WriteBatch::WriteBatch(std::vector<std::string> targets) : outer_(openBatch)
{
    for (const std::string& t : targets) targets_.push_back(normalPath(t));
    openBatch = this;
}

WriteBatch::~WriteBatch()
{
    openBatch = outer_;
    if (done_) return;
    for (Held& h : held_) h.abandon();
}

bool WriteBatch::hold(const std::string& path, std::function<void()> finish, std::function<void()> abandon)
{
    WriteBatch* b = openBatch;
    if (!b || b->done_) return false;
    const std::string p = normalPath(path);
    if (std::find(b->targets_.begin(), b->targets_.end(), p) == b->targets_.end()) return false;
    b->held_.push_back({path, std::move(finish), std::move(abandon)});
    return true;
}

void WriteBatch::commit()
{
    done_ = true;
    std::string written;
    for (std::size_t i = 0; i < held_.size(); ++i) {
        try {
            held_[i].finish();
        } catch (const UserError& e) {
            std::string notWritten;
            for (std::size_t k = i + 1; k < held_.size(); ++k) {
                held_[k].abandon();
                notWritten += (notWritten.empty() ? "" : ", ") + held_[k].path;
            }
            throw UserError(std::string(e.what()) + (written.empty() ? "" : "; already written: " + written) +
                                (notWritten.empty() ? "" : "; not written: " + notWritten),
                            e.where, e.fix);
        }
        written += (written.empty() ? "" : ", ") + held_[i].path;
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
