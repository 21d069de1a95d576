#pragma once
// Internal: exports that are a folder of files (the NetBox bundle, the IBDM topology with its
// system definitions) are written like single files are: into a temporary folder beside the
// target, then renamed into place. A failure or a cancel leaves no folder and never touches an
// existing one; a previous bundle at the target is replaced whole, so no stale part survives.
// Only a bundle is ever replaced: every bundle carries the marker file kBundleMarker, and a
// non-empty folder without it (the user's Documents, typed by mistake) is refused, not emptied.
#include <fstream>
#include <functional>
#include <string>

namespace fp::io {

inline constexpr const char* kBundleMarker = ".fabricplan-bundle";

// Calls `fill` with the temporary folder; commits only if it returns normally. Throws UserError.
void writeFolderAtomically(const std::string& path, const std::function<void(const std::string& dir)>& fill);

// Opens `dir/name` for writing (binary: CSV records end in CRLF as written); throws UserError.
std::ofstream openBundleFile(const std::string& dir, const std::string& name);
// Flushes and closes; throws UserError if any write failed (full disk).
void closeBundleFile(std::ofstream&, const std::string& dir, const std::string& name);

} // namespace fp::io
