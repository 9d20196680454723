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
// The 1-based line of tests/data/docs/chat/FILE that contains WORDS (-1 when none does): where a
// citation of that corpus must point.
int docsChatLineOf(const std::string& file, const std::string& words);
void writeBytes(const std::string& path, const std::vector<uint8_t>& bytes);
std::vector<float> readF32(const std::string& path);

// The folder packaging/install-deps.sh installs the npm test packages into (SMOLDESK_NPM_PREFIX,
// else $XDG_CACHE_HOME or ~/.cache, then smoldesk-npm), and a file of a package there
// ("@modelcontextprotocol/server-everything/dist/index.js"), or "" when it is not installed.
std::string npmPrefix();
std::string npmPackageFile(const std::string& relative);

// Splits a llama.cpp test-tokenizer `.inp` file on "\n__ggml_vocab_test__\n".
std::vector<std::string> readVocabInputs(const std::string& path);
// Reads the `.out` file: one line of space-separated ids per input.
std::vector<std::vector<int32_t>> readVocabOutputs(const std::string& path);

} // namespace smoldesk::test
