#include "common/paths.h"

#include <cstdlib>
#include <filesystem>

namespace fp {
namespace fs = std::filesystem;

namespace {
bool hasCatalog(const fs::path& dir)
{
    std::error_code ec;
    return fs::exists(dir / "catalog.sqlite", ec);
}

// The folder of the running executable: an installed binary in <prefix>/bin finds <prefix>/share.
fs::path executableDir()
{
    std::error_code ec;
    auto p = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : p.parent_path();
}
} // namespace

std::string bundledDataDir()
{
    if (const char* env = std::getenv("FABRICPLAN_DATA_DIR"); env && *env && hasCatalog(env))
        return env;
    const fs::path exe = executableDir();
    const fs::path candidates[] = {
        exe / ".." / "share" / "fabricplan",        // relocated install (dpkg -x, tarball)
        fs::path(FABRICPLAN_INSTALL_DATADIR),       // configured prefix
        fs::path(FABRICPLAN_BUILD_DATADIR),         // build tree
    };
    for (const auto& c : candidates)
        if (hasCatalog(c)) return fs::weakly_canonical(c).string();
    return {};
}

std::string bundledCatalogPath()
{
    const auto dir = bundledDataDir();
    return dir.empty() ? std::string() : (fs::path(dir) / "catalog.sqlite").string();
}

std::string examplesDir()
{
    const auto dir = bundledDataDir();
    if (!dir.empty() && fs::exists(fs::path(dir) / "examples")) return (fs::path(dir) / "examples").string();
    return (fs::path(FABRICPLAN_SOURCE_DATADIR) / "examples").string();
}

std::string versionString() { return FABRICPLAN_VERSION; }

std::string userGuidePath()
{
    const fs::path candidates[] = {
        executableDir() / ".." / "share" / "doc" / "fabricplan" / "README.md",
        fs::path(FABRICPLAN_SOURCE_DATADIR) / ".." / "README.md",
    };
    std::error_code ec;
    for (const auto& c : candidates)
        if (fs::exists(c, ec)) return fs::weakly_canonical(c, ec).string();
    return {};
}

std::string userDataDir()
{
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return (fs::path(xdg) / "fabricplan").string();
    if (const char* home = std::getenv("HOME"); home && *home)
        return (fs::path(home) / ".local" / "share" / "fabricplan").string();
    return (fs::temp_directory_path() / "fabricplan").string();
}

std::string userCatalogPath() { return (fs::path(userDataDir()) / "catalog.sqlite").string(); }

} // namespace fp
