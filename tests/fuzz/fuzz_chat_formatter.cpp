// The chat formatter: a conversation built from the input is rendered on one of the real chat
// templates of the fixtures (or the built-in ChatML), then tokenized with special parsing on, as
// the app does before every answer. Message texts, roles, the thinking switch and extra template
// variables come from strangers (chats, API clients); the result is a prompt or Error, nothing else.
//
// Input layout (seeds in corpus/chat_formatter/ are written this way):
//   byte 0   template: index into conversations.json's template list, the last index is ChatML
//   byte 1   bit 0 add_generation_prompt, bit 1 enable_thinking given, bit 2 its value,
//            bit 3 the last record is extra template variables as JSON
//   then records separated by 0x1E, each "role 0x1F content" (no 0x1F: the role is "user")
#include "chat/chat_formatter.h"
#include "common/error.h"
#include "gguf/file.h"
#include "jinja/template.h"
#include "text/tokenizer.h"

#include <cstdint>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace smoldesk;

struct Fixtures {
    std::unique_ptr<gguf::File> vocabFile;
    std::unique_ptr<text::Tokenizer> tokenizer;
    std::vector<std::unique_ptr<chat::ChatFormatter>> formatters;
};

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorCode::Io, "Cannot read " + path + ".");
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string specialToken(const jinja::Value& tokens, const char* name) {
    const jinja::Value* v = tokens.isDict() ? tokens.dictData().find(name) : nullptr;
    return v && v->isString() ? jinja::toStr(*v) : std::string();
}

const Fixtures& fixtures() {
    static const Fixtures f = [] {
        Fixtures out;
        const std::string data = SMOLDESK_FUZZ_DATA_DIR;
        out.vocabFile = gguf::File::open(data + "/text/smollm3-vocab.gguf");
        out.tokenizer = text::Tokenizer::fromGguf(*out.vocabFile);
        const std::string dir = data + "/jinja/templates/";
        const jinja::Value index = jinja::parseJson(readFile(dir + "conversations.json"));
        for (const auto& [name, entry] : index.dictData().find("templates")->dictData().entries()) {
            const jinja::Value& special = *entry.dictData().find("special_tokens");
            out.formatters.push_back(chat::ChatFormatter::fromTemplateSource(
                readFile(dir + jinja::toStr(*entry.dictData().find("file"))),
                specialToken(special, "bos_token"), specialToken(special, "eos_token"), *out.tokenizer));
        }
        out.formatters.push_back(chat::ChatFormatter::fromTemplateSource("", "", "", *out.tokenizer));
        for (auto& formatter : out.formatters) formatter->setClock([] { return std::tm{}; });
        return out;
    }();
    return f;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    for (size_t start = 0;;) {
        const size_t end = text.find(separator, start);
        parts.push_back(
            text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) return parts;
        start = end + 1;
    }
}

} // namespace

// Loads the vocabulary and parses the templates once, before the first input (under ASan that
// takes longer than one input may).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
    fixtures();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 2) return 0;
    const Fixtures& f = fixtures();
    const chat::ChatFormatter& formatter = *f.formatters[data[0] % f.formatters.size()];
    const uint8_t flags = data[1];
    chat::ChatRequest request;
    request.addGenerationPrompt = flags & 1;
    if (flags & 2) request.enableThinking = (flags & 4) != 0;
    std::vector<std::string_view> records =
        split({reinterpret_cast<const char*>(data) + 2, size - 2}, '\x1e');
    if ((flags & 8) && !records.empty()) {
        request.extraContextJson = std::string(records.back());
        records.pop_back();
    }
    for (std::string_view record : records) {
        const size_t sep = record.find('\x1f');
        if (sep == std::string_view::npos)
            request.messages.push_back({"user", std::string(record)});
        else
            request.messages.push_back(
                {std::string(record.substr(0, sep)), std::string(record.substr(sep + 1))});
    }
    try {
        const std::vector<int32_t> ids = formatter.tokenize(request);
        for (int32_t id : ids)
            if (id < 0 || id >= f.tokenizer->vocabSize()) __builtin_trap();
        (void)chat::ChatFormatter::promptOpensThought(formatter.render(request));
    } catch (const Error&) {
    }
    return 0;
}
