// StreamingDetokenizer: the UTF-8-safe incremental side of Tokenizer::decode().
#include "text/tokenizer.h"
#include "common/utf8.h"

namespace smoldesk::text {

namespace {
constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
}

StreamingDetokenizer::StreamingDetokenizer(const Tokenizer& tok, bool renderSpecial, bool continuation)
    : tok_(tok), renderSpecial_(renderSpecial), continuation_(continuation), position_(continuation ? 1 : 0) {}

std::string StreamingDetokenizer::push(int32_t id) {
    if (position_ == 0) firstIsBos_ = id == tok_.bos();
    pending_ += tok_.piece(id, renderSpecial_, position_, firstIsBos_);
    ++position_;

    std::string out;
    size_t i = 0;
    while (i < pending_.size()) {
        size_t len = 0;
        const Utf8Prefix kind = classifyUtf8Prefix(std::string_view(pending_).substr(i), len);
        if (kind == Utf8Prefix::Incomplete) break; // wait for the rest of the character
        if (kind == Utf8Prefix::Complete) {
            out.append(pending_, i, len);
        } else {
            out += kReplacement;
        }
        i += len;
    }
    pending_.erase(0, i);
    return out;
}

std::string StreamingDetokenizer::flush() {
    std::string out;
    // What is left is one incomplete sequence at most; it can no longer complete.
    if (!pending_.empty()) out += kReplacement;
    pending_.clear();
    position_ = continuation_ ? 1 : 0;
    firstIsBos_ = false;
    return out;
}

} // namespace smoldesk::text
