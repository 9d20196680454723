// Reading one document file into blocks (see document_file.h).
#include "retrieval/document_file.h"

#include "common/error.h"
#include "retrieval/office_text.h"
#include "retrieval/pdf_text.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace smoldesk::retrieval {

namespace fs = std::filesystem;

namespace {

std::string lowerExtension(const std::string& path) {
    std::string ext = fs::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

} // namespace

std::vector<Block> documentFileBlocks(const std::string& path, const std::string& content, std::string& why,
                                      IndexFailure* failure) {
    const std::string ext = lowerExtension(path);
    const std::string name = fs::path(path).filename().string();
    if (ext == ".pdf")
        return pdfFileText(name, content, why, failure).blocks; // with the reader the app installs
    auto fail = [&](IndexFailure f) {
        why = f.sentence();
        if (failure) *failure = std::move(f);
        return std::vector<Block>();
    };
    if (ext == ".docx" || ext == ".odt") {
        try {
            return ext == ".docx" ? docxFileBlocks(content) : odtFileBlocks(content);
        } catch (const Error& e) {
            return fail({IndexFailure::kUnreadable, {name, e.what()}});
        }
    }
    if (content.find('\0') != std::string::npos) return fail({IndexFailure::kNotText, {name}});
    return documentBlocks(content, formatForPath(path).value_or(DocFormat::PlainText));
}

std::vector<Block> readDocumentBlocks(const std::string& path) {
    const std::string name = fs::path(path).filename().string();
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) throw Error(ErrorCode::Io, "There is no file at " + path + ".");
    if (fs::file_size(path, ec) > kMaxDocumentBytes)
        throw Error(ErrorCode::Io, name + " is larger than 32 MiB, too large to read into a chat.");
    std::ifstream in(path, std::ios::binary);
    std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) throw Error(ErrorCode::Io, "Cannot read " + name + ".");
    std::string why;
    std::vector<Block> blocks = documentFileBlocks(path, content, why);
    if (!why.empty()) throw Error(ErrorCode::Io, why);
    return blocks;
}

} // namespace smoldesk::retrieval
