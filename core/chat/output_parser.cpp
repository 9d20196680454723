#include "chat/output_parser.h"

#include "chat/harmony_parser.h"
#include "chat/thinking_parser.h"

namespace smoldesk::chat {

std::unique_ptr<OutputParser> makeOutputParser(OutputFormat format, bool startsInThought) {
    if (format == OutputFormat::Harmony) return std::make_unique<HarmonyParser>(startsInThought);
    return std::make_unique<ThinkingParser>(startsInThought);
}

std::string thoughtCloseText(OutputFormat format) {
    // Harmony: end the analysis message and open the final one, as the model itself would.
    if (format == OutputFormat::Harmony) return "<|end|><|start|>assistant<|channel|>final<|message|>";
    return "</think>\n";
}

} // namespace smoldesk::chat
