#pragma once
// Why a file could not be indexed, twice: the English sentence that the command line prints and
// the index keeps, and a reason code with its arguments, so that the app can say it in the user's
// language (app/library maps each code to a translated sentence). The code travels with the
// sentence into the index (files.reason, as encode() writes it).
#include <optional>
#include <string>
#include <vector>

namespace smoldesk::retrieval {

struct IndexFailure {
    // Reason codes; args[0] is always the file's name.
    static constexpr const char* kNotText = "not-text";          // NUL bytes
    static constexpr const char* kNoTextPage = "no-text-page";   // a one-page PDF without text
    static constexpr const char* kNoTextPages = "no-text-pages"; // args[1]: the number of pages
    static constexpr const char* kNoPages = "no-pages";
    static constexpr const char* kNoPdfReader = "no-pdf-reader";
    static constexpr const char* kTooLarge = "too-large";
    static constexpr const char* kCannotRead = "cannot-read";   // args[1]: why (English), may be empty
    static constexpr const char* kUnreadable = "unreadable";    // args[1]: what the reader said (English)
    static constexpr const char* kNotEmbedded = "not-embedded"; // args[1]: what the embedder said (English)

    std::string code;
    std::vector<std::string> args;

    bool empty() const { return code.empty(); }
    // The English sentence ("notes.bin is not a text file (it contains NUL bytes), so it was not indexed.").
    std::string sentence() const;
    // One string for the database (code and args joined by the unit separator); decode() reverses it.
    std::string encode() const;
    static std::optional<IndexFailure> decode(const std::string& text);
};

} // namespace smoldesk::retrieval
