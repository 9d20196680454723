// The remote client's reading of what a server sends (app/remote/chat_stream.h): a streamed
// chat-completion body split into pieces at random (the first byte seeds the split), the same
// bytes as a whole chat.completion, an error body and a model list. Never a crash; the same text
// whatever the split; never more text out than bytes in.
#include "chat_stream.h"

#include <cstdint>
#include <cstdlib>

using namespace smoldesk::remote;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    unsigned seed = data[0];
    const QByteArray bytes(reinterpret_cast<const char*>(data) + 1, qsizetype(size - 1));

    ChatStreamParser whole(4096); // a small limit, so the fuzzer reaches the oversize path
    const StreamText all = whole.push(bytes);
    ChatStreamParser pieces(4096);
    QString reasoning, content;
    for (qsizetype pos = 0; pos < bytes.size();) {
        seed = seed * 1103515245u + 12345u;
        const qsizetype len = std::min<qsizetype>(bytes.size() - pos, 1 + (seed >> 16) % 23);
        const StreamText t = pieces.push(bytes.mid(pos, len));
        reasoning += t.reasoning;
        content += t.content;
        pos += len;
    }
    // An event split across pieces is read when its end arrives: the same events, the same text.
    if (whole.problem() == StreamProblem::None && pieces.problem() == StreamProblem::None &&
        (reasoning != all.reasoning || content != all.content))
        std::abort();
    if (content.size() + reasoning.size() > bytes.size()) std::abort();
    for (const ToolCallDraft& c : pieces.toolCalls())
        if (c.id.isEmpty() || c.arguments.isEmpty()) std::abort();
    (void)pieces.usage().known();

    const ChatCompletion c = parseChatCompletion(bytes);
    (void)c.toolCalls.size();
    if (errorMessageOf(bytes).size() > 300) std::abort();
    QStringList ids;
    QString detail;
    parseModelList(bytes, &ids, &detail);
    return 0;
}
