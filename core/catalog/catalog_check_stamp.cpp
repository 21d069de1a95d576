#include "catalog/catalog_check_stamp.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <vector>

#include "common/atomic_file.h"

namespace fs = std::filesystem;

namespace fp {
namespace {

constexpr const char* kStampHeader = "FabricPlan catalog checks passed (integrity_check, foreign_key_check) v1\n";

std::string stampPath(const std::string& dbPath) { return dbPath + ".checked"; }

// 64-bit multiply-xor hash over 8-byte words (FNV-1a's prime, with a shift to spread the high bits):
// meant to notice accidental change, not to resist a forger; a forger could edit the stamp anyway.
std::uint64_t hashBytes(const unsigned char* p, std::size_t n, std::uint64_t h)
{
    constexpr std::uint64_t kPrime = 1099511628211ULL;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t w;
        std::memcpy(&w, p + i, 8);
        h = (h ^ w) * kPrime;
        h ^= h >> 29;
    }
    for (; i < n; ++i) h = (h ^ p[i]) * kPrime;
    return h;
}

} // namespace

std::string catalogContentKey(const std::string& dbPath)
{
    std::error_code ec;
    if (fs::exists(dbPath + "-wal", ec)) return {};
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(dbPath.c_str(), "rb"), &std::fclose);
    if (!f) return {};
    std::vector<unsigned char> buf(1 << 16);
    std::uint64_t h = 14695981039346656037ULL, size = 0;
    for (;;) {
        const std::size_t n = std::fread(buf.data(), 1, buf.size(), f.get());
        h = hashBytes(buf.data(), n, h);
        size += n;
        if (n < buf.size()) break;
    }
    if (std::ferror(f.get())) return {};
    char key[64];
    std::snprintf(key, sizeof key, "%llu:%016llx", static_cast<unsigned long long>(size),
                  static_cast<unsigned long long>(h));
    return key;
}

bool catalogCheckStampMatches(const std::string& dbPath, const std::string& key)
{
    if (key.empty()) return false;
    std::ifstream in(stampPath(dbPath), std::ios::binary);
    if (!in) return false;
    char text[256];
    in.read(text, sizeof text);
    return std::string(text, static_cast<std::size_t>(in.gcount())) == kStampHeader + key + "\n";
}

void writeCatalogCheckStamp(const std::string& dbPath, const std::string& key) noexcept
{
    if (key.empty()) return;
    try {
        writeFileAtomically(stampPath(dbPath), [&](std::ostream& out) { out << kStampHeader << key << "\n"; });
    } catch (...) {
        // A read-only folder (an installed catalog): the checks simply run on every load.
    }
}

} // namespace fp
