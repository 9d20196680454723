#include "text/pretokenizer.h"

#include "common/error.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <algorithm>
#include <initializer_list>

namespace smoldesk::text {

namespace {

// llama.cpp spells (?i:'s|...) out as character classes for std::regex; PCRE2 takes either form.
constexpr const char* kLlama3 =
    "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| "
    "?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
constexpr const char* kQwen2 =
    "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| "
    "?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
// GPT-2's regex; llama.cpp's hand-written matcher for it also takes the final \s+ alternative.
constexpr const char* kGpt2 =
    "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+";

// OpenAI's o200k pattern (tiktoken), letters with their combining marks (\p{M}) kept in one
// word. llama.cpp's gpt-4o regex drops \p{M} and splits Hindi, Khmer, Thai or Arabic words at
// every vowel sign; the model was trained on tiktoken's words, so we follow tiktoken.
constexpr const char* kO200k =
    "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+"
    "(?i:'s|'t|'re|'ve|'m|'ll|'d)?|"
    "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*"
    "(?i:'s|'t|'re|'ve|'m|'ll|'d)?|"
    "\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";

// CJK ideographs, U+0800..U+4E00 and Hangul, as in DeepSeek's tokenizer.json.
constexpr const char* kCjk = "[\u4e00-\u9fa5\u0800-\u4e00\uac00-\ud7ff]+";

struct PreTypeSpec {
    std::initializer_list<std::string_view> names;
    std::initializer_list<const char*> regexes;
    bool ignoreMerges;
};

const PreTypeSpec kPreTypes[] = {
    {{"llama3", "llama-v3", "llama-bpe", "falcon3", "falcon-h1", "pixtral", "midm-2.0", "lfm2"},
     {kLlama3},
     true},
    // tiktoken takes a word that is a whole vocab entry as is before merging, like ignore_merges.
    {{"gpt-4o"}, {kO200k}, true},
    {{"smaug-bpe", "dbrx", "chatglm-bpe", "glm4"}, {kLlama3}, false},
    // deepseek-llm's letter class, written with escapes so that no editor can normalize it.
    {{"deepseek-llm"},
     {"[\r\n]",
      "\\s?[A-Za-z\u00b5\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u01ba\u01bc-\u01bf\u01c4-\u0293\u0295-\u02af"
      "\u0370-\u0373\u0376\u0377\u037b-\u037d\u037f\u0386\u0388-\u038a\u038c\u038e-\u03a1\u03a3-\u03f5"
      "\u03f7-\u0481\u048a-\u052f\u0531-\u0556\u10a0-\u10c5\u13a0-\u13f5\u13f8-\u13fd\u1c90-\u1cba"
      "\u1cbd-\u1cbf\u1d00-\u1d2b\u1d6b-\u1d77\u1d79-\u1d9a\u1e00-\u1f15\u1f18-\u1f1d\u1f20-\u1f45"
      "\u1f48-\u1f4d\u1f50-\u1f57\u1f59\u1f5b\u1f5d\u1f5f-\u1f7d\u1f80-\u1fb4\u1fb6-\u1fbc\u1fbe"
      "\u1fc2-\u1fc4\u1fc6-\u1fcc\u1fd0-\u1fd3\u1fd6-\u1fdb\u1fe0-\u1fec\u1ff2-\u1ff4\u1ff6-\u1ffc"
      "\u2102\u2107\u210a-\u2113\u2115\u2119-\u211d\u2124\u2126\u2128\u212a-\u212d\u212f-\u2134\u2139"
      "\u213c-\u213f\u2145-\u2149\u214e\u2183\u2184\u2c00-\u2c7b\u2c7e-\u2ce4\u2ceb-\u2cee\u2cf2\u2cf3"
      "\ua640-\ua66d\ua680-\ua69b\ua722-\ua76f\ua771-\ua787\ua78b-\ua78e\uab70-\uabbf\ufb00-\ufb06"
      "\ufb13-\ufb17\uff21-\uff3a\uff41-\uff5a\U00010400-\U0001044f\U000104b0-\U000104d3"
      "\U000104d8-\U000104fb\U00010c80-\U00010cb2\U00010cc0-\U00010cf2\U000118a0-\U000118df"
      "\U0001e900-\U0001e943]+",
      "\\s?[!-/:-~\uff01-\uff0f\uff1a-\uff5e\u2018-\u201f\u3000-\u3002]+", "\\s+$", kCjk, "\\p{N}+"},
     false},
    {{"deepseek-coder"}, {"[\r\n]", "\\s?\\p{L}+", "\\s?\\p{P}+", kCjk, "\\p{N}"}, false},
    {{"falcon"}, {"[\\p{P}\\$\\+<=>\\^~\\|`]+", kGpt2, "[0-9][0-9][0-9]"}, false},
    {{"starcoder", "refact", "command-r", "smollm", "codeshell", "exaone", "minerva"},
     {"\\p{N}", kGpt2},
     false},
    {{"gpt-2", "phi-2", "mpt", "olmo", "jais", "trillion", "jina-es", "jina-de", "jina-v1-en", "jina-v2-es",
      "jina-v2-de", "jina-v2-code", "gigachat", "roberta-bpe", "a.x-4.0", "mellum", "modern-bert"},
     {kGpt2},
     false},
    {{"qwen2", "deepseek-r1-qwen", "stablelm2", "hunyuan"}, {kQwen2}, false},
    {{"poro-chat", "bloom", "gpt3-finnish"},
     {" ?[^(\\s|.,!?\u2026\u3002\uff0c\u3001\u0964\u06d4\u060c)]+"},
     false},
    {{"default"}, {"[\\p{P}\\$\\+<=>\\^~\\|]+", kGpt2, "\\p{N}+", "[0-9][0-9][0-9]"}, false},
};

} // namespace

// One PCRE2 pattern, compiled for Unicode (UTF + UCP) and JIT-compiled when the library can.
class CompiledRegex {
  public:
    explicit CompiledRegex(const char* pattern) {
        int errorCode = 0;
        PCRE2_SIZE errorOffset = 0;
        // DOLLAR_ENDONLY: "$" means the end of the piece, as in std::regex, not "before a final \n".
        code_ = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern), PCRE2_ZERO_TERMINATED,
                              PCRE2_UTF | PCRE2_UCP | PCRE2_DOLLAR_ENDONLY | PCRE2_MATCH_INVALID_UTF,
                              &errorCode, &errorOffset, nullptr);
        if (!code_) {
            PCRE2_UCHAR message[256];
            pcre2_get_error_message(errorCode, message, sizeof message);
            throw Error(ErrorCode::UnsupportedTokenizer, "The pre-tokenizer regex could not be compiled: " +
                                                             std::string(reinterpret_cast<char*>(message)) +
                                                             ".");
        }
        jit_ = pcre2_jit_compile(code_, PCRE2_JIT_COMPLETE) == 0;
    }
    ~CompiledRegex() { pcre2_code_free(code_); }
    CompiledRegex(const CompiledRegex&) = delete;
    CompiledRegex& operator=(const CompiledRegex&) = delete;

    // Appends the pieces of text[offset, offset+length): matches and the gaps between them.
    void split(std::string_view text, size_t offset, size_t length, pcre2_match_data* match,
               std::vector<std::pair<size_t, size_t>>& out) const {
        // The piece is the whole subject, so lookaheads and "$" stop at its end, as in llama.cpp.
        const auto* subject = reinterpret_cast<PCRE2_SPTR>(text.data() + offset);
        size_t pos = 0, gapStart = 0;
        while (pos < length) {
            int rc = jit_ ? pcre2_jit_match(code_, subject, length, pos, 0, match, nullptr)
                          : pcre2_match(code_, subject, length, pos, 0, match, nullptr);
            // The JIT's small machine stack can run out on huge runs; the interpreter keeps its
            // backtracking state on the heap and gets through.
            if (rc < 0 && rc != PCRE2_ERROR_NOMATCH && jit_)
                rc = pcre2_match(code_, subject, length, pos, PCRE2_NO_JIT, match, nullptr);
            if (rc == PCRE2_ERROR_NOMATCH) break; // the rest is one gap
            if (rc < 0)
                throw Error(ErrorCode::InvalidArgument,
                            "The text could not be pre-tokenized (regex error " + std::to_string(rc) + ").");
            const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(match);
            size_t start = ov[0], end = ov[1];
            if (end == start) { // cannot happen with our patterns; never loop forever
                pos = start + 1;
                continue;
            }
            if (start > gapStart) out.emplace_back(offset + gapStart, start - gapStart);
            out.emplace_back(offset + start, end - start);
            pos = gapStart = end;
        }
        if (gapStart < length) out.emplace_back(offset + gapStart, length - gapStart);
    }

    const pcre2_code* code() const { return code_; }

  private:
    pcre2_code* code_ = nullptr;
    bool jit_ = false;
};

PreTokenizer::PreTokenizer(std::string_view preName) {
    for (const PreTypeSpec& spec : kPreTypes) {
        if (std::find(spec.names.begin(), spec.names.end(), preName) == spec.names.end()) continue;
        for (const char* pattern : spec.regexes) regexes_.push_back(std::make_unique<CompiledRegex>(pattern));
        ignoreMerges_ = spec.ignoreMerges;
        return;
    }
    throw Error(ErrorCode::UnsupportedTokenizer, "The pre-tokenizer '" + std::string(preName) +
                                                     "' of this model's BPE vocabulary is not supported.");
}

PreTokenizer::~PreTokenizer() = default;

void PreTokenizer::split(std::string_view text, std::vector<std::pair<size_t, size_t>>& words) const {
    words.clear();
    if (text.empty()) return;
    // Match data sized for the largest pattern; one per call keeps split() safe across threads.
    pcre2_match_data* match = pcre2_match_data_create(4, nullptr);
    std::vector<std::pair<size_t, size_t>> pieces{{0, text.size()}}, next;
    for (const auto& regex : regexes_) {
        next.clear();
        next.reserve(pieces.size() * 2);
        for (const auto& [offset, length] : pieces) regex->split(text, offset, length, match, next);
        pieces.swap(next);
    }
    pcre2_match_data_free(match);
    words = std::move(pieces);
}

} // namespace smoldesk::text
