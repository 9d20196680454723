#include "vocab_fixtures.h"

#include "gguf/file.h"
#include "gguf/writer.h"
#include "test_data.h"

#include <QtTest>

namespace smoldesk::test {

std::unique_ptr<text::Tokenizer> loadTokenizer(const std::string& name) {
    auto file = gguf::File::open(dataPath("text/" + name));
    return text::Tokenizer::fromGguf(*file);
}

std::unique_ptr<text::Tokenizer> loadLlama3Tokenizer() {
    const std::string path = tmpPath("llama3-vocab.gguf");
    {
        auto src = gguf::File::open(dataPath("text/smollm3-vocab.gguf"));
        const gguf::Value* tokens = src->getArray("tokenizer.ggml.tokens", gguf::ValueType::String);
        const gguf::Value* merges = src->getArray("tokenizer.ggml.merges", gguf::ValueType::String);
        std::vector<std::string> tokenList, mergeList;
        std::vector<int32_t> types;
        for (size_t i = 0; i < tokens->size(); ++i) {
            tokenList.emplace_back(tokens->stringAt(i));
            types.push_back(i < 128000 ? 1 : 3);
        }
        for (size_t i = 0; i < merges->size(); ++i) mergeList.emplace_back(merges->stringAt(i));
        gguf::Writer w;
        w.set("general.architecture", gguf::WriteValue::string("llama"));
        w.set("tokenizer.ggml.model", gguf::WriteValue::string("gpt2"));
        w.set("tokenizer.ggml.pre", gguf::WriteValue::string("llama-bpe"));
        w.set("tokenizer.ggml.tokens", gguf::WriteValue::strings(tokenList));
        w.set("tokenizer.ggml.token_type", gguf::WriteValue::i32s(types));
        w.set("tokenizer.ggml.merges", gguf::WriteValue::strings(mergeList));
        w.set("tokenizer.ggml.bos_token_id", gguf::WriteValue::u32(128000));
        w.set("tokenizer.ggml.eos_token_id", gguf::WriteValue::u32(128001));
        w.write(path);
    }
    auto file = gguf::File::open(path);
    auto tok = text::Tokenizer::fromGguf(*file);
    QFile::remove(QString::fromStdString(path));
    return tok;
}

} // namespace smoldesk::test
