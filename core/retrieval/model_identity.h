#pragma once
// The identity stored with each vector of the library: which embedding model made it. Every
// program that searches a library (`docs`, the chat's documents, the app's indexer) must name a
// model the same way, or its vectors read as another model's.
#include <string>

namespace smoldesk::retrieval {

class Embedder;

// "architecture:dimension:size:hash" with the SHA-256 of the file's first 4 MiB (header, metadata
// and the first tensors): a renamed copy is the same model, a re-quantized file is another.
std::string embedderModelId(const std::string& path, const Embedder& embedder);

} // namespace smoldesk::retrieval
