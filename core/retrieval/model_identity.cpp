// The embedding model's identity for the library's vectors (see model_identity.h).
#include "retrieval/model_identity.h"

#include "retrieval/embedder.h"
#include "retrieval/sha256.h"

#include <filesystem>
#include <fstream>

namespace smoldesk::retrieval {

std::string embedderModelId(const std::string& path, const Embedder& embedder) {
    std::ifstream in(path, std::ios::binary);
    std::string head(4u << 20, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<size_t>(in.gcount()));
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    return embedder.architecture() + ":" + std::to_string(embedder.dimension()) + ":" +
           std::to_string(ec ? 0 : size) + ":" + sha256Hex(head).substr(0, 16);
}

} // namespace smoldesk::retrieval
