#pragma once
// Internal to core/catalog: a record, beside a catalog file, that its exact bytes passed PRAGMA
// integrity_check and foreign_key_check. Those two were a quarter of a small plan's instructions (6 M
// of 23 M) on a file that never changes; hashing the file costs ~0.2 M. The record names the file's size
// and a 64-bit hash of all its bytes, so any change to the file (an edit, a damaged page, a copy cut
// short) no longer matches and the full checks run again; a missing, unreadable or damaged record
// only means the full checks run.
#include <string>

namespace fp {

// "<size>:<hash>" of the file's bytes, or "" when it cannot be read or has a write-ahead log beside it
// (its content is then not all in the file). Call it with a read transaction open on the file, so the
// bytes hashed are the bytes read.
std::string catalogContentKey(const std::string& dbPath);

// True when `<dbPath>.checked` records `key`.
bool catalogCheckStampMatches(const std::string& dbPath, const std::string& key);

// Writes `<dbPath>.checked` for `key` (atomically); a folder that cannot be written is no error.
void writeCatalogCheckStamp(const std::string& dbPath, const std::string& key) noexcept;

} // namespace fp
