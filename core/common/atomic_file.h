#pragma once
// Atomic file replacement: write everything to a temporary file in the target's folder, verify it
// (stream state after flush and close, the size written, a non-empty file, fsync), then rename over the
// target. A failure (full disk, read-only folder, cancel) leaves the previous file untouched and no
// temporary behind. A symlink is followed (the link stays, its target is replaced); a replaced file keeps
// its mode and, where allowed, its owner and group. A character device (/dev/null, /dev/stdout) or a
// pipe is written into, never replaced (a pipe nobody reads is refused rather than blocking); a folder,
// socket or block device at the path is refused. Temporaries of our own pattern ("<name>.tmp-<pid>-<n>") left by a killed
// process are removed. Errors name the user's path, never the temporary one.
#include <functional>
#include <iosfwd>
#include <string>

namespace fp {

// Calls `writeBody` with a stream on the temporary file; commits only if it returns normally.
// Throws UserError naming the path and the system's reason on any failure.
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& writeBody);

// For writers that need a file name (libxlsxwriter): `writeTo` receives the temporary path.
void replaceFileAtomically(const std::string& path, const std::function<void(const std::string& tmpPath)>& writeTo);

} // namespace fp
