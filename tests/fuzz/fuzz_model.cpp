// Hyper-parameter reading and model construction on a mutated tiny model (seeds in
// corpus/model, written by make_model_seeds): every input is either refused with an Error, or
// it builds a Decoder whose first token runs and yields one logit per vocabulary entry.
// Never a crash, undefined behaviour (the fuzz build runs UBSan), or a huge allocation.
#include "common/error.h"
#include "compute/cpu/cpu_backend.h"
#include "fuzz_file.h"
#include "gguf/file.h"
#include "model/decoder.h"
#include "model/hparams.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace smoldesk;
    const std::string path = writeFuzzFile("model", data, size);
    if (path.empty()) return 0;
    try {
        auto file = gguf::File::open(path);
        const model::HyperParams hp = model::readHyperParams(*file);
        // What readHyperParams promises, and what the rest of the engine multiplies with.
        if (hp.qDim() <= 0 || hp.kvDim() <= 0 || hp.kvDim() > hp.qDim() ||
            hp.qDim() > model::HyperParamLimits::kRowWidth || hp.ropeDims > hp.headDim ||
            hp.layerUsesRope.size() != static_cast<size_t>(hp.nLayer))
            __builtin_trap();
        compute::CpuBackend backend(1);
        model::Decoder decoder(*file, hp, backend, /*nCtx=*/8, /*maxBatch=*/2);
        const int32_t ids[2] = {0, decoder.hparams().nVocab - 1};
        std::vector<float> logits;
        decoder.forward(ids, 0, true, logits);
        if (logits.size() != 2 * static_cast<size_t>(decoder.hparams().nVocab)) __builtin_trap();
    } catch (const Error&) {
    }
    return 0;
}
