// The ZIP reader and the DOCX/ODT XML readers on any bytes: the archive's every entry is read
// (a damaged one must give Error, nothing else), and the bytes are also read as both XMLs.
#include "common/error.h"
#include "retrieval/office_text.h"
#include "retrieval/zip_reader.h"

#include <cstdint>
#include <string_view>

using namespace smoldesk;
using namespace smoldesk::retrieval;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    try {
        ZipReader zip(bytes);
        for (const auto& e : zip.entries()) {
            const std::string content = zip.read(e);
            docxBlocks(content);
            odtBlocks(content);
        }
    } catch (const Error&) {
    }
    docxBlocks(bytes);
    odtBlocks(bytes);
    return 0;
}
