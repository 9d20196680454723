#include "text/vocab.h"

#include "common/error.h"
#include "gguf/file.h"
#include "text/byte_encoding.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>

namespace smoldesk::text {

namespace {

bool isOneOf(std::string_view s, std::initializer_list<std::string_view> list) {
    return std::find(list.begin(), list.end(), s) != list.end();
}

// Pre-tokenizer names for which llama.cpp adds BOS unless the file says otherwise (the Llama-3
// family); every other byte-level BPE vocab defaults to no BOS.
bool preTypeAddsBos(std::string_view pre) {
    return isOneOf(
        pre, {"llama3", "llama-v3", "llama-bpe", "falcon3", "falcon-h1", "pixtral", "midm-2.0", "lfm2"});
}

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

// The byte of a "<0xNN>" token, or -1.
int parseByteToken(std::string_view t) {
    if (t.size() != 6 || t.substr(0, 3) != "<0x" || t[5] != '>') return -1;
    const int hi = hexDigit(t[3]), lo = hexDigit(t[4]);
    return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

uint16_t attrsOfType(TokenType type) {
    switch (type) {
    case TokenType::Normal:
        return kAttrNormal;
    case TokenType::Unknown:
        return kAttrUnknown;
    case TokenType::Control:
        return kAttrControl;
    case TokenType::UserDefined:
        return kAttrUserDefined;
    case TokenType::Unused:
        return kAttrUnused;
    case TokenType::Byte:
        return kAttrByte;
    default:
        return 0;
    }
}

} // namespace

std::unique_ptr<Vocab> Vocab::load(const gguf::File& file) {
    std::unique_ptr<Vocab> v(new Vocab());
    v->modelName_ = std::string(file.requireString("tokenizer.ggml.model"));
    v->preName_ = std::string(file.getString("tokenizer.ggml.pre").value_or("default"));
    if (v->preName_.empty()) v->preName_ = "default";

    if (v->modelName_ == "gpt2") {
        v->kind_ = VocabKind::BytePairEncoding;
        v->addBos_ = preTypeAddsBos(v->preName_);
        v->addSpacePrefix_ = false;
    } else if (v->modelName_ == "llama") {
        v->kind_ = VocabKind::SentencePiece;
        v->addBos_ = true;
        v->addSpacePrefix_ = true;
    } else if (v->modelName_ == "bert") {
        v->kind_ = VocabKind::WordPiece;
        v->addBos_ = true; // [CLS] text [SEP], as llama.cpp does unless the file says otherwise
        v->addSep_ = true;
        v->lowercase_ = file.getBool("tokenizer.ggml.normalizer.lowercase").value_or(true);
        v->stripAccents_ = file.getBool("tokenizer.ggml.normalizer.strip_accents").value_or(v->lowercase_);
    } else {
        throw Error(ErrorCode::UnsupportedTokenizer,
                    "The tokenizer type '" + v->modelName_ +
                        "' is not supported; only byte-level BPE (gpt2), SentencePiece (llama) and WordPiece "
                        "(bert) vocabularies are.");
    }
    if (auto b = file.getBool("tokenizer.ggml.add_space_prefix")) v->addSpacePrefix_ = *b;

    v->readTokens(file);
    v->readSpecialIds(file);
    if (auto b = file.getBool("tokenizer.ggml.add_bos_token")) v->addBos_ = *b;
    if (auto b = file.getBool("tokenizer.ggml.add_eos_token")) v->addEos_ = *b;
    if (auto b = file.getBool("tokenizer.ggml.add_sep_token")) v->addSep_ = *b;
    if (v->addBos_ && v->bos_ < 0) v->addBos_ = false;
    if (v->addEos_ && v->eos_ < 0) v->addEos_ = false;
    if (v->addSep_ && v->sep_ < 0) v->addSep_ = false;
    v->deriveSpecialTokens(file);
    v->buildPieces();
    return v;
}

void Vocab::readTokens(const gguf::File& file) {
    const gguf::Value* tokens = file.getArray("tokenizer.ggml.tokens", gguf::ValueType::String);
    if (!tokens) throw Error(ErrorCode::MissingKey, "The model has no token list (tokenizer.ggml.tokens).");
    const size_t n = tokens->size();
    if (n == 0 || n > static_cast<size_t>(INT32_MAX))
        throw Error(ErrorCode::Corrupt, "The model's token list has an impossible size.");

    const gguf::Value* scores = file.getArray("tokenizer.ggml.scores", gguf::ValueType::F32);
    const gguf::Value* types = file.getArray("tokenizer.ggml.token_type", gguf::ValueType::I32);
    if (scores && scores->size() < n)
        throw Error(ErrorCode::Corrupt, "The model has fewer token scores than tokens.");
    if (types && types->size() < n)
        throw Error(ErrorCode::Corrupt, "The model has fewer token types than tokens.");

    size_t total = 0;
    for (size_t i = 0; i < n; ++i) total += tokens->stringAt(i).size();
    arena_.reserve(total + 16 * n);
    offsets_.reserve(n + 1);
    types_.resize(n, TokenType::Normal);
    attrs_.resize(n, kAttrNormal);
    if (scores) scores_.resize(n);

    for (size_t i = 0; i < n; ++i) {
        offsets_.push_back(static_cast<uint32_t>(arena_.size()));
        std::string_view word = tokens->stringAt(i);
        if (word.empty()) {
            arena_ += "[EMPTY_" + std::to_string(i) + "]"; // llama.cpp's stand-in, keeps ids unique
        } else {
            arena_ += word;
        }
        if (scores) scores_[i] = static_cast<float>(scores->floatAt(i));
        if (types) {
            int64_t t = types->intAt(i);
            types_[i] = (t >= 1 && t <= 6) ? static_cast<TokenType>(t) : TokenType::Undefined;
            attrs_[i] = attrsOfType(types_[i]);
        }
    }
    offsets_.push_back(static_cast<uint32_t>(arena_.size()));

    index_.reset(n);
    const auto textOf = [this](int32_t id) { return text(id); };
    for (size_t i = 0; i < n; ++i) {
        const int32_t id = static_cast<int32_t>(i);
        const int32_t existing = index_.insert(text(id), id, textOf);
        if (existing != id)
            throw Error(ErrorCode::Corrupt, "The token list has the token '" + std::string(text(id)) +
                                                "' twice (ids " + std::to_string(existing) + " and " +
                                                std::to_string(i) + ").");
    }

    byteTokens_.fill(-1);
    if (kind_ == VocabKind::SentencePiece) {
        static const char* kHex = "0123456789ABCDEF";
        for (int b = 0; b < 256; ++b) {
            const char name[7] = {'<', '0', 'x', kHex[b >> 4], kHex[b & 15], '>', 0};
            if (auto id = find(name)) {
                byteTokens_[b] = *id;
            } else if (auto plain = find(std::string(1, static_cast<char>(b)))) {
                byteTokens_[b] = *plain; // llama.cpp falls back to the byte itself as a token
            }
        }
    }
}

std::optional<int32_t> Vocab::find(std::string_view s) const {
    const int32_t id = index_.find(s, [this](int32_t i) { return text(i); });
    if (id < 0) return std::nullopt;
    return id;
}

void Vocab::readSpecialIds(const gguf::File& file) {
    if (kind_ == VocabKind::SentencePiece) bos_ = 1, eos_ = 2, unk_ = 0;   // llama.cpp's SPM defaults
    if (kind_ == VocabKind::WordPiece) bos_ = 101, unk_ = 100, sep_ = 102; // and its BERT defaults
    const auto readId = [&](std::string_view key, int32_t& id) {
        if (!valid(id)) id = -1;
        const gguf::Value* value = file.find(key);
        if (!value || value->isArray()) return;
        try {
            int64_t v = value->asInt(key);
            if (v >= 0 && v < size()) id = static_cast<int32_t>(v); // out of range: keep default
        } catch (const Error&) {
        }
    };
    readId("tokenizer.ggml.bos_token_id", bos_);
    readId("tokenizer.ggml.eos_token_id", eos_);
    readId("tokenizer.ggml.unknown_token_id", unk_);
    readId("tokenizer.ggml.seperator_token_id", sep_); // sic: the key's spelling in GGUF
    readId("tokenizer.ggml.eot_token_id", eot_);
    readId("tokenizer.ggml.eom_token_id", eom_);
    readId("tokenizer.ggml.fim_pad_token_id", fimPad_);
    readId("tokenizer.ggml.fim_rep_token_id", fimRep_);
    readId("tokenizer.ggml.fim_sep_token_id", fimSep_);
}

void Vocab::deriveSpecialTokens(const gguf::File& file) {
    const int32_t n = size();
    // Models often ship without eot/eom/fim ids; llama.cpp finds them by their text and makes them
    // CONTROL, which matters because CONTROL tokens are only matched with special parsing on.
    const auto detect = [&](int32_t& slot, std::initializer_list<std::string_view> names) {
        for (int32_t id = 0; id < n && slot < 0; ++id)
            if (isOneOf(text(id), names)) {
                slot = id;
                attrs_[id] |= kAttrControl;
            }
    };
    detect(eot_, {"<|eot_id|>", "<|im_end|>", "<|end|>", "<end_of_turn>", "<|endoftext|>", "<|end_of_text|>",
                  "<EOT>", "_<EOT>", "[EOT]",
                  "<\xEF\xBD\x9C"
                  "end\xE2\x96\x81of\xE2\x96\x81sentence\xEF\xBD\x9C>",
                  "<end_of_utterance>"});
    detect(eom_, {"<|eom_id|>"});
    detect(fimPad_, {"<|fim_pad|>", "<fim-pad>", "<fim_pad>", "<PAD>", "[PAD]"});
    detect(fimRep_, {"<|fim_repo|>", "<|repo_name|>", "<fim-repo>", "<REPO>", "<reponame>"});
    detect(fimSep_, {"<|file_sep|>"});

    eog_.assign(n, false);
    for (int32_t id : {fimPad_, fimRep_, fimSep_, eos_, eot_, eom_})
        if (valid(id)) eog_[id] = true;
    for (int32_t id = 0; id < n; ++id) {
        if (isOneOf(text(id), {"<|eot_id|>", "<|im_end|>", "<|end|>", "<|return|>", "<|call|>",
                               "<end_of_turn>", "<|endoftext|>", "<|eom_id|>", "<EOT>", "_<EOT>", "[EOT]",
                               "[EOS]", "<|end_of_text|>", "<end_of_utterance>"})) {
            eog_[id] = true;
            attrs_[id] |= kAttrControl;
        }
    }

    markHarmonyTokens();

    for (int32_t id = 0; id < n; ++id)
        if (attrs_[id] & (kAttrControl | kAttrUserDefined | kAttrUnknown)) specialTokens_.push_back(id);
    std::stable_sort(specialTokens_.begin(), specialTokens_.end(),
                     [&](int32_t a, int32_t b) { return text(a).size() > text(b).size(); });

    // Phi-3 special tokens eat the whitespace after them (llama.cpp keys this on the model name).
    std::string name(file.getString("general.name").value_or(""));
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    if (name.find("phi-3") != std::string::npos || name.find("phi3") != std::string::npos) {
        for (int32_t id : specialTokens_) attrs_[id] |= kAttrRstrip;
        if (auto id = find("</s>")) attrs_[*id] |= kAttrRstrip;
        for (const char* t : {"<unk>", "<s>", "<|endoftext|>"})
            if (auto id = find(t)) attrs_[*id] &= static_cast<uint16_t>(~kAttrRstrip);
    }
}

void Vocab::markHarmonyTokens() {
    // The stream parser of gpt-oss's harmony format reads these markers in the output text.
    for (std::string_view marker : {"<|channel|>", "<|message|>", "<|start|>", "<|constrain|>"})
        if (auto id = find(marker)) attrs_[*id] |= kAttrRendered;
    // <|end|> closes a harmony message (the thought, a tool call's preamble) but not the turn;
    // the turn ends at <|return|> or <|call|>. llama.cpp keys this on those two being EOG too.
    const auto end = find("<|end|>"), ret = find("<|return|>"), call = find("<|call|>");
    if (end && ret && call && eog_[*end] && eog_[*ret] && eog_[*call]) {
        eog_[*end] = false;
        attrs_[*end] |= kAttrRendered;
    }
}

void Vocab::buildPieces() {
    const int32_t n = size();
    pieceOffsets_.reserve(n + 1);
    pieceArena_.reserve(arena_.size());
    for (int32_t id = 0; id < n; ++id) {
        pieceOffsets_.push_back(static_cast<uint32_t>(pieceArena_.size()));
        const uint16_t a = attrs_[id];
        const std::string_view t = text(id);
        if (a & (kAttrUnknown | kAttrControl | kAttrUserDefined)) {
            pieceArena_ += t;
        } else if (a & kAttrNormal) {
            if (kind_ == VocabKind::BytePairEncoding) {
                pieceArena_ += byteDecode(t);
            } else {
                for (size_t i = 0; i < t.size(); ++i) { // U+2581 stands for a space
                    if (t.compare(i, 3, "\xE2\x96\x81") == 0) {
                        pieceArena_ += ' ';
                        i += 2;
                    } else {
                        pieceArena_ += t[i];
                    }
                }
            }
        } else if (a & kAttrByte) {
            if (int byte = parseByteToken(t); byte >= 0) pieceArena_ += static_cast<char>(byte);
        }
        // UNUSED and undefined tokens render as nothing, as in llama.cpp.
    }
    pieceOffsets_.push_back(static_cast<uint32_t>(pieceArena_.size()));
}

} // namespace smoldesk::text
