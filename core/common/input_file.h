#pragma once
// Reading a file the user named, with a bound: only regular files (a FIFO, a device such as
// /dev/zero or /dev/urandom, a directory or a socket is refused before anything is read, so nothing
// can hang or grow without end), and at most `maxBytes`.
#include <cstddef>
#include <string>

namespace fp {

// Throws UserError (where = path) when the file cannot be opened, is not a regular file or is larger
// than maxBytes. `what` names the file for the message ("design file", "price list").
std::string readBoundedFile(const std::string& path, std::size_t maxBytes, const std::string& what);

// "1 MiB", "512 KiB", "300 bytes": for messages about limits.
std::string byteSizeText(std::size_t bytes);

} // namespace fp
