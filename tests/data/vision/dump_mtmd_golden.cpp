// Dumps llama.cpp's image embeddings for a tiny mmproj through the public libmtmd API, to be
// the goldens of tests/vision. Built and run once by hand, outside the project's build:
//   L=../shared/tools/llama.cpp-cpu
//   g++ -std=c++17 -O1 dump_mtmd_golden.cpp -I$L/include -L$L -lmtmd -lllama -lggml -lggml-base \
//       -Wl,-rpath,$L -o /tmp/dump_mtmd_golden
//   /tmp/dump_mtmd_golden TEXT.gguf MMPROJ.gguf IMAGE.png OUT.f32 [PIXELS.f32] > OUT.json
// It tokenizes "<__media__>" with the image, encodes every image chunk with mtmd_encode_chunk
// and appends each chunk's rows (n_tokens x n_embd float32) to OUT.f32; OUT.json lists the
// chunks in order: text chunks with their token pieces (the markers llama.cpp puts around the
// image), image chunks with their token count and grid. With PIXELS.f32 it also writes the pixels
// each encode read (the graph input "inp_raw", planar [3][ny][nx] float32, caught by the scheduler's
// eval callback on the first node that uses it), image after image.
//
// Logits mode, for the image-prompt goldens of tests/vision/test_vision_prompt:
//   /tmp/dump_mtmd_golden --logits TEXT.gguf MMPROJ.gguf IMAGE.png PROMPT OUT.f32 > OUT.json
// tokenizes PROMPT (which holds "<__media__>") with the image (special tokens added and parsed),
// decodes text chunks with llama_decode (logits of every position) and image chunks with
// mtmd_helper_decode_image_chunk (libmtmd's own batching and its non-causal attention for Gemma 3;
// no logits there), and writes the logits of every text position after the first image (n_vocab
// float32 each, in order; the positions before it hold no image) to OUT.f32; OUT.json gives every
// position's token id (-1 at image positions) and the first position with logits.
#include "ggml-backend.h"
#include "ggml.h"
#include "llama.h"
#include "mtmd-helper.h"
#include "mtmd.h"

#include <cstring>

#include <cstdio>
#include <string>
#include <vector>

extern "C" unsigned char* stbi_load(const char* file, int* x, int* y, int* comp, int req);
extern "C" void stbi_image_free(void* p);

static std::string piece(const llama_vocab* vocab, llama_token t) {
    if (t < 0 || t >= llama_vocab_n_tokens(vocab)) return "#" + std::to_string(t);
    char buf[256];
    int n = llama_token_to_piece(vocab, t, buf, sizeof buf, 0, true);
    std::string s(buf, n > 0 ? n : 0), out;
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (static_cast<unsigned char>(c) >= 0x20) out += c;
    }
    return out;
}

static FILE* g_pixels = nullptr;
static bool g_wantPixels = false; // set before each encode, cleared once its pixels are written

// The callback sees each node; the input is a source of the first one that reads it.
static bool catchPixels(ggml_tensor* t, bool ask, void*) {
    if (ask) return true;
    for (ggml_tensor* src : t->src)
        if (g_wantPixels && src && std::strcmp(src->name, "inp_raw") == 0) {
            std::vector<float> v(ggml_nelements(src));
            ggml_backend_tensor_get(src, v.data(), 0, v.size() * sizeof(float));
            std::fwrite(v.data(), sizeof(float), v.size(), g_pixels);
            g_wantPixels = false;
        }
    return true;
}

static int dumpLogits(char** argv) {
    ggml_backend_load_all();
    llama_model* model = llama_model_load_from_file(argv[0], llama_model_default_params());
    if (!model) return 1;
    llama_context_params lp = llama_context_default_params();
    lp.n_ctx = 512;
    lp.n_batch = 512;
    lp.n_ubatch = 512;
    lp.n_threads = lp.n_threads_batch = 2;
    lp.flash_attn_type = LLAMA_FLASH_ATTN_TYPE_DISABLED;
    llama_context* lctx = llama_init_from_model(model, lp);
    mtmd_context_params cp = mtmd_context_params_default();
    cp.use_gpu = false;
    cp.n_threads = 2;
    cp.warmup = false;
    cp.flash_attn_type = LLAMA_FLASH_ATTN_TYPE_DISABLED;
    mtmd_context* ctx = mtmd_init_from_file(argv[1], model, cp);
    if (!lctx || !ctx) return 1;
    int w = 0, h = 0, comp = 0;
    unsigned char* rgb = stbi_load(argv[2], &w, &h, &comp, 3);
    if (!rgb) return 1;
    mtmd_bitmap* bmp = mtmd_bitmap_init(w, h, rgb);
    stbi_image_free(rgb);
    mtmd_input_text text{argv[3], std::strlen(argv[3]), true, true};
    mtmd_input_chunks* chunks = mtmd_input_chunks_init();
    const mtmd_bitmap* bitmaps[] = {bmp};
    if (mtmd_tokenize(ctx, chunks, &text, bitmaps, 1) != 0) return 1;
    const int nVocab = llama_vocab_n_tokens(llama_model_get_vocab(model));
    FILE* out = std::fopen(argv[4], "wb");
    std::vector<int> ids;
    llama_pos past = 0;
    int firstLogits = -1;
    for (size_t i = 0; i < mtmd_input_chunks_size(chunks); ++i) {
        const mtmd_input_chunk* c = mtmd_input_chunks_get(chunks, i);
        if (mtmd_input_chunk_get_type(c) == MTMD_INPUT_CHUNK_TYPE_TEXT) {
            size_t n = 0;
            const llama_token* t = mtmd_input_chunk_get_tokens_text(c, &n);
            llama_batch b = llama_batch_init(static_cast<int32_t>(n), 0, 1);
            for (size_t k = 0; k < n; ++k) {
                b.token[k] = t[k];
                b.pos[k] = past + static_cast<llama_pos>(k);
                b.n_seq_id[k] = 1;
                b.seq_id[k][0] = 0;
                b.logits[k] = 1;
                ids.push_back(t[k]);
            }
            b.n_tokens = static_cast<int32_t>(n);
            if (n && llama_decode(lctx, b) != 0) return 1;
            for (size_t k = 0; k < n && firstLogits >= 0; ++k)
                std::fwrite(llama_get_logits_ith(lctx, static_cast<int32_t>(k)), sizeof(float), nVocab, out);
            llama_batch_free(b);
            past += static_cast<llama_pos>(n);
        } else {
            if (mtmd_encode_chunk(ctx, c) != 0) return 1;
            llama_pos next = 0;
            if (mtmd_helper_decode_image_chunk(ctx, lctx, c, mtmd_get_output_embd(ctx), past, 0, 512, &next,
                                               nullptr, nullptr) != 0)
                return 1;
            for (llama_pos k = past; k < next; ++k) ids.push_back(-1);
            past = next;
            if (firstLogits < 0) firstLogits = static_cast<int>(next);
        }
    }
    std::fclose(out);
    std::string prompt;
    for (const char* p = argv[3]; *p; ++p) prompt += *p == '\n' ? std::string("\\n") : std::string(1, *p);
    std::printf("{\"image\": [%d, %d], \"n_vocab\": %d, \"prompt\": \"%s\",\n \"non_causal\": %s, \"first_logits\": %d,\n \"tokens\": [",
                w, h, nVocab, prompt.c_str(), mtmd_decode_use_non_causal(ctx, nullptr) ? "true" : "false", firstLogits);
    for (size_t k = 0; k < ids.size(); ++k) std::printf("%s%d", k ? ", " : "", ids[k]);
    std::printf("]}\n");
    mtmd_input_chunks_free(chunks);
    mtmd_bitmap_free(bmp);
    mtmd_free(ctx);
    llama_free(lctx);
    llama_model_free(model);
    return 0;
}

int main(int argc, char** argv) {
    if (argc == 7 && std::strcmp(argv[1], "--logits") == 0) return dumpLogits(argv + 2);
    if (argc != 5 && argc != 6) {
        std::fprintf(stderr, "usage: %s TEXT.gguf MMPROJ.gguf IMAGE.png OUT.f32 [PIXELS.f32]\n", argv[0]);
        return 2;
    }
    ggml_backend_load_all();
    llama_model_params mp = llama_model_default_params();
    llama_model* model = llama_model_load_from_file(argv[1], mp);
    if (!model) return 1;
    mtmd_context_params cp = mtmd_context_params_default();
    cp.use_gpu = false;
    cp.n_threads = 2;
    cp.warmup = false;
    cp.flash_attn_type = LLAMA_FLASH_ATTN_TYPE_DISABLED;
    if (argc == 6) {
        g_pixels = std::fopen(argv[5], "wb");
        cp.cb_eval = catchPixels;
    }
    mtmd_context* ctx = mtmd_init_from_file(argv[2], model, cp);
    if (!ctx) return 1;
    int w = 0, h = 0, comp = 0;
    unsigned char* rgb = stbi_load(argv[3], &w, &h, &comp, 3);
    if (!rgb) return 1;
    mtmd_bitmap* bmp = mtmd_bitmap_init(w, h, rgb);
    stbi_image_free(rgb);
    const std::string prompt = mtmd_default_marker();
    mtmd_input_text text{prompt.c_str(), prompt.size(), true, true};
    mtmd_input_chunks* chunks = mtmd_input_chunks_init();
    const mtmd_bitmap* bitmaps[] = {bmp};
    if (mtmd_tokenize(ctx, chunks, &text, bitmaps, 1) != 0) return 1;
    const int nEmbd = llama_model_n_embd(model);
    const llama_vocab* vocab = llama_model_get_vocab(model);
    FILE* out = std::fopen(argv[4], "wb");
    std::printf("{\"image\": [%d, %d], \"n_embd\": %d, \"chunks\": [\n", w, h, nEmbd);
    for (size_t i = 0; i < mtmd_input_chunks_size(chunks); ++i) {
        const mtmd_input_chunk* c = mtmd_input_chunks_get(chunks, i);
        if (mtmd_input_chunk_get_type(c) == MTMD_INPUT_CHUNK_TYPE_TEXT) {
            size_t n = 0;
            const llama_token* t = mtmd_input_chunk_get_tokens_text(c, &n);
            std::printf("  {\"text\": [");
            for (size_t k = 0; k < n; ++k) std::printf("%s\"%s\"", k ? ", " : "", piece(vocab, t[k]).c_str());
            std::printf("]}");
        } else {
            const mtmd_image_tokens* it = mtmd_input_chunk_get_tokens_image(c);
            const size_t n = mtmd_input_chunk_get_n_tokens(c);
            g_wantPixels = g_pixels != nullptr;
            if (mtmd_encode_chunk(ctx, c) != 0) return 1;
            std::fwrite(mtmd_get_output_embd(ctx), sizeof(float), n * nEmbd, out);
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
            std::printf("  {\"image_tokens\": %zu, \"nx\": %zu, \"ny\": %zu}", n, mtmd_image_tokens_get_nx(it),
                        mtmd_image_tokens_get_ny(it));
        }
        std::printf("%s\n", i + 1 < mtmd_input_chunks_size(chunks) ? "," : "");
    }
    std::printf("]}\n");
    std::fclose(out);
    if (g_pixels) std::fclose(g_pixels);
    mtmd_input_chunks_free(chunks);
    mtmd_bitmap_free(bmp);
    mtmd_free(ctx);
    llama_model_free(model);
    return 0;
}
