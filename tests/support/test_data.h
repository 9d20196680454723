#pragma once
// Helpers shared by the test executables: locating data, reading files, comparing logits.
#include <cstdint>
#include <string>
#include <vector>

namespace smoldesk::test {

// Absolute path of a file under tests/data.
std::string dataPath(const std::string& relative);
// A scratch path in the test's build folder.
std::string tmpPath(const std::string& name);

std::vector<uint8_t> readBytes(const std::string& path);
std::string readText(const std::string& path);
void writeBytes(const std::string& path, const std::vector<uint8_t>& bytes);
std::vector<float> readF32(const std::string& path);

// Splits a llama.cpp test-tokenizer `.inp` file on "\n__ggml_vocab_test__\n".
std::vector<std::string> readVocabInputs(const std::string& path);
// Reads the `.out` file: one line of space-separated ids per input.
std::vector<std::vector<int32_t>> readVocabOutputs(const std::string& path);

} // namespace smoldesk::test
