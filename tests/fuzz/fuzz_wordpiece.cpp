// WordPiece (bert's vocabulary, BAAI/bge-small-en-v1.5: lowercasing, accent stripping): see
// fuzz_tokenizer.inc.
#define SMOLDESK_FUZZ_VOCAB "text/ggml-vocab-bert-bge.gguf"
#include "fuzz_tokenizer.inc"
