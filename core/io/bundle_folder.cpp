#include "io/bundle_folder.h"

#include <filesystem>
#include <system_error>
#include <unistd.h>

#include "common/atomic_file.h"
#include "common/error.h"

namespace fp::io {
namespace fs = std::filesystem;

namespace {

// "out/netbox/" and "out/netbox/." name the folder "out/netbox": without this the temporary folder was
// "out/netbox/..partial-PID" (inside the target) and the rename failed.
fs::path folderTarget(const std::string& path)
{
    fs::path target = fs::path(path).lexically_normal();
    while (!target.has_filename() && target.has_relative_path()) target = target.parent_path();
    return target;
}

// A writer killed between moving the old bundle aside and renaming the new one in left the target
// missing and the user's previous bundle in ".<name>.partial-<pid>.old": put it back before anything
// else, then remove what that writer left.
void recoverAfterKill(const fs::path& parent, const fs::path& target, const std::string& prefix)
{
    std::error_code ec;
    if (!fs::exists(target, ec))
        for (fs::directory_iterator it(parent, ec), end; !ec && it != end; it.increment(ec)) {
            const std::string name = it->path().filename().string();
            if (name.size() > 4 && name.compare(name.size() - 4, 4, ".old") == 0 && isStaleTemporary(name, prefix) &&
                fs::exists(it->path() / kBundleMarker)) {
                std::error_code mv;
                fs::rename(it->path(), target, mv);
                break;
            }
        }
    removeStaleTemporaries(parent.string(), prefix);
}

} // namespace

void writeFolderAtomically(const std::string& path, const std::function<void(const std::string& dir)>& fill)
{
    const fs::path target = folderTarget(path);
    const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
    const std::string prefix = "." + target.filename().string() + ".partial-";
    const std::string tag = prefix + std::to_string(::getpid());
    const fs::path tmp = parent / tag;
    std::error_code ec;
    recoverAfterKill(parent, target, prefix);
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
    } catch (...) {
        fs::remove_all(tmp, ec);
        throw;
    }
    // Swap in: move an old bundle aside, rename the new one, then delete the old.
    auto finish = [tmp, target, parent, tag, path] {
        std::error_code ec;
        try {
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
    };
    if (!WriteBatch::hold(path, finish, [tmp] {
            std::error_code ec;
            fs::remove_all(tmp, ec);
        }))
        finish();
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
