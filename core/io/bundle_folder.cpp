#include "io/bundle_folder.h"

#include <filesystem>
#include <system_error>
#include <unistd.h>

#include "common/error.h"

namespace fp::io {
namespace fs = std::filesystem;

void writeFolderAtomically(const std::string& path, const std::function<void(const std::string& dir)>& fill)
{
    const fs::path target = fs::path(path).lexically_normal();
    const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
    const std::string tag = "." + target.filename().string() + ".partial-" + std::to_string(::getpid());
    const fs::path tmp = parent / tag;
    std::error_code ec;
    if (fs::exists(target, ec)) {
        if (!fs::is_directory(target, ec))
            throw UserError("a file, not a folder, is in the way", path, "choose a new folder name for the bundle");
        if (!fs::is_empty(target, ec) && !fs::exists(target / kBundleMarker, ec))
            throw UserError("the folder exists and is not a FabricPlan export; it would be replaced whole", path,
                            "choose a new folder name (the export creates it)");
    }
    fs::remove_all(tmp, ec);
    if (!fs::create_directory(tmp, ec))
        throw UserError("cannot create a folder here: " + ec.message(), parent.string(),
                        "choose a folder you can write to");
    try {
        fill(tmp.string());
        std::ofstream marker = openBundleFile(tmp.string(), kBundleMarker);
        marker << "Written by FabricPlan; the next export to this folder replaces it whole.\n";
        closeBundleFile(marker, tmp.string(), kBundleMarker);
        // Swap in: move an old bundle aside, rename the new one, then delete the old.
        const fs::path old = parent / (tag + ".old");
        const bool hadOld = fs::exists(target, ec);
        if (hadOld) {
            fs::rename(target, old, ec);
            if (ec) throw UserError("cannot replace the folder: " + ec.message(), path, "close programs using it");
        }
        fs::rename(tmp, target, ec);
        if (ec) {
            if (hadOld) fs::rename(old, target, ec);
            throw UserError("cannot rename the finished bundle into place", path, "choose another folder");
        }
        if (hadOld) fs::remove_all(old, ec);
    } catch (...) {
        fs::remove_all(tmp, ec);
        throw;
    }
}

std::ofstream openBundleFile(const std::string& dir, const std::string& name)
{
    std::ofstream out(fs::path(dir) / name, std::ios::binary | std::ios::trunc);
    if (!out) throw UserError("cannot write " + name, dir, "check free space and permissions");
    return out;
}

void closeBundleFile(std::ofstream& out, const std::string& dir, const std::string& name)
{
    out.flush();
    const bool ok = bool(out);
    out.close();
    if (!ok || out.fail()) throw UserError("writing " + name + " failed", dir, "check free space");
}

} // namespace fp::io
