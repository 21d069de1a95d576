#pragma once
// Atomic file replacement: write everything to a temporary file in the target's folder, verify it
// (stream state after flush and close, the size written, a non-empty file, fsync), then rename over the
// target. A failure (full disk, read-only folder, cancel) leaves the previous file untouched and no
// temporary behind. A symlink is followed (the link stays, its target is replaced); a replaced file keeps
// its mode and, where allowed, its owner and group. A character device (/dev/null, /dev/stdout) or a
// pipe is written into, never replaced (a pipe nobody reads is refused rather than blocking); a folder,
// socket or block device at the path is refused. Temporaries are named "<name>.tmp-<pid>-<n>" (a
// character device's go to $TMPDIR); those of a process that is gone (killed mid-write) are removed at the
// next write to that target, in the same folder. Errors name the user's path, never the temporary one.
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace fp {

// Calls `writeBody` with a stream on the temporary file; commits only if it returns normally.
// Throws UserError naming the path and the system's reason on any failure.
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& writeBody);

// For writers that need a file name (libxlsxwriter): `writeTo` receives the temporary path.
void replaceFileAtomically(const std::string& path, const std::function<void(const std::string& tmpPath)>& writeTo);

// What a writer killed mid-write (kill -9, power loss) left in `folder`: entries named
// <prefix><pid>-<n> (with SQLite's -journal/-wal/-shm beside them) or <prefix><pid>[.old], whose process
// <pid> is no longer running, are removed (files and folders). A live process's temporaries, our own
// and anything of another name are left alone. Called before each write to a target, for its own prefix.
void removeStaleTemporaries(const std::string& folder, const std::string& prefix);
// True when `name` is <prefix><pid><rest> of that pattern and that process is gone.
bool isStaleTemporary(const std::string& name, const std::string& prefix);

// Several outputs as one (the CLI's --json, --xlsx, --csv and --export together): while a batch is open
// on this thread, a write to one of its targets is carried out up to its last step (the temporary written,
// checked and synced) and then waits; commit() puts them all in place. A batch closed without commit (an
// export failed) removes every waiting temporary, so no target is touched. Writes to other paths (a
// scratch file) are not held. Not shared between threads: each thread sees only its own batch.
class WriteBatch {
public:
    explicit WriteBatch(std::vector<std::string> targets);
    ~WriteBatch();
    WriteBatch(const WriteBatch&) = delete;
    WriteBatch& operator=(const WriteBatch&) = delete;

    // Puts every waiting write in place, in the order written. A step that fails (rare: the temporary
    // is beside its target) throws UserError naming that target, what was written and what was not.
    void commit();

    // For writers: when `path` is a target of this thread's open batch, keeps `finish` (the last step)
    // and `abandon` (the clean-up) for later and returns true; false when there is no such batch.
    static bool hold(const std::string& path, std::function<void()> finish, std::function<void()> abandon);

private:
    struct Held {
        std::string path;
        std::function<void()> finish, abandon;
    };
    std::vector<std::string> targets_;
    std::vector<Held> held_;
    WriteBatch* outer_;
    bool done_ = false;
};

} // namespace fp
