#pragma once
// The engine reports every failure as an Error: one human sentence plus a typed code that
// front ends map to their own (translated) text and actions.
#include <stdexcept>
#include <string>

namespace smoldesk {

enum class ErrorCode {
    Io,                 // file missing, unreadable, cannot be mapped
    NotGguf,            // wrong magic or not a GGUF container at all
    UnsupportedVersion, // GGUF version we do not read
    Truncated,          // file ends before a structure it announces
    Corrupt,            // structurally invalid content (bad counts, overlaps, misalignment, ...)
    WrongType,          // a metadata value exists but has an unexpected type
    MissingKey,         // required metadata key or tensor absent
    UnsupportedArch,    // general.architecture not implemented
    UnsupportedType,    // tensor type we cannot compute with
    UnsupportedTokenizer,
    BadShape,        // tensor shape contradicts the hyper-parameters
    InvalidArgument, // caller passed something impossible (prompt too long, bad token id, ...)
    OutOfMemory,
    Cancelled,
    Template, // chat template parse/render error
    Backend,  // compute backend failure: a driver error or a bug (validation, limits)
    // The GPU was lost, reset or hung: its work is gone, and the CPU can take over. Other
    // backend failures are not moved to the CPU, where they would go unnoticed.
    DeviceLost,
};

const char* errorCodeName(ErrorCode code);

class Error : public std::runtime_error {
  public:
    Error(ErrorCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
    ErrorCode code() const noexcept { return code_; }

  private:
    ErrorCode code_;
};

} // namespace smoldesk
