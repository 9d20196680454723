#include "text/spm.h"

#include "common/error.h"
#include "text/vocab.h"

#include <sentencepiece_processor.h>

#include <cstring>

namespace smoldesk::text {

namespace {

// Just enough of the protobuf wire format to write a ModelProto; the Debian package ships no
// generated headers for it. Field numbers are those of sentencepiece_model.proto.
class ProtoWriter {
  public:
    void varint(uint32_t field, uint64_t value) {
        key(field, 0);
        raw(value);
    }
    void int32(uint32_t field, int32_t value) {
        varint(field, static_cast<uint64_t>(static_cast<int64_t>(value)));
    }
    void float32(uint32_t field, float value) {
        key(field, 5);
        char bytes[4];
        std::memcpy(bytes, &value, 4); // little-endian hosts only, like the GGUF reader
        out_.append(bytes, 4);
    }
    void bytes(uint32_t field, std::string_view value) {
        key(field, 2);
        raw(value.size());
        out_.append(value);
    }
    const std::string& str() const { return out_; }

  private:
    void key(uint32_t field, uint32_t wireType) { raw((static_cast<uint64_t>(field) << 3) | wireType); }
    void raw(uint64_t v) {
        while (v >= 0x80) {
            out_.push_back(static_cast<char>((v & 0x7F) | 0x80));
            v >>= 7;
        }
        out_.push_back(static_cast<char>(v));
    }
    std::string out_;
};

enum PieceType { kNormal = 1, kUnknown = 2, kControl = 3, kUserDefined = 4, kUnused = 5, kByte = 6 };
enum ModelType { kBpe = 2 };

} // namespace

std::string buildSentencePieceModel(const Vocab& vocab) {
    const int32_t unk = vocab.unk();
    if (unk < 0)
        throw Error(ErrorCode::UnsupportedTokenizer,
                    "This SentencePiece vocabulary has no unknown token, which the tokenizer needs.");
    bool hasBytes = false;
    ProtoWriter model;
    for (int32_t id = 0; id < vocab.size(); ++id) {
        int type = kNormal;
        switch (vocab.type(id)) {
        case TokenType::Normal:
            type = kNormal;
            break;
        case TokenType::UserDefined:
            type = kUserDefined;
            break;
        case TokenType::Unused:
            type = kUnused;
            break;
        case TokenType::Byte:
            type = kByte, hasBytes = true;
            break;
        default:
            type = kControl;
            break; // Control, extra Unknown ([PAD…] in Phi-3), Undefined
        }
        // SentencePiece wants exactly one UNKNOWN piece: the file's unknown token id.
        if (id == unk) type = kUnknown;
        ProtoWriter piece;
        piece.bytes(1, vocab.text(id));
        piece.float32(2, vocab.score(id));
        piece.varint(3, static_cast<uint64_t>(type));
        model.bytes(1, piece.str());
    }
    ProtoWriter trainer;
    trainer.varint(3, kBpe);
    if (hasBytes) trainer.varint(35, 1); // byte_fallback
    trainer.int32(40, unk);
    trainer.int32(41, -1); // bos/eos are handled outside the library
    trainer.int32(42, -1);
    trainer.int32(43, -1);
    model.bytes(2, trainer.str());
    // No normalization at all: llama.cpp neither normalizes nor adds the dummy prefix itself
    // here; the caller already turned spaces into U+2581.
    ProtoWriter normalizer;
    normalizer.bytes(1, "identity");
    normalizer.varint(3, 0); // add_dummy_prefix
    normalizer.varint(4, 0); // remove_extra_whitespaces
    normalizer.varint(5, 0); // escape_whitespaces
    model.bytes(3, normalizer.str());
    return model.str();
}

SpmEncoder::SpmEncoder(const Vocab& vocab)
    : vocab_(vocab), processor_(std::make_unique<sentencepiece::SentencePieceProcessor>()) {
    const auto status = processor_->LoadFromSerializedProto(buildSentencePieceModel(vocab));
    if (!status.ok())
        throw Error(ErrorCode::UnsupportedTokenizer,
                    "SentencePiece rejected this vocabulary: " + std::string(status.message()) + ".");
}

SpmEncoder::~SpmEncoder() = default;

void SpmEncoder::encode(std::string_view text, bool afterSpecial, std::vector<int32_t>& out) const {
    std::string escaped;
    escaped.reserve(text.size() * 3 + 3);
    if (vocab_.addSpacePrefix() && afterSpecial) escaped += "\xE2\x96\x81";
    for (char c : text) {
        if (c == ' ') {
            escaped += "\xE2\x96\x81";
        } else {
            escaped.push_back(c);
        }
    }
    std::vector<int> ids;
    const auto status = processor_->Encode(escaped, &ids);
    if (!status.ok())
        throw Error(ErrorCode::InvalidArgument,
                    "SentencePiece could not encode the text: " + std::string(status.message()) + ".");
    out.insert(out.end(), ids.begin(), ids.end());
}

} // namespace smoldesk::text
