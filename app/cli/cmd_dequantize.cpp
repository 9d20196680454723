// smoldesk-cli dequantize IN.gguf OUT.gguf: a copy of a model with every quantized or 16-bit
// tensor as F32 (metadata kept), so quantizations can be compared, or checked by any other
// GGUF reader. Tensors are converted row by row while the output streams to disk.
#include "commands.h"

#include "common/error.h"
#include "gguf/file.h"
#include "gguf/writer.h"
#include "quant/dequant.h"

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace smoldesk::cli {

namespace {

bool isPlainData(quant::Type t) {
    return t == quant::Type::F32 || t == quant::Type::I8 || t == quant::Type::I16 || t == quant::Type::I32 ||
           t == quant::Type::I64 || t == quant::Type::F64;
}

// Rows of F32 values, converted a few MiB at a time.
void emitDequantized(const gguf::TensorInfo& t, const gguf::Writer::Emit& emit) {
    const uint64_t rowBytes = quant::rowBytes(t.type, t.ne[0]);
    const uint64_t rowsPerPiece = std::max<uint64_t>(1, (4ull << 20) / (t.ne[0] * sizeof(float)));
    std::vector<float> piece;
    for (uint64_t r = 0; r < t.rows(); r += rowsPerPiece) {
        const uint64_t n = std::min(rowsPerPiece, t.rows() - r);
        piece.resize(n * t.ne[0]);
        for (uint64_t i = 0; i < n; ++i)
            quant::dequantizeRow(t.type, t.data + (r + i) * rowBytes, piece.data() + i * t.ne[0],
                                 static_cast<int64_t>(t.ne[0]));
        emit(reinterpret_cast<const uint8_t*>(piece.data()), piece.size() * sizeof(float));
    }
}

} // namespace

int cmdDequantize(Args& args) {
    const auto pos = args.positionals();
    if (pos.size() != 2) throw UsageError("dequantize takes an input and an output file.");
    const auto in = gguf::File::open(pos[0]);
    const std::string out = pos[1];
    if (std::filesystem::exists(out) && std::filesystem::equivalent(pos[0], out))
        throw Error(ErrorCode::InvalidArgument, "The output file must not be the input file.");

    gguf::Writer w;
    for (const auto& [key, value] : in->metadata()) {
        if (key == "general.file_type")
            w.set(std::string(key), gguf::WriteValue::u32(0)); // LLAMA_FTYPE_ALL_F32
        else
            w.set(std::string(key), gguf::WriteValue::copyOf(value));
    }
    uint64_t converted = 0;
    for (const gguf::TensorInfo& t : in->tensors()) {
        std::vector<uint64_t> ne(t.ne.begin(), t.ne.begin() + std::max<uint32_t>(t.nDims, 1));
        if (isPlainData(t.type)) {
            w.addTensorStreamed(t.name, t.type, ne,
                                [&t](const gguf::Writer::Emit& emit) { emit(t.data, t.nBytes); });
        } else if (quant::canDequantize(t.type)) {
            w.addTensorStreamed(t.name, quant::Type::F32, ne,
                                [&t](const gguf::Writer::Emit& emit) { emitDequantized(t, emit); });
            ++converted;
        } else {
            throw Error(ErrorCode::UnsupportedType, "Tensor '" + t.name + "' has type " +
                                                        quant::typeName(t.type) +
                                                        ", which SmolDesk cannot dequantize.");
        }
    }
    // Written under a temporary name and renamed, so a failure never leaves half a model.
    const std::string partial = out + ".part";
    try {
        w.write(partial);
        std::filesystem::rename(partial, out);
    } catch (...) {
        std::error_code ignored;
        std::filesystem::remove(partial, ignored);
        throw;
    }
    std::printf("%s: %llu of %zu tensors dequantized to F32\n", out.c_str(),
                static_cast<unsigned long long>(converted), in->tensors().size());
    return 0;
}

} // namespace smoldesk::cli
