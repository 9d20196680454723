#pragma once
// ChatStateStore: the folder of saved KV-cache states ("chats that resume instantly"), one
// file per conversation (<id>.kvstate) next to the chat database, bounded in total size and
// count, least recently used first out. Used on the worker thread only; Qt Core only.
#include <QString>

namespace smoldesk::app {

class ChatStateStore {
  public:
    static constexpr qint64 kDefaultCapBytes = 2LL << 30; // about six full 4096-token 3B chats
    static constexpr int kMaxFiles = 32;

    // An empty dir: saving and restoring are off.
    ChatStateStore(const QString& dir, qint64 capBytes, int maxFiles = kMaxFiles);

    bool enabled() const { return !dir_.isEmpty(); }
    QString pathFor(qint64 conversationId) const;
    bool has(qint64 conversationId) const;
    void remove(qint64 conversationId) const;
    // A restored state was used: it goes to the back of the eviction queue.
    void touch(qint64 conversationId) const;
    // Keeps the most recently used states that fit the cap and the count, deletes the rest (a
    // state larger than the cap is not kept at all). Returns the bytes the kept ones take.
    qint64 prune() const;
    bool ensureDir() const;
    // Turning the feature off deletes what it kept.
    void removeAll() const;

  private:
    QString dir_;
    qint64 capBytes_;
    int maxFiles_;
};

} // namespace smoldesk::app
