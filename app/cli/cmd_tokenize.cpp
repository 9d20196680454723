// smoldesk-cli tokenize / detokenize: the model's tokenizer from the command line.
#include "commands.h"

#include "gguf/file.h"
#include "text/tokenizer.h"

#include <cstdio>
#include <string>

namespace smoldesk::cli {

namespace {

std::unique_ptr<text::Tokenizer> openTokenizer(Args& args, const char* command) {
    auto model = args.option("--model", "-m");
    if (!model) throw UsageError(std::string(command) + " needs a model file (-m FILE).");
    auto file = gguf::File::open(*model);
    return text::Tokenizer::fromGguf(*file);
}

} // namespace

// tokenize -m FILE [--specials] [--bos] [--] TEXT: ids on one line, separated by spaces.
int cmdTokenize(Args& args) {
    const bool specials = args.flag("--specials");
    const bool bos = args.flag("--bos");
    auto tok = openTokenizer(args, "tokenize");
    auto words = args.positionals();
    if (words.empty()) throw UsageError("tokenize needs the text to tokenize.");
    std::string text = words[0];
    for (size_t i = 1; i < words.size(); ++i) text += " " + words[i];

    const auto ids = tok->encode(text, bos, specials);
    std::string line;
    for (size_t i = 0; i < ids.size(); ++i) line += (i ? " " : "") + std::to_string(ids[i]);
    std::printf("%s\n", line.c_str());
    return kExitOk;
}

// detokenize -m FILE IDS...: the text of the ids, special tokens included.
int cmdDetokenize(Args& args) {
    auto tok = openTokenizer(args, "detokenize");
    std::vector<int32_t> ids;
    for (const std::string& word : args.positionals()) {
        const int64_t id = parseInt(word, "a token id");
        if (id < INT32_MIN || id > INT32_MAX) throw UsageError("Token id " + word + " is out of range.");
        ids.push_back(static_cast<int32_t>(id));
    }
    const std::string text = tok->decode(ids, true);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::printf("\n");
    return kExitOk;
}

} // namespace smoldesk::cli
