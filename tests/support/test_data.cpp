#include "test_data.h"

#include <QtTest>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace smoldesk::test {

std::string dataPath(const std::string& relative) {
    const char* env = std::getenv("SMOLDESK_TEST_DATA_DIR");
    return std::string(env && *env ? env : SMOLDESK_TEST_DATA_DIR_DEFAULT) + "/" + relative;
}

std::string tmpPath(const std::string& name) {
    return QDir::tempPath().toStdString() + "/smoldesk-test-" +
           std::to_string(QCoreApplication::applicationPid()) + "-" + name;
}

std::vector<uint8_t> readBytes(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) qFatal("cannot read test file %s", path.c_str());
    return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

std::string readText(const std::string& path) {
    auto b = readBytes(path);
    return std::string(b.begin(), b.end());
}

int docsChatLineOf(const std::string& file, const std::string& words) {
    std::istringstream in(readText(dataPath("docs/chat/" + file)));
    std::string line;
    for (int n = 1; std::getline(in, line); ++n)
        if (line.find(words) != std::string::npos) return n;
    return -1;
}

void writeBytes(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!f) qFatal("cannot write %s", path.c_str());
}

std::vector<float> readF32(const std::string& path) {
    auto b = readBytes(path);
    std::vector<float> v(b.size() / 4);
    std::memcpy(v.data(), b.data(), v.size() * 4);
    return v;
}

std::vector<std::string> readVocabInputs(const std::string& path) {
    std::string text = readText(path);
    const std::string sep = "\n__ggml_vocab_test__\n";
    std::vector<std::string> out;
    size_t pos = 0;
    while (true) {
        size_t next = text.find(sep, pos);
        if (next == std::string::npos) break;
        out.push_back(text.substr(pos, next - pos));
        pos = next + sep.size();
    }
    return out;
}

std::vector<std::vector<int32_t>> readVocabOutputs(const std::string& path) {
    std::istringstream in(readText(path));
    std::vector<std::vector<int32_t>> out;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream ls(line);
        std::vector<int32_t> ids;
        int64_t id;
        while (ls >> id) ids.push_back(static_cast<int32_t>(id));
        out.push_back(std::move(ids));
    }
    return out;
}

std::string npmPrefix() {
    if (const char* prefix = std::getenv("SMOLDESK_NPM_PREFIX"); prefix && *prefix) return prefix;
    const char* cache = std::getenv("XDG_CACHE_HOME");
    const char* home = std::getenv("HOME");
    const std::string base = cache && *cache ? cache : std::string(home ? home : "") + "/.cache";
    return base + "/smoldesk-npm";
}

std::string npmPackageFile(const std::string& relative) {
    const std::string path = npmPrefix() + "/node_modules/" + relative;
    return std::ifstream(path).good() ? path : std::string();
}

} // namespace smoldesk::test
