#pragma once
// AnswerStream: the one answer that streams into a row of the open conversation. Text reaches the
// view at most once per frame or two and the database at most twice a second (a kill loses little,
// and the row is written as streaming from its start, so a crash leaves an answer to regenerate);
// Stop keeps what arrived before it and nothing after. It also carries the prompt's reading
// progress. Which request runs, and on which model source, is known here; what the answer means
// (tools, overflow, errors) is ChatController's.
#include "message_list_model.h"

#include <QObject>
#include <QTimer>

namespace smoldesk::app {

class ConversationSession;
class ModelSource;

class AnswerStream : public QObject {
    Q_OBJECT
  public:
    explicit AnswerStream(ConversationSession* session, QObject* parent = nullptr);

    quint64 id() const { return id_; } // 0: no answer streams
    int row() const { return row_; }
    ModelSource* source() const { return source_; }
    bool stopRequested() const { return stopRequested_; }
    // Whether a result tagged `id` belongs to the answer that streams.
    bool owns(quint64 id) const { return id != 0 && id == id_; }

    // The answer of request `id` streams into `row` (already shown and written) from `source`.
    void begin(quint64 id, int row, ModelSource* source);
    // Asks the source to stop; what arrived so far is shown. False when nothing runs or Stop was
    // asked already.
    bool requestStop();
    void add(const QString& thought, const QString& answer, int contextUsed);
    // Shows what is pending now.
    void flush();
    // The source answers again from the start (e.g. on the CPU after a GPU fault).
    void restart();
    void endThought(double seconds);
    // The answer is complete as shown: written, no longer streaming. False when none streamed.
    bool finish();
    // The answer's row is given up without being written again (the caller removes it); its row.
    int abandon();

    double promptProgress() const { return promptProgress_; }
    double promptTokensPerSecond() const { return promptTokensPerSecond_; }
    // fraction: 0…1 of the prompt read, -1 before the first report.
    void setPromptProgress(double fraction, double tokensPerSecond);

  signals:
    // The context in use as the last shown delta reported it.
    void contextReported(int used);
    void promptProgressChanged();

  private:
    void persist();

    ConversationSession* session_;
    MessageListModel* messages_;
    quint64 id_ = 0;
    int row_ = -1;
    ModelSource* source_ = nullptr;
    bool stopRequested_ = false;
    QString pendingThought_, pendingAnswer_;
    int pendingContext_ = -1; // from the latest delta, shown at the next flush
    QTimer flushTimer_;
    QTimer persistTimer_;
    double promptProgress_ = -1.0;
    double promptTokensPerSecond_ = 0.0;
};

} // namespace smoldesk::app
