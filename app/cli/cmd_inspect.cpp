// smoldesk-cli inspect FILE: what a model is before anyone loads it.
#include "commands.h"

#include "gguf/file.h"
#include "model/hparams.h"

#include <cstdio>
#include <map>
#include <string>

namespace smoldesk::cli {

namespace {
std::string humanBytes(uint64_t b) {
    char buf[64];
    if (b >= (1ull << 30))
        std::snprintf(buf, sizeof buf, "%.2f GiB", b / double(1ull << 30));
    else if (b >= (1ull << 20))
        std::snprintf(buf, sizeof buf, "%.2f MiB", b / double(1ull << 20));
    else if (b >= 1024)
        std::snprintf(buf, sizeof buf, "%.1f KiB", b / 1024.0);
    else
        std::snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(b));
    return buf;
}
} // namespace

int cmdInspect(Args& args) {
    bool showTensors = args.flag("--tensors");
    auto pos = args.positionals();
    if (pos.size() != 1) throw UsageError("inspect takes exactly one model file.");
    auto file = gguf::File::open(pos[0]);

    std::string arch = std::string(file->getString("general.architecture").value_or("(none)"));
    std::printf("file:          %s\n", file->path().c_str());
    std::printf("size:          %s (%llu bytes)\n", humanBytes(file->fileSize()).c_str(),
                static_cast<unsigned long long>(file->fileSize()));
    std::printf("gguf version:  %u (alignment %u)\n", file->version(), file->alignment());
    if (auto name = file->getString("general.name"))
        std::printf("name:          %.*s\n", int(name->size()), name->data());
    const std::string family = model::architectureFamilyName(arch);
    std::printf("architecture:  %s%s\n", arch.c_str(),
                family.empty() ? " (not supported)" : (" (" + family + ")").c_str());

    std::printf("hyper-parameters:\n");
    const std::string prefix = arch + ".";
    for (const auto& [key, value] : file->metadata())
        if (key.substr(0, prefix.size()) == prefix)
            std::printf("  %-44s %s\n", std::string(key.substr(prefix.size())).c_str(),
                        value.describe().c_str());

    std::string tokModel = std::string(file->getString("tokenizer.ggml.model").value_or("(none)"));
    std::string tokPre = std::string(file->getString("tokenizer.ggml.pre").value_or("default"));
    const gguf::Value* tokens = file->find("tokenizer.ggml.tokens");
    std::printf("tokenizer:     %s (pre-tokenizer %s), %llu tokens\n", tokModel.c_str(), tokPre.c_str(),
                static_cast<unsigned long long>(tokens && tokens->isArray() ? tokens->size() : 0));
    if (auto merges = file->find("tokenizer.ggml.merges"); merges && merges->isArray())
        std::printf("merges:        %llu\n", static_cast<unsigned long long>(merges->size()));
    auto tmpl = file->getString("tokenizer.chat_template");
    std::printf("chat template: %s\n",
                tmpl ? ("present (" + std::to_string(tmpl->size()) + " bytes)").c_str() : "absent");

    std::map<std::string, std::pair<int, uint64_t>> histogram;
    uint64_t params = 0;
    for (const auto& t : file->tensors()) {
        auto& h = histogram[quant::typeName(t.type)];
        h.first++;
        h.second += t.nBytes;
        params += t.nElements;
    }
    std::printf("tensors:       %zu (%llu parameters)\n", file->tensors().size(),
                static_cast<unsigned long long>(params));
    for (const auto& [type, h] : histogram) {
        std::printf("  %-8s %5d tensors  %s\n", type.c_str(), h.first, humanBytes(h.second).c_str());
    }
    if (showTensors)
        for (const auto& t : file->tensors())
            std::printf("  %-40s %-8s %s\n", t.name.c_str(), quant::typeName(t.type),
                        t.shapeString().c_str());
    return kExitOk;
}

} // namespace smoldesk::cli
