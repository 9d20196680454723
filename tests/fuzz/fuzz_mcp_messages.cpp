// The MCP client's message reader: bytes from a server (stdio lines or an SSE stream, split into
// pieces at random; the first byte picks the framing and seeds the split) through the framing
// readers, JSON-RPC parsing and the tool-list and tool-result readers. Never a crash; never more
// bytes out than in; the same messages whatever the split.
#include "framing/message_framing.h"
#include "jsonrpc_message.h"
#include "mcp_types.h"

#include <QJsonArray>

#include <cstdint>

using namespace smoldesk::mcp;

namespace {

template <typename Reader> QList<QByteArray> readAll(const QByteArray& bytes, unsigned seed, int& oversized) {
    Reader reader(4096); // a small limit, so the fuzzer reaches the oversize paths
    QList<QByteArray> out;
    for (qsizetype pos = 0; pos < bytes.size();) {
        seed = seed * 1103515245u + 12345u;
        const qsizetype len = std::min<qsizetype>(bytes.size() - pos, 1 + (seed >> 16) % 17);
        const smoldesk::framing::FramedMessages f = reader.push(bytes.mid(pos, len));
        out += f.messages;
        oversized += f.oversized;
        pos += len;
    }
    return out;
}

void readMessage(const QByteArray& m) {
    const ParsedMessages parsed = parseJsonRpc(m);
    for (const JsonRpcMessage& msg : parsed.messages) {
        const QJsonObject result = msg.result.toObject();
        for (const QJsonValue& t : result.value(QLatin1String("tools")).toArray()) {
            McpTool tool;
            readTool(t.toObject(), tool);
        }
        const McpToolResult r = readToolResult(result);
        (void)r.text();
    }
    (void)excerpt(m);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0 || size > 65536) return 0;
    const unsigned seed = data[0];
    const QByteArray bytes(reinterpret_cast<const char*>(data) + 1, static_cast<qsizetype>(size - 1));
    int oversized = 0, wholeOversized = 0;
    const bool sse = seed & 1;
    const QList<QByteArray> pieces = sse ? readAll<smoldesk::framing::SseReader>(bytes, seed, oversized)
                                         : readAll<smoldesk::framing::LineReader>(bytes, seed, oversized);
    const QList<QByteArray> whole =
        sse ? readAll<smoldesk::framing::SseReader>(bytes, 0xffffffffu, wholeOversized)
            : readAll<smoldesk::framing::LineReader>(bytes, 0xffffffffu, wholeOversized);
    qsizetype total = 0;
    for (const QByteArray& m : pieces) {
        total += m.size();
        if (m.size() > 4096) __builtin_trap();
        readMessage(m);
    }
    if (total > bytes.size()) __builtin_trap();
    if (pieces != whole || oversized != wholeOversized) __builtin_trap();
    return 0;
}
