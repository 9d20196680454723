#include "retrieval/embedder.h"

#include "common/error.h"
#include "model/decoder.h"
#include "model/encoder.h"
#include "model/hparams.h"

#include <algorithm>

namespace smoldesk::retrieval {

namespace {
int contextFor(int trained, int requested) {
    return requested > 0 ? requested : std::min(trained, Embedder::kDefaultMaxTokens);
}
} // namespace

Embedder::Embedder(const gguf::File& file, compute::Backend& backend, const Options& options) {
    arch_ = std::string(file.requireString("general.architecture"));
    const std::optional<model::Pooling> filePooling = model::poolingOfFile(file);
    if (model::isEncoderArchitecture(arch_)) {
        model::EncoderParams p = model::readEncoderParams(file);
        dim_ = p.nEmbd;
        pooling_ = options.pooling.value_or(filePooling.value_or(model::Pooling::Cls));
        tokenizer_ = text::Tokenizer::fromGguf(file);
        const int ctx = contextFor(p.nCtxTrain, options.maxTokens);
        encoder_ = std::make_unique<model::Encoder>(file, std::move(p), backend, ctx);
        maxTokens_ = encoder_->maxTokens();
        return;
    }
    if (!filePooling && !options.pooling)
        throw Error(ErrorCode::UnsupportedArch,
                    "This '" + arch_ + "' model is not an embedding model: its file names no pooling type.");
    model::HyperParams hp = model::readHyperParams(file);
    dim_ = hp.nEmbd;
    pooling_ = options.pooling ? *options.pooling : *filePooling;
    tokenizer_ = text::Tokenizer::fromGguf(file);
    maxTokens_ = contextFor(hp.nCtxTrain > 0 ? hp.nCtxTrain : kDefaultMaxTokens, options.maxTokens);
    decoder_ = std::make_unique<model::Decoder>(file, std::move(hp), backend, maxTokens_, maxTokens_);
}

Embedder::~Embedder() = default;

std::vector<int32_t> Embedder::tokenize(std::string_view text) const {
    return tokenizer_->encodeWithSpecials(text, true);
}

std::vector<float> Embedder::embed(std::span<const int32_t> ids, bool normalize) {
    const int n = static_cast<int>(ids.size());
    if (n == 0) throw Error(ErrorCode::InvalidArgument, "There is nothing to embed: the text has no tokens.");
    if (n > maxTokens_)
        throw Error(ErrorCode::InvalidArgument, "The text has " + std::to_string(n) +
                                                    " tokens, more than the model's context of " +
                                                    std::to_string(maxTokens_) + ".");
    if (encoder_)
        encoder_->forward(ids, hidden_);
    else
        decoder_->forwardHidden(ids, 0, hidden_);
    std::vector<float> out = model::pool(pooling_, hidden_, n, dim_);
    if (normalize) model::normalizeRows(out, dim_);
    return out;
}

std::vector<std::vector<float>> Embedder::embedBatch(std::span<const std::vector<int32_t>> sequences,
                                                     bool normalize) {
    std::vector<std::vector<float>> out;
    if (!encoder_ || sequences.size() < 2 || pooling_ == model::Pooling::None) {
        for (const std::vector<int32_t>& s : sequences) out.push_back(embed(s, normalize));
        return out;
    }
    std::vector<std::span<const int32_t>> spans;
    for (const std::vector<int32_t>& s : sequences) {
        if (s.empty())
            throw Error(ErrorCode::InvalidArgument, "There is nothing to embed: the text has no tokens.");
        spans.emplace_back(s);
    }
    encoder_->forwardBatch(spans, hidden_);
    size_t row = 0;
    for (const std::vector<int32_t>& s : sequences) {
        const size_t rows = s.size(), d = static_cast<size_t>(dim_);
        const std::span<const float> h(hidden_.data() + row * d, rows * d);
        out.push_back(model::pool(pooling_, h, static_cast<int>(rows), dim_));
        if (normalize) model::normalizeRows(out.back(), dim_);
        row += rows;
    }
    return out;
}

std::vector<std::vector<float>> Embedder::embedAll(std::span<const std::vector<int32_t>> sequences,
                                                   bool normalize) {
    std::vector<std::vector<float>> out;
    out.reserve(sequences.size());
    const size_t limit = static_cast<size_t>(std::min(kBatchTokens, maxTokens_));
    size_t begin = 0, tokens = 0;
    auto flush = [&](size_t end) {
        if (end == begin) return;
        for (std::vector<float>& v : embedBatch(sequences.subspan(begin, end - begin), normalize))
            out.push_back(std::move(v));
        begin = end;
        tokens = 0;
    };
    for (size_t i = 0; i < sequences.size(); ++i) {
        if (tokens + sequences[i].size() > limit || i - begin >= kBatchSequences) flush(i);
        tokens += sequences[i].size();
    }
    flush(sequences.size());
    return out;
}

} // namespace smoldesk::retrieval
