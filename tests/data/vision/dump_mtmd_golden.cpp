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
#include "ggml-backend.h"
#include "ggml.h"
#include "llama.h"
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

int main(int argc, char** argv) {
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
