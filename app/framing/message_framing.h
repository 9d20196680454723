#pragma once
// Message framing over a byte stream, shared by the MCP client (app/mcp) and the remote chat client
// (app/remote): one message per line (MCP's stdio), and Server-Sent Events (MCP's Streamable HTTP,
// OpenAI-compatible streaming). Both readers take bytes as they arrive, in any pieces, and
// bound what they buffer: a message larger than the limit is dropped and reported, never kept.
#include <QByteArray>
#include <QList>

namespace smoldesk::framing {

// The largest single message either reader keeps (a tool result with a few images fits easily).
inline constexpr qsizetype kMaxMessageBytes = 8 * 1024 * 1024;

struct FramedMessages {
    QList<QByteArray> messages;
    int oversized = 0; // messages dropped for being larger than the limit
};

// Newline-delimited JSON (stdio transport). Empty lines and a trailing "\r" are ignored.
class LineReader {
  public:
    explicit LineReader(qsizetype maxBytes = kMaxMessageBytes) : maxBytes_(maxBytes) {}
    FramedMessages push(const QByteArray& bytes);

  private:
    qsizetype maxBytes_;
    QByteArray pending_;
    bool skipping_ = false; // inside a line already reported as oversized
};

// text/event-stream (WHATWG HTML, "Server-sent events"): "data:" lines joined by "\n" make one
// event's payload; other fields (event, id, retry) and comments are not needed by MCP's client.
class SseReader {
  public:
    explicit SseReader(qsizetype maxBytes = kMaxMessageBytes) : maxBytes_(maxBytes) {}
    FramedMessages push(const QByteArray& bytes);
    // The id of the last event that had one (for a reconnect's Last-Event-ID).
    const QByteArray& lastEventId() const { return lastEventId_; }

  private:
    void takeLine(QByteArray line, FramedMessages& out);

    qsizetype maxBytes_;
    QByteArray pending_;
    QByteArray data_;
    QByteArray lastEventId_;
    bool hasData_ = false;
    bool oversized_ = false;
    bool skippingLine_ = false;
    bool sawFirstLine_ = false;
};

} // namespace smoldesk::framing
