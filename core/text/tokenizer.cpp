#include "text/tokenizer.h"

#include "common/error.h"
#include "gguf/file.h"
#include "text/bpe.h"
#include "text/special_split.h"
#include "text/spm.h"
#include "text/vocab.h"
#include "text/wordpiece.h"

#include <algorithm>

namespace smoldesk::text {

namespace {
bool hiddenUnlessSpecial(uint16_t attrs) {
    return (attrs & (kAttrControl | kAttrUnknown)) && !(attrs & kAttrRendered);
}
} // namespace

Tokenizer::Tokenizer() = default;
Tokenizer::~Tokenizer() = default;

std::unique_ptr<Tokenizer> Tokenizer::fromGguf(const gguf::File& file) {
    std::unique_ptr<Tokenizer> tok(new Tokenizer());
    tok->vocab_ = Vocab::load(file);
    switch (tok->vocab_->kind()) {
    case VocabKind::BytePairEncoding:
        tok->encoder_ = std::make_unique<BpeEncoder>(*tok->vocab_, file);
        break;
    case VocabKind::SentencePiece:
        tok->encoder_ = std::make_unique<SpmEncoder>(*tok->vocab_);
        break;
    case VocabKind::WordPiece:
        tok->encoder_ = std::make_unique<WordPieceEncoder>(*tok->vocab_);
        break;
    }
    return tok;
}

std::vector<int32_t> Tokenizer::encode(std::string_view text, bool addBos, bool parseSpecial) const {
    return encode(text, addBos, parseSpecial, {});
}

std::vector<int32_t> Tokenizer::encode(std::string_view text, bool addBos, bool parseSpecial,
                                       std::span<const ByteRange> literal) const {
    // Special tokens are cut out of each region on its own; neighbouring text runs are joined
    // again, so the ranges change nothing where they hold no special token.
    std::vector<Fragment> fragments;
    auto addRegion = [&](size_t begin, size_t end, bool special) {
        if (begin >= end) return;
        for (Fragment f : splitSpecialTokens(*vocab_, text.substr(begin, end - begin), special)) {
            f.offset += begin;
            Fragment* last = fragments.empty() ? nullptr : &fragments.back();
            if (f.token < 0 && last && last->token < 0 && last->offset + last->length == f.offset)
                last->length += f.length;
            else
                fragments.push_back(f);
        }
    };
    size_t pos = 0;
    for (const ByteRange& r : literal) {
        const size_t begin = std::clamp(r.begin, pos, text.size()),
                     end = std::clamp(r.end, begin, text.size());
        addRegion(pos, begin, parseSpecial);
        addRegion(begin, end, false);
        pos = end;
    }
    addRegion(pos, text.size(), parseSpecial);

    std::vector<int32_t> out;
    out.reserve(text.size() / 3 + 2);
    if (addBos && vocab_->bos() >= 0) out.push_back(vocab_->bos());
    bool afterSpecial = true;
    for (const Fragment& f : fragments) {
        if (f.token >= 0) {
            out.push_back(f.token);
            afterSpecial = true;
        } else {
            encoder_->encode(text.substr(f.offset, f.length), afterSpecial, out);
            afterSpecial = false;
        }
    }
    return out;
}

std::vector<int32_t> Tokenizer::encodeWithSpecials(std::string_view text, bool parseSpecial) const {
    std::vector<int32_t> ids = encode(text, vocab_->addBos(), parseSpecial);
    if (vocab_->addEos()) ids.push_back(vocab_->eos());
    if (vocab_->addSep()) ids.push_back(vocab_->sep());
    return ids;
}

void Tokenizer::checkId(int32_t id) const {
    if (!vocab_->valid(id))
        throw Error(ErrorCode::InvalidArgument, "Token id " + std::to_string(id) +
                                                    " is outside the vocabulary of " +
                                                    std::to_string(vocab_->size()) + " tokens.");
}

std::string_view Tokenizer::piece(int32_t id, bool renderSpecial, size_t position, bool firstIsBos) const {
    checkId(id);
    if (!renderSpecial && hiddenUnlessSpecial(vocab_->attrs(id))) return {};
    std::string_view p = vocab_->piece(id);
    // encode() put a space in front of the text; the first real token gives it back.
    const size_t firstTextPosition = firstIsBos ? 1 : 0;
    if (vocab_->addSpacePrefix() && position == firstTextPosition && !p.empty() && p.front() == ' ')
        p.remove_prefix(1);
    return p;
}

std::string Tokenizer::decode(std::span<const int32_t> ids, bool renderSpecial) const {
    std::string out;
    const bool firstIsBos = !ids.empty() && ids[0] == vocab_->bos();
    for (size_t i = 0; i < ids.size(); ++i) out += piece(ids[i], renderSpecial, i, firstIsBos);
    return out;
}

std::string Tokenizer::tokenPiece(int32_t id, bool renderSpecial) const {
    checkId(id);
    if (!renderSpecial && hiddenUnlessSpecial(vocab_->attrs(id))) return {};
    return std::string(vocab_->piece(id));
}

int32_t Tokenizer::vocabSize() const {
    return vocab_->size();
}
int32_t Tokenizer::bos() const {
    return vocab_->bos();
}
int32_t Tokenizer::eos() const {
    return vocab_->eos();
}
bool Tokenizer::isEndOfGeneration(int32_t id) const {
    return vocab_->isEndOfGeneration(id);
}
bool Tokenizer::addBosByDefault() const {
    return vocab_->addBos();
}
bool Tokenizer::addSpacePrefix() const {
    return vocab_->addSpacePrefix();
}
std::optional<int32_t> Tokenizer::tokenId(std::string_view text) const {
    return vocab_->find(text);
}
std::string_view Tokenizer::modelName() const {
    return vocab_->modelName();
}
std::string_view Tokenizer::preName() const {
    return vocab_->preName();
}

std::string_view Tokenizer::tokenText(int32_t id) const {
    checkId(id);
    return vocab_->text(id);
}

TokenType Tokenizer::tokenType(int32_t id) const {
    checkId(id);
    return vocab_->type(id);
}

} // namespace smoldesk::text
