#pragma once
// Atomic file replacement: write everything to a temporary file in the target's folder, flush it to
// disk, then rename over the target. A failure (full disk, read-only folder, cancel) leaves the
// previous file untouched and no temporary behind.
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
