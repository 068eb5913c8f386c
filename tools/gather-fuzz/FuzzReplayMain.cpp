//===- FuzzReplayMain.cpp - run the fuzz target on files, without libFuzzer =//
//
// Part of the gather-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A main for the fuzz target in builds without libFuzzer (any compiler): it
// runs LLVMFuzzerTestOneInput once on each file named on the command line,
// or on each file of a named directory. Used to replay the seed corpus and
// crash reproducers in the normal build.
//
//   gather-fuzz-replay FILE|DIR...
//
//===----------------------------------------------------------------------===//

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv);
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
  LLVMFuzzerInitialize(&argc, &argv);
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::error_code error;
    if (std::filesystem::is_directory(argv[i], error)) {
      for (const auto &entry : std::filesystem::directory_iterator(argv[i]))
        if (entry.is_regular_file())
          files.push_back(entry.path().string());
    } else {
      files.push_back(argv[i]);
    }
  }
  for (const std::string &file : files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "gather-fuzz-replay: cannot read %s\n",
                   file.c_str());
      return 1;
    }
    std::string bytes((std::istreambuf_iterator<char>(in)),
                      std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.data()),
                           bytes.size());
  }
  std::printf("gather-fuzz-replay: %zu inputs ran\n", files.size());
  return 0;
}
