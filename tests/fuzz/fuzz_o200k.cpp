// Byte-level BPE on gpt-oss's o200k vocabulary (tiktoken's pre-tokenizer pattern, whole-word
// lookup, harmony markers): see fuzz_tokenizer.inc.
#define SMOLDESK_FUZZ_VOCAB "text/gpt-oss-vocab.gguf"
#include "fuzz_tokenizer.inc"
