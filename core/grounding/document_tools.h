#pragma once
// The document tools a tool-capable model is offered when a chat uses documents, so that a
// question about a whole document ("how many…", "list all…") is answered by reading, not from a
// few passages:
//   search_documents(query, top)                       the best passages, numbered and labelled
//   read_document(file, page, line_begin, line_end)    a document, a page of it or a range of lines
// Only the chat's own documents can be read (the library's indexed files and the attached ones),
// by path or by file name. Consent is the caller's, as for MCP tools: nothing here runs unless asked.
#include "chat/tool_calls.h"
#include "grounding/documents.h"

#include <string>
#include <vector>

namespace smoldesk::grounding {

class DocumentTools {
  public:
    static constexpr const char* kSearch = "search_documents";
    static constexpr const char* kRead = "read_document";
    static constexpr size_t kMaxResultBytes = 16384; // what one call returns at most

    // The tokenizer sizes the attached files' chunks for search (null: by words).
    DocumentTools(DocumentRequest request, const text::Tokenizer& tokenizer);
    explicit DocumentTools(DocumentRequest request, const text::Tokenizer* tokenizer = nullptr);

    // OpenAI's tool definitions of both tools, as a JSON array.
    static std::string toolsJson();
    static bool isDocumentTool(const std::string& name);
    // `toolsJson` (an array, or empty) with the document tools appended.
    static std::string withDocumentTools(const std::string& toolsJson);

    // Runs a call and returns what the model reads back; a bad call gets one sentence (never throws).
    std::string run(const chat::ToolCall& call);
    // Passages numbered from here on (after the sources the turn's prompt already shows).
    void setNextNumber(int number) { next_ = number; }
    // Every passage the tools returned so far, numbered as the model saw them.
    const std::vector<Source>& sources() const { return sources_; }

  private:
    std::string search(const std::string& query, int top);
    std::string read(const std::string& file, int page, int lineBegin, int lineEnd);
    // The chat's documents' paths (library and attached); the one `file` names, or a sentence.
    std::vector<std::string> documentPaths() const;
    std::string resolve(const std::string& file, std::string& why) const;

    DocumentRequest request_;
    const text::Tokenizer* tokenizer_;
    int next_ = 1;
    std::vector<Source> sources_;
};

} // namespace smoldesk::grounding
