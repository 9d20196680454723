// SentencePiece (llama's vocabulary): see fuzz_tokenizer.inc.
#define SMOLDESK_FUZZ_VOCAB "text/ggml-vocab-llama-spm.gguf"
#include "fuzz_tokenizer.inc"
