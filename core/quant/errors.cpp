#include "quant/errors.h"

#include "common/error.h"

#include <string>

namespace smoldesk::quant {

void throwUnsupportedType(Type type, const char* operation) {
    const uint32_t id = static_cast<uint32_t>(type);
    throw Error(ErrorCode::UnsupportedType, std::string(operation) + " does not support tensor type " +
                                                typeNameForId(id) + " (id " + std::to_string(id) + ").");
}

void checkWholeBlocks(Type type, int64_t n, const char* operation) {
    const auto info = typeInfo(static_cast<uint32_t>(type));
    if (!info) throwUnsupportedType(type, operation);
    if (n < 0 || n % info->blockSize != 0)
        throw Error(ErrorCode::InvalidArgument, std::string(operation) + " was given " + std::to_string(n) +
                                                    " values of type " + info->name +
                                                    ", which is not a whole number of " +
                                                    std::to_string(info->blockSize) + "-value blocks.");
}

} // namespace smoldesk::quant
