// The model downloader against a small HTTP server on 127.0.0.1: full download, resume after an
// interrupted transfer (HTTP Range), wrong checksum (error, partial file removed), 404.
#include "app_paths.h"
#include "catalogue.h"
#include "downloader.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QSet>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTranslator>

using namespace smoldesk::app;

namespace {
// QSignalSpy::wait() misses a signal that another thread emitted before the call; poll instead.
bool waitFor(QSignalSpy& spy, int ms, int atLeast = 1) {
    return QTest::qWaitFor([&] { return spy.count() >= atLeast; }, ms);
}
} // namespace

namespace {

class HttpServer : public QObject {
  public:
    QByteArray payload;
    QStringList ranges; // the Range header of each request ("" when none)
    bool cutFirst = false;
    QByteArray linkedEtag; // the X-Linked-Etag of /lfs/ redirects ("" for none)

    HttpServer() {
        server_.listen(QHostAddress::LocalHost);
        connect(&server_, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = server_.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, this, [this, s] { onRead(s); });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }
    QUrl url(const QString& path) const {
        return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(server_.serverPort()).arg(path));
    }

  private:
    void onRead(QTcpSocket* s) {
        QByteArray& buf = buffers_[s];
        buf += s->readAll();
        if (!buf.contains("\r\n\r\n")) return;
        const QList<QByteArray> lines = buf.split('\n');
        const QByteArray path = lines.value(0).split(' ').value(1);
        QByteArray range;
        for (const QByteArray& l : lines)
            if (l.toLower().startsWith("range:")) range = l.mid(6).trimmed();
        ranges << QString::fromLatin1(range);
        buffers_.remove(s);
        if (path.startsWith("/lfs/")) { // as Hugging Face: the checksum on the redirect
            QByteArray head = "HTTP/1.1 302 Found\r\nLocation: /model.gguf\r\n";
            if (!linkedEtag.isEmpty()) head += "X-Linked-Etag: \"" + linkedEtag + "\"\r\n";
            head += "X-Linked-Size: " + QByteArray::number(payload.size()) + "\r\n";
            head += "Content-Length: 0\r\nConnection: close\r\n\r\n";
            s->write(head);
            s->disconnectFromHost();
            return;
        }
        if (path == "/missing.gguf") {
            s->write("HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot found");
            s->disconnectFromHost();
            return;
        }
        qint64 from = 0;
        if (range.startsWith("bytes=")) from = range.mid(6, range.indexOf('-') - 6).toLongLong();
        const QByteArray body = payload.mid(from);
        QByteArray head = from > 0 ? "HTTP/1.1 206 Partial Content\r\n" : "HTTP/1.1 200 OK\r\n";
        head += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
        if (from > 0)
            head += "Content-Range: bytes " + QByteArray::number(from) + '-' +
                    QByteArray::number(payload.size() - 1) + '/' + QByteArray::number(payload.size()) +
                    "\r\n";
        head += "Connection: close\r\n\r\n";
        s->write(head);
        if (cutFirst && from == 0) {
            cutFirst = false;
            s->write(body.left(body.size() / 3));
            s->flush();
            s->waitForBytesWritten(1000);
            s->abort(); // the transfer breaks off
            return;
        }
        s->write(body);
        s->disconnectFromHost();
    }
    QTcpServer server_;
    QHash<QTcpSocket*, QByteArray> buffers_;
};

QString sha256(const QByteArray& data) {
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestDownloader : public QObject {
    Q_OBJECT
    HttpServer server_;
    QString dest(const char* name) {
        const QString p = QStringLiteral(SMOLDESK_TEST_TMP "/") + QLatin1String(name);
        QFile::remove(p);
        QFile::remove(Downloader::partPath(p));
        return p;
    }

  private slots:
    void initTestCase() {
        server_.payload.resize(700 * 1024);
        for (char& c : server_.payload) c = char(QRandomGenerator::global()->bounded(256));
    }

    void fullDownload() {
        Downloader d;
        QSignalSpy finished(&d, &Downloader::finished);
        const QString p = dest("dl_full.gguf");
        server_.ranges.clear();
        d.start(server_.url("/model.gguf"), p, server_.payload.size(), sha256(server_.payload));
        QVERIFY(waitFor(finished, 20000));
        QCOMPARE(d.state(), Downloader::State::Done);
        QCOMPARE(readAll(p), server_.payload);
        QVERIFY(!QFile::exists(Downloader::partPath(p)));
        QCOMPARE(d.received(), qint64(server_.payload.size()));
        QCOMPARE(server_.ranges, QStringList{QString()});
    }

    void resumeAfterInterruption() {
        Downloader d;
        QSignalSpy finished(&d, &Downloader::finished);
        QSignalSpy failed(&d, &Downloader::failed);
        const QString p = dest("dl_resume.gguf");
        server_.ranges.clear();
        server_.cutFirst = true;
        d.start(server_.url("/model.gguf"), p, server_.payload.size(), sha256(server_.payload));
        QVERIFY(waitFor(failed, 20000));
        QCOMPARE(d.state(), Downloader::State::Error);
        const qint64 partial = QFile(Downloader::partPath(p)).size();
        QVERIFY(partial > 0 && partial < server_.payload.size());
        d.start(server_.url("/model.gguf"), p, server_.payload.size(), sha256(server_.payload));
        QVERIFY(waitFor(finished, 20000));
        QCOMPARE(readAll(p), server_.payload);
        QCOMPARE(server_.ranges.size(), 2);
        QCOMPARE(server_.ranges.at(1), QStringLiteral("bytes=%1-").arg(partial));
    }

    void wrongChecksum() {
        Downloader d;
        QSignalSpy failed(&d, &Downloader::failed);
        const QString p = dest("dl_bad.gguf");
        d.start(server_.url("/model.gguf"), p, server_.payload.size(), QString(64, QLatin1Char('0')));
        QVERIFY(waitFor(failed, 20000));
        QVERIFY(failed.at(0).at(0).toString().contains(QLatin1String("sha256")));
        QVERIFY(!QFile::exists(p));
        QVERIFY(!QFile::exists(Downloader::partPath(p)));
    }

    void notFound() {
        Downloader d;
        QSignalSpy failed(&d, &Downloader::failed);
        const QString p = dest("dl_missing.gguf");
        d.start(server_.url("/missing.gguf"), p, 0, QString());
        QVERIFY(waitFor(failed, 20000));
        QVERIFY2(failed.at(0).at(0).toString().contains(QLatin1String("404")),
                 qPrintable(failed.at(0).at(0).toString()));
        QVERIFY(!QFile::exists(p));
        QVERIFY(!QFile::exists(Downloader::partPath(p)));
    }

    // Catalogue entries without a pinned sha256 are checked against the one the host states on
    // its redirect (Hugging Face's X-Linked-Etag); without one, the file is not kept.
    void checksumFromTheHost() {
        const QString folder = QStringLiteral(SMOLDESK_TEST_TMP "/catalogue");
        QDir().mkpath(folder);
        CatalogueEntry e;
        e.id = QStringLiteral("t");
        e.fileName = QStringLiteral("host-checked.gguf");
        e.url = server_.url(QStringLiteral("/lfs/host-checked.gguf"));
        e.approxSize = 1000;
        const QString path = folder + QStringLiteral("/host-checked.gguf");
        const struct {
            QByteArray tag;
            bool kept;
            const char* says;
        } cases[] = {{sha256(server_.payload).toLatin1(), true, ""},
                     {QByteArray(64, 'a'), false, "sha256 mismatch"},
                     {QByteArray(), false, "did not say the file's checksum"}};
        for (const auto& c : cases) {
            QFile::remove(path);
            QFile::remove(Downloader::partPath(path));
            server_.linkedEtag = c.tag;
            Downloader d;
            QSignalSpy finished(&d, &Downloader::finished);
            QSignalSpy failed(&d, &Downloader::failed);
            d.startEntry(e, folder);
            QVERIFY(waitFor(c.kept ? finished : failed, 20000));
            QCOMPARE(d.total(), qint64(server_.payload.size())); // X-Linked-Size
            if (c.kept) {
                QCOMPARE(readAll(path), server_.payload);
            } else {
                QVERIFY2(failed.at(0).at(0).toString().contains(QLatin1String(c.says)),
                         qPrintable(failed.at(0).at(0).toString()));
                QVERIFY(!QFile::exists(path));
                QVERIFY(!QFile::exists(Downloader::partPath(path)));
            }
        }
        server_.linkedEtag.clear();
    }

    // The shipped catalogue: ten entries or more, each a Hugging Face file with a size for the
    // list; the first pinned; a verdict that follows the free memory.
    void catalogueAndVerdicts() {
        const QList<CatalogueEntry> c = readCatalogue(paths::cataloguePath());
        QVERIFY(c.size() >= 10);
        QVERIFY(!c.first().sha256.isEmpty() && c.first().size > 0);
        QSet<QString> ids;
        for (const CatalogueEntry& e : c) {
            QVERIFY2(e.url.toString().startsWith(QLatin1String("https://huggingface.co/")) &&
                         e.url.toString().endsWith(QLatin1String("/resolve/main/") + e.fileName),
                     qPrintable(e.url.toString()));
            QVERIFY(e.displaySize() > 100'000'000);
            QVERIFY(!e.description.isEmpty());
            ids.insert(e.id);
        }
        QCOMPARE(ids.size(), c.size());
        const qint64 gb = 1000LL * 1000 * 1000;
        const CatalogueEntry& small = c.first(); // 1.9 GB
        auto big = std::find_if(c.begin(), c.end(), [](const CatalogueEntry& e) {
            return e.id.startsWith(QLatin1String("qwen3-30b"));
        });
        QVERIFY(big != c.end());
        QCOMPARE(fitOf(small, 4 * gb), FitVerdict::Fits);
        QCOMPARE(fitOf(*big, 4 * gb), FitVerdict::TooLarge);
        QCOMPARE(fitOf(*big, 64 * gb), FitVerdict::Fits);
        QCOMPARE(fitOf(small, 2 * gb), FitVerdict::TooLarge); // weights alone are not enough
        QVERIFY(fitText(FitVerdict::TooLarge, *big, 4 * gb).startsWith(QLatin1String("Needs about")));

        // A file name with a folder in it is not an entry (it would write outside the models folder).
        const QString bad = QStringLiteral(SMOLDESK_TEST_TMP "/bad-catalogue.json");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"models\":[{\"id\":\"x\",\"name\":\"x\",\"file\":\"../x.gguf\",\"url\":"
                "\"https://huggingface.co/a/b/resolve/main/x.gguf\",\"approxSize\":5},"
                "{\"id\":\"y\",\"name\":\"y\",\"file\":\"y.gguf\",\"url\":"
                "\"https://huggingface.co/a/b/resolve/main/y.gguf\",\"approxSize\":5}]}");
        f.close();
        const QList<CatalogueEntry> read = readCatalogue(bad);
        QCOMPARE(read.size(), 1);
        QCOMPARE(read.first().id, QStringLiteral("y"));
    }

    // Issue 39, defect 9: offline, the download said it "was interrupted" when it never started,
    // with Qt's English reason inside the German sentence.
    void noConnectionSaysSoInTheUiLanguage() {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close(); // nothing listens there now: the connection is refused
        const QUrl url(QStringLiteral("http://127.0.0.1:%1/model.gguf").arg(port));

        Downloader d;
        QSignalSpy failed(&d, &Downloader::failed);
        d.start(url, dest("dl_offline.gguf"), 1000, QString());
        QVERIFY(waitFor(failed, 20000));
        const QString english = failed.at(0).at(0).toString();
        QVERIFY2(english.startsWith(QLatin1String("There is no connection to 127.0.0.1")),
                 qPrintable(english));
        QVERIFY2(!english.contains(QLatin1String("interrupted")), qPrintable(english));

        QTranslator german;
        QVERIFY(german.load(QStringLiteral(":/i18n/smoldesk_de.qm")));
        QCoreApplication::installTranslator(&german);
        Downloader d2;
        QSignalSpy failed2(&d2, &Downloader::failed);
        d2.start(url, dest("dl_offline_de.gguf"), 1000, QString());
        const bool got = waitFor(failed2, 20000);
        QCoreApplication::removeTranslator(&german);
        QVERIFY(got);
        const QString text = failed2.at(0).at(0).toString();
        QVERIFY2(text.contains(QLatin1String("127.0.0.1")) && text.contains(QLatin1String("Verbindung")),
                 qPrintable(text));
        QVERIFY2(!text.contains(QLatin1String("refused"), Qt::CaseInsensitive), qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestDownloader)
#include "test_downloader.moc"
