#pragma once
// Downloader: fetches one model file with QNetworkAccessManager into "<dest>.part", resumes an
// interrupted transfer with an HTTP Range request, checks the sha256 (off the GUI thread) and
// renames the file into place. Progress and speed are properties for the welcome view.
#include <QElapsedTimer>
#include <QFile>
#include <QNetworkAccessManager>
#include <QObject>
#include <QPointer>
#include <QUrl>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

class QNetworkReply;

namespace smoldesk::app {

struct CatalogueEntry;

class Downloader : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Use App.downloader")
    Q_PROPERTY(State state READ state NOTIFY stateChanged)
    Q_PROPERTY(qint64 received READ received NOTIFY progressChanged)
    Q_PROPERTY(qint64 total READ total NOTIFY progressChanged)
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged)
    Q_PROPERTY(double bytesPerSecond READ bytesPerSecond NOTIFY progressChanged)
    Q_PROPERTY(QString progressText READ progressText NOTIFY progressChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY stateChanged)
    Q_PROPERTY(QString destination READ destination NOTIFY stateChanged)
    Q_PROPERTY(QString catalogueName READ catalogueName CONSTANT)
    Q_PROPERTY(QString catalogueSize READ catalogueSize CONSTANT)
  public:
    // QML reads them as Downloader.Idle, .Downloading, …
    enum class State { Idle, Downloading, Verifying, Done, Error };
    Q_ENUM(State)

    explicit Downloader(QObject* parent = nullptr);
    ~Downloader() override;

    State state() const { return state_; }
    qint64 received() const { return received_; }
    qint64 total() const { return total_; }
    double progress() const { return total_ > 0 ? double(received_) / double(total_) : 0.0; }
    double bytesPerSecond() const { return speed_; }
    QString progressText() const;
    QString errorText() const { return errorText_; }
    QString destination() const { return dest_; }
    QString catalogueName() const;
    QString catalogueSize() const;

    // Downloads url to destPath; expectedSize 0 and sha256 empty skip those checks.
    // requireChecksum: without a sha256 given, the host must state one (X-Linked-Etag).
    void start(const QUrl& url, const QString& destPath, qint64 expectedSize, const QString& sha256,
               bool requireChecksum = false);
    // Downloads the first catalogue entry into the models folder.
    Q_INVOKABLE void startRecommended();
    // Downloads the catalogue entry with this id into the models folder.
    Q_INVOKABLE void startCatalogueEntry(const QString& id);
    // Downloads an entry into `folder`: without a pinned sha256 the host must state one
    // (X-Linked-Etag, on the file's response or on a redirect), else the file is not kept.
    void startEntry(const CatalogueEntry& e, const QString& folder);
    // The catalogue for the download dialog: id, name, description, size, fits (bool), verdict
    // (a sentence about this computer's memory), downloaded and path.
    Q_INVOKABLE QVariantList catalogue() const;
    Q_INVOKABLE QString modelsFolder() const;
    Q_INVOKABLE void cancel();
    static QString partPath(const QString& dest) { return dest + QStringLiteral(".part"); }

  signals:
    void stateChanged();
    void progressChanged();
    void finished(const QString& path);
    void failed(const QString& error);

  private:
    void onReadyRead();
    void onFinished();
    void verify();
    void readHostChecksum(QNetworkReply* r);
    void fail(const QString& error, bool removePartial);
    void setState(State s);

    QNetworkAccessManager nam_;
    QPointer<QNetworkReply> reply_;
    QFile file_;
    QUrl url_;
    QString dest_;
    QString sha256_;
    qint64 expectedSize_ = 0;
    qint64 received_ = 0;
    qint64 startedAt_ = 0; // bytes the .part file held when this attempt started
    qint64 total_ = 0;
    double speed_ = 0.0;
    QElapsedTimer speedClock_;
    qint64 speedBase_ = 0;
    State state_ = State::Idle;
    QString errorText_;
    bool cancelled_ = false;
    bool requireChecksum_ = false; // a catalogue entry: a sha256, pinned or from the host, is required
    QString hostSha256_;           // what the host said (X-Linked-Etag)
    bool firstChunk_ = true;
};

} // namespace smoldesk::app
