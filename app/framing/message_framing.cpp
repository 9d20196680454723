#include "framing/message_framing.h"

namespace smoldesk::framing {

FramedMessages LineReader::push(const QByteArray& bytes) {
    FramedMessages out;
    qsizetype start = 0;
    while (start < bytes.size()) {
        const qsizetype nl = bytes.indexOf('\n', start);
        const qsizetype end = nl < 0 ? bytes.size() : nl;
        if (!skipping_) {
            if (pending_.size() + (end - start) > maxBytes_) {
                pending_.clear();
                skipping_ = true;
                ++out.oversized;
            } else {
                pending_.append(bytes.constData() + start, end - start);
            }
        }
        if (nl < 0) break;
        if (!skipping_) {
            if (pending_.endsWith('\r')) pending_.chop(1);
            if (!pending_.trimmed().isEmpty()) out.messages.append(pending_);
        }
        pending_.clear();
        skipping_ = false;
        start = nl + 1;
    }
    return out;
}

FramedMessages SseReader::push(const QByteArray& bytes) {
    FramedMessages out;
    qsizetype start = 0;
    while (start < bytes.size()) {
        // A line ends at "\n", "\r" or "\r\n"; a "\r" at the end of a piece may be followed by the
        // "\n" of the next piece, which then ends an empty line: remembered in pending_ as "\r".
        if (pending_ == "\r") {
            pending_.clear();
            if (bytes[start] == '\n') {
                ++start;
                continue;
            }
        }
        qsizetype end = start;
        while (end < bytes.size() && bytes[end] != '\n' && bytes[end] != '\r') ++end;
        if (!skippingLine_) {
            if (pending_.size() + (end - start) > maxBytes_) {
                pending_.clear();
                skippingLine_ = true;
                if (!oversized_) ++out.oversized;
                oversized_ = true; // the event this line belongs to is dropped at its end
            } else {
                pending_.append(bytes.constData() + start, end - start);
            }
        }
        if (end == bytes.size()) break;
        const bool cr = bytes[end] == '\r';
        if (skippingLine_)
            skippingLine_ = false; // the rest of an oversized line: its event is already dropped
        else
            takeLine(pending_, out);
        pending_.clear();
        start = end + 1;
        if (cr) {
            if (start < bytes.size()) {
                if (bytes[start] == '\n') ++start;
            } else {
                pending_ = "\r";
            }
        }
    }
    return out;
}

void SseReader::takeLine(QByteArray line, FramedMessages& out) {
    if (!sawFirstLine_) { // a byte order mark may open the stream
        sawFirstLine_ = true;
        if (line.startsWith("\xEF\xBB\xBF")) line.remove(0, 3);
    }
    if (line.isEmpty()) { // dispatch
        if (hasData_ && !oversized_) out.messages.append(data_);
        data_.clear();
        hasData_ = false;
        oversized_ = false;
        return;
    }
    if (line.startsWith(':')) return; // a comment (keep-alive)
    const qsizetype colon = line.indexOf(':');
    QByteArray field = colon < 0 ? line : line.left(colon);
    QByteArray value = colon < 0 ? QByteArray() : line.mid(colon + 1);
    if (value.startsWith(' ')) value.remove(0, 1);
    if (field == "data") {
        if (oversized_) return;
        if (data_.size() + value.size() + 1 > maxBytes_) {
            ++out.oversized;
            oversized_ = true;
            data_.clear();
            return;
        }
        if (hasData_) data_.append('\n');
        data_.append(value);
        hasData_ = true;
    } else if (field == "id" && !value.contains('\0')) {
        lastEventId_ = value;
    }
}

} // namespace smoldesk::framing
