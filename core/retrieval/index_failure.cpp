// A file's index failure as a sentence and as a code (see index_failure.h).
#include "retrieval/index_failure.h"

namespace smoldesk::retrieval {

namespace {
constexpr char kSeparator = '\x1f'; // ASCII unit separator: never in a file name or a sentence
}

std::string IndexFailure::sentence() const {
    const std::string name = args.empty() ? std::string("The file") : args[0];
    const std::string arg = args.size() > 1 ? args[1] : std::string();
    if (code == kNotText) return name + " is not a text file (it contains NUL bytes), so it was not indexed.";
    if (code == kNoTextPage)
        return name +
               " has no text on its page (scanned? text in pictures cannot be read yet), so it was not "
               "indexed.";
    if (code == kNoTextPages)
        return name + " has no text on any of its " + arg +
               " pages (scanned? text in pictures cannot be read yet), so it was not indexed.";
    if (code == kNoPages) return name + " has no pages.";
    if (code == kNoPdfReader) return name + " is a PDF; PDF text extraction is not in this build yet.";
    if (code == kTooLarge) return name + " is larger than 32 MiB; it was not indexed.";
    if (code == kCannotRead) return "Cannot read " + name + (arg.empty() ? "." : ": " + arg + ".");
    if (code == kUnreadable) return name + " could not be read: " + arg;
    if (code == kNotEmbedded) return name + " could not be embedded: " + arg;
    return name + " was not indexed.";
}

std::string IndexFailure::encode() const {
    std::string out = code;
    for (const std::string& a : args) out += kSeparator + a;
    return out;
}

std::optional<IndexFailure> IndexFailure::decode(const std::string& text) {
    if (text.empty()) return std::nullopt;
    IndexFailure f;
    size_t start = 0;
    for (bool first = true;; first = false) {
        const size_t end = text.find(kSeparator, start);
        std::string part = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (first)
            f.code = std::move(part);
        else
            f.args.push_back(std::move(part));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return f;
}

} // namespace smoldesk::retrieval
