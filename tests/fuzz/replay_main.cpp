// Runs a fuzz target's entry point over files and folders given on the command line, without libFuzzer:
// the seed corpus and every input a fuzzer ever found become a regression test in the normal suite
// (gcc, ASan preset included). Exit 0 when every input ran; a crash fails the test by itself.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {
void runOne(const std::filesystem::path& file)
{
    std::ifstream in(file, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}
} // namespace

int main(int argc, char** argv)
{
    std::size_t inputs = 0;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path arg(argv[i]);
        std::vector<std::filesystem::path> files;
        if (std::filesystem::is_directory(arg)) {
            for (const auto& e : std::filesystem::recursive_directory_iterator(arg))
                if (e.is_regular_file()) files.push_back(e.path());
        } else if (std::filesystem::exists(arg)) {
            files.push_back(arg);
        } else {
            std::cerr << argv[0] << ": " << arg << " does not exist\n";
            return 2;
        }
        for (const auto& f : files) {
            runOne(f);
            ++inputs;
        }
    }
    if (inputs == 0) {
        std::cerr << argv[0] << ": no inputs (give corpus files or folders)\n";
        return 2;
    }
    std::cout << "replayed " << inputs << " input(s)\n";
    return 0;
}
