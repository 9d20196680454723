#include "common/error.h"

namespace smoldesk {

const char* errorCodeName(ErrorCode code) {
    switch (code) {
    case ErrorCode::Io:
        return "io";
    case ErrorCode::NotGguf:
        return "not-gguf";
    case ErrorCode::UnsupportedVersion:
        return "unsupported-version";
    case ErrorCode::Truncated:
        return "truncated";
    case ErrorCode::Corrupt:
        return "corrupt";
    case ErrorCode::WrongType:
        return "wrong-type";
    case ErrorCode::MissingKey:
        return "missing-key";
    case ErrorCode::UnsupportedArch:
        return "unsupported-architecture";
    case ErrorCode::UnsupportedType:
        return "unsupported-type";
    case ErrorCode::UnsupportedTokenizer:
        return "unsupported-tokenizer";
    case ErrorCode::BadShape:
        return "bad-shape";
    case ErrorCode::InvalidArgument:
        return "invalid-argument";
    case ErrorCode::OutOfMemory:
        return "out-of-memory";
    case ErrorCode::Cancelled:
        return "cancelled";
    case ErrorCode::Template:
        return "template";
    case ErrorCode::Backend:
        return "backend";
    case ErrorCode::DeviceLost:
        return "device-lost";
    }
    return "unknown";
}

} // namespace smoldesk
