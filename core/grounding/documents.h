#pragma once
// A chat turn's documents: a library database and/or a few attached files become text in the
// prompt, with the sources the answer may cite.
//
// When everything chosen fits in about half the context (wholeFraction), it goes in whole, file
// by file with its headings and page marks, into the system message: the same text every turn,
// so the prefix cache and a chat's saved state keep it and it is read once. Otherwise the
// passages that best match the user's last message go in front of that message, best first,
// until the same budget is spent: the library's hybrid search (BM25 + vectors, keywords only
// without an embedder) and BM25 over the attached files' chunks, fused by rank. Each passage is
// numbered with its file, page, heading path and lines, so the model can cite "[2]".
#include "chat/chat_formatter.h"
#include "grounding/passage_text.h"
#include "retrieval/library_index.h"
#include "text/tokenizer.h"

#include <string>
#include <vector>

namespace smoldesk::retrieval {
class Embedder;
}

namespace smoldesk::grounding {

struct DocumentRequest {
    std::string libraryPath;        // a library database (docs index); empty: none
    std::vector<std::string> files; // files attached to the chat
    // Hybrid search with this embedder and the model id its vectors were stored under
    // (retrieval::embedderModelId); null: keywords only.
    retrieval::Embedder* embedder = nullptr;
    std::string embedderId;
    double wholeFraction = 0.5; // documents that fit in this share of the context go in whole
    int maxPassages = 8;        // at most this many passages when they do not
    bool empty() const { return libraryPath.empty() && files.empty(); }
};

struct Grounding {
    enum class Mode { None, Whole, Passages };
    Mode mode = Mode::None;
    std::string query;           // what was searched (Passages): the user's last message
    std::vector<Source> sources; // numbered from 1, in the order the prompt shows them
    std::string text;            // what goes into the prompt
    int tokens = 0;              // its tokens for the chat model
    int budget = 0;              // the tokens the documents may take
    int files = 0;               // files chosen (the library's indexed files and the attached ones)
    std::string note;            // a sentence for the user (keywords only, nothing matched), or empty
};

// Chooses and formats the documents for a conversation. Throws Error with one sentence: no
// library at the path, an attached file that cannot be read.
Grounding ground(const DocumentRequest& request, const std::vector<chat::Message>& messages,
                 const text::Tokenizer& tokenizer, int contextTokens);

// The conversation with the documents in it: whole documents after the system message (one is
// added when there is none), passages in front of the last user message, and each earlier user
// message's own passages (chat::Message::passages) in front of it. Without documents this turn
// (a None grounding) only the earlier turns' passages go in.
std::vector<chat::Message> withDocuments(std::vector<chat::Message> messages, const Grounding& grounding);

// The passages of the request's documents that best match `query`, best first, at most `top`:
// the library's search (hybrid with an embedder whose vectors it holds, else keywords only; *note
// says so) fused by rank with BM25 over the attached files' chunks (sized with `tokenizer`, or by
// words when it is null). Throws Error as ground() does.
std::vector<retrieval::SearchHit> searchPassages(const DocumentRequest& request, const std::string& query,
                                                 const text::Tokenizer* tokenizer, size_t top,
                                                 std::string* note = nullptr);

// Tokens of a text for the chat model (no BOS, special tokens as text); without a tokenizer an
// estimate from the words (4 tokens for 3 words), where only the size of chunks depends on it.
int countTokens(const text::Tokenizer* tokenizer, std::string_view text);
inline int countTokens(const text::Tokenizer& tokenizer, std::string_view text) {
    return countTokens(&tokenizer, text);
}

} // namespace smoldesk::grounding
