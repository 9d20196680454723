#include "downloader.h"

#include "app_paths.h"
#include "catalogue.h"
#include "worker/model_facts.h"
#include "worker/quantity_text.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLoggingCategory>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QtConcurrent/QtConcurrentRun>

Q_LOGGING_CATEGORY(lcDownload, "smoldesk.download")

namespace smoldesk::app {
namespace {

QString fileSha256(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    if (!h.addData(&f)) return {};
    return QString::fromLatin1(h.result().toHex());
}

// Qt's own error strings are English whatever the UI language, so the reasons users see are ours.
QString networkReason(QNetworkReply::NetworkError e) {
    switch (e) {
    case QNetworkReply::ConnectionRefusedError:
        return Downloader::tr("the server refused the connection");
    case QNetworkReply::RemoteHostClosedError:
        return Downloader::tr("the server closed the connection");
    case QNetworkReply::TimeoutError:
        return Downloader::tr("the server stopped answering");
    case QNetworkReply::SslHandshakeFailedError:
        return Downloader::tr("the secure connection could not be set up");
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
        return Downloader::tr("the network went away");
    default:
        return Downloader::tr("the network failed");
    }
}

// Errors where no connection to the host was ever made: nothing can have been interrupted.
bool neverConnected(QNetworkReply::NetworkError e) {
    switch (e) {
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::HostNotFoundError:
    case QNetworkReply::TimeoutError:
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::ProxyConnectionRefusedError:
    case QNetworkReply::ProxyNotFoundError:
    case QNetworkReply::ProxyTimeoutError:
    case QNetworkReply::UnknownNetworkError:
        return true;
    default:
        return false;
    }
}

} // namespace

Downloader::Downloader(QObject* parent) : QObject(parent) {}

Downloader::~Downloader() {
    if (reply_) {
        cancelled_ = true;
        reply_->abort();
    }
}

QString Downloader::progressText() const {
    QString s = formatBytes(received_);
    if (total_ > 0) s = tr("%1 of %2").arg(s, formatBytes(total_));
    if (state_ == State::Downloading && speed_ > 0)
        s += QStringLiteral(" · ") + tr("%1/s").arg(formatBytes(qint64(speed_)));
    return s;
}

QString Downloader::catalogueName() const {
    const auto c = readCatalogue(paths::cataloguePath());
    return c.isEmpty() ? QString() : c.first().name;
}

QString Downloader::catalogueSize() const {
    const auto c = readCatalogue(paths::cataloguePath());
    return c.isEmpty() ? QString() : formatBytes(c.first().size);
}

void Downloader::setState(State s) {
    if (s == state_) return;
    state_ = s;
    emit stateChanged();
}

void Downloader::startRecommended() {
    const auto c = readCatalogue(paths::cataloguePath());
    if (c.isEmpty()) {
        fail(tr("The model catalogue is missing."), false);
        return;
    }
    startEntry(c.first(), paths::modelsDir());
}

void Downloader::startCatalogueEntry(const QString& id) {
    for (const CatalogueEntry& e : readCatalogue(paths::cataloguePath()))
        if (e.id == id) return startEntry(e, paths::modelsDir());
    fail(tr("The model catalogue has no entry “%1”.").arg(id), false);
}

void Downloader::startEntry(const CatalogueEntry& e, const QString& folder) {
    // An entry without a pinned sha256 is checked against the one its host states (Hugging
    // Face's X-Linked-Etag); without either the file is not kept.
    start(e.url, folder + QLatin1Char('/') + e.fileName, e.size, e.sha256, true);
}

QString Downloader::modelsFolder() const {
    return QDir::toNativeSeparators(paths::modelsDir());
}

QVariantList Downloader::catalogue() const {
    QVariantList out;
    const qint64 available = availableMemoryBytes();
    for (const CatalogueEntry& e : readCatalogue(paths::cataloguePath())) {
        const FitVerdict v = fitOf(e, available);
        out << QVariantMap{{QStringLiteral("id"), e.id},
                           {QStringLiteral("name"), e.name},
                           {QStringLiteral("description"), e.description},
                           {QStringLiteral("size"), formatBytes(e.displaySize())},
                           {QStringLiteral("fits"), v == FitVerdict::Fits},
                           {QStringLiteral("verdict"), fitText(v, e, available)},
                           {QStringLiteral("downloaded"),
                            QFileInfo::exists(paths::modelsDir() + QLatin1Char('/') + e.fileName)},
                           {QStringLiteral("path"), paths::modelsDir() + QLatin1Char('/') + e.fileName}};
    }
    return out;
}

void Downloader::start(const QUrl& url, const QString& destPath, qint64 expectedSize, const QString& sha256,
                       bool requireChecksum) {
    // One download at a time, its checksum pass included: the pass reads the members below.
    if (reply_ || state_ == State::Verifying) return;
    requireChecksum_ = requireChecksum;
    url_ = url;
    dest_ = destPath;
    expectedSize_ = expectedSize;
    sha256_ = sha256.toLower();
    cancelled_ = false;
    firstChunk_ = true;
    errorText_.clear();
    file_.setFileName(partPath(dest_));
    if (!file_.open(QIODevice::ReadWrite)) {
        fail(tr("Cannot write '%1': %2").arg(file_.fileName(), file_.errorString()), false);
        return;
    }
    const qint64 have = file_.size();
    file_.seek(have);
    received_ = have;
    startedAt_ = have;
    total_ = expectedSize;
    hostSha256_.clear();
    QNetworkRequest req(url_);
    // Each redirect is seen (and allowed unless it goes from https to http): Hugging Face says a
    // file's sha256 and size on its redirect to the storage host, not on the file's own response.
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::UserVerifiedRedirectPolicy);
    if (have > 0) req.setRawHeader("Range", "bytes=" + QByteArray::number(have) + '-');
    qCInfo(lcDownload) << "downloading" << url_ << "to" << dest_ << "from byte" << have;
    speedClock_.start();
    speedBase_ = have;
    speed_ = 0;
    reply_ = nam_.get(req);
    connect(reply_, &QNetworkReply::redirected, this, [this](const QUrl& to) {
        if (!reply_) return;
        readHostChecksum(reply_);
        if (url_.scheme() == QLatin1String("https") && to.scheme() != QLatin1String("https")) {
            fail(tr("The server redirected the download to an unencrypted address; it was stopped."), false);
            return;
        }
        emit reply_->redirectAllowed();
    });
    connect(reply_, &QNetworkReply::metaDataChanged, this, [this] {
        if (reply_) readHostChecksum(reply_);
    });
    connect(reply_, &QNetworkReply::readyRead, this, &Downloader::onReadyRead);
    connect(reply_, &QNetworkReply::finished, this, &Downloader::onFinished);
    setState(State::Downloading);
    emit progressChanged();
}

void Downloader::onReadyRead() {
    if (!reply_) return;
    const int status = reply_->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status != 200 && status != 206) return; // errors are handled in onFinished
    if (firstChunk_) {
        firstChunk_ = false;
        if (status == 200 && received_ > 0) { // the server ignored the Range request: start over
            file_.resize(0);
            file_.seek(0);
            received_ = 0;
            startedAt_ = 0;
            speedBase_ = 0;
        }
        if (expectedSize_ <= 0) {
            const qint64 len = reply_->header(QNetworkRequest::ContentLengthHeader).toLongLong();
            if (len > 0) total_ = received_ + len;
        }
    }
    const QByteArray data = reply_->readAll();
    if (file_.write(data) != data.size()) {
        fail(tr("Cannot write '%1': %2").arg(file_.fileName(), file_.errorString()), false);
        return;
    }
    received_ += data.size();
    const qint64 ms = speedClock_.elapsed();
    if (ms >= 500) {
        speed_ = double(received_ - speedBase_) * 1000.0 / double(ms);
        speedBase_ = received_;
        speedClock_.restart();
    }
    emit progressChanged();
}

void Downloader::onFinished() {
    if (!reply_) return;
    QNetworkReply* r = reply_;
    reply_ = nullptr;
    r->deleteLater();
    if (r->bytesAvailable() > 0) {
        reply_ = r;
        onReadyRead();
        reply_ = nullptr;
    }
    file_.flush();
    const int status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (cancelled_) {
        file_.close();
        qCInfo(lcDownload) << "download cancelled at" << received_ << "bytes";
        setState(State::Idle);
        return;
    }
    if (status == 416 && expectedSize_ > 0 && file_.size() == expectedSize_) {
        verify(); // already complete
        return;
    }
    if (status >= 400) {
        fail(tr("The server answered HTTP %1 (%2).")
                 .arg(status)
                 .arg(r->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString()),
             status != 416);
        return;
    }
    if (r->error() != QNetworkReply::NoError) {
        const QString host = url_.host().isEmpty() ? url_.toDisplayString() : url_.host();
        qCWarning(lcDownload) << "network error" << r->error() << r->errorString();
        if (received_ == startedAt_ && neverConnected(r->error()))
            fail(tr("There is no connection to %1 (%2). Check the network and try again.")
                     .arg(host, networkReason(r->error())),
                 false);
        else
            fail(tr("The download stopped after %1: %2. Start it again to resume.")
                     .arg(formatBytes(received_), networkReason(r->error())),
                 false);
        return;
    }
    verify();
}

void Downloader::readHostChecksum(QNetworkReply* r) {
    // X-Linked-Etag: the sha256 of a file kept in Git LFS, quoted (weak tags start with W/).
    QByteArray tag = r->rawHeader("X-Linked-Etag").trimmed();
    if (tag.startsWith("W/")) tag = tag.mid(2);
    tag.replace('"', "");
    static const QRegularExpression hex64(QStringLiteral("^[0-9a-f]{64}$"));
    const QString sha = QString::fromLatin1(tag).toLower();
    if (hex64.match(sha).hasMatch()) hostSha256_ = sha;
    const qint64 size = r->rawHeader("X-Linked-Size").trimmed().toLongLong();
    if (expectedSize_ <= 0 && size > 0) {
        expectedSize_ = size;
        total_ = size;
    }
}

void Downloader::verify() {
    file_.close();
    if (sha256_.isEmpty() && requireChecksum_) {
        if (hostSha256_.isEmpty()) {
            fail(tr("The server did not say the file's checksum, so the download cannot be verified; it was "
                    "not kept."),
                 true);
            return;
        }
        sha256_ = hostSha256_;
    }
    const QString part = partPath(dest_);
    const qint64 size = QFileInfo(part).size();
    if (expectedSize_ > 0 && size < expectedSize_) {
        fail(tr("The download stopped after %1 of %2. Start it again to resume.")
                 .arg(formatBytes(size), formatBytes(expectedSize_)),
             false);
        return;
    }
    if (expectedSize_ > 0 && size > expectedSize_) {
        fail(tr("The download has %1 bytes, expected %2.").arg(size).arg(expectedSize_), true);
        return;
    }
    setState(State::Verifying);
    auto* watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, part] {
        watcher->deleteLater();
        const QString got = watcher->result();
        if (!sha256_.isEmpty() && got != sha256_) {
            fail(tr("The download is damaged (sha256 mismatch). Please try again."), true);
            return;
        }
        if (sha256_.isEmpty()) qCWarning(lcDownload) << "no expected sha256; got" << got;
        QFile::remove(dest_);
        if (!QFile::rename(part, dest_)) {
            fail(tr("Cannot move the download to '%1'.").arg(dest_), false);
            return;
        }
        qCInfo(lcDownload) << "downloaded" << dest_ << "sha256" << got;
        setState(State::Done);
        emit finished(dest_);
    });
    watcher->setFuture(QtConcurrent::run([part] { return fileSha256(part); }));
}

void Downloader::cancel() {
    if (!reply_) return;
    cancelled_ = true;
    reply_->abort();
}

void Downloader::fail(const QString& error, bool removePartial) {
    if (reply_) {
        QNetworkReply* r = reply_;
        reply_ = nullptr;
        r->abort();
        r->deleteLater();
    }
    file_.close();
    if (removePartial) QFile::remove(partPath(dest_));
    errorText_ = error;
    qCWarning(lcDownload) << error;
    setState(State::Error);
    emit failed(error);
}

} // namespace smoldesk::app
