#pragma once
// Standard output is a file like any other: a write that fails (a full disk behind "> file", a closed
// pipe, /dev/full) must not end in exit 0.
namespace fp::cli {

// Flushes std::cout and stdout; when anything written to them failed, says so on stderr and returns
// exit 2 (else `exitCode` unchanged).
int finishStandardOutput(int exitCode);

} // namespace fp::cli
