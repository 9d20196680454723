// Byte-level BPE (SmolLM3's vocabulary, PCRE2 pre-tokenizer): see fuzz_tokenizer.inc.
#define SMOLDESK_FUZZ_VOCAB "text/smollm3-vocab.gguf"
#include "fuzz_tokenizer.inc"
