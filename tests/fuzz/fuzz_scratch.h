#pragma once
// A fuzz target's scratch folder: one per process, emptied when made and removed at exit, so neither
// ctest's replays nor a fuzzing run leave files behind in the temporary folder.
#include <filesystem>
#include <string>
#include <system_error>

#include <unistd.h>

namespace fp::fuzz {

struct ScratchDir {
    std::filesystem::path path;
    explicit ScratchDir(const std::string& what)
        : path(std::filesystem::temp_directory_path() /
               ("fabricplan-fuzz-" + std::to_string(::getpid()) + "-" + what))
    {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~ScratchDir()
    {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
};

} // namespace fp::fuzz
