#pragma once
// Errors raised by the quant layer, each one sentence naming the type involved.
#include "quant/types.h"

#include <cstdint>

namespace smoldesk::quant {

// Error(UnsupportedType): "<operation> does not support tensor type IQ2_XS (id 17)."
[[noreturn]] void throwUnsupportedType(Type type, const char* operation);
// Error(InvalidArgument) when n is negative or not a whole number of blocks of the type.
void checkWholeBlocks(Type type, int64_t n, const char* operation);

} // namespace smoldesk::quant
