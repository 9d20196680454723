// User data lands in ~/.local/share/SmolDesk, not SmolDesk/SmolDesk (issue 12, defect 10), and
// what an earlier version left in the nested folder moves up.
#include "app_paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTest>

using namespace smoldesk::app;

class TestPaths : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        // As main() sets it up.
        QCoreApplication::setApplicationName(QStringLiteral("SmolDesk"));
        QCoreApplication::setOrganizationName(QString());
    }
    void dataDirIsNotNested() {
        const QString dir = paths::dataDir();
        QVERIFY2(dir.endsWith(QLatin1String("/SmolDesk")), qPrintable(dir));
        QVERIFY2(!dir.endsWith(QLatin1String("/SmolDesk/SmolDesk")), qPrintable(dir));
        QVERIFY(paths::databasePath().startsWith(dir + QLatin1Char('/')));
    }
    void nestedDataMovesUp() {
        const QString dir = paths::dataDir();
        QDir(dir).removeRecursively();
        QVERIFY(QDir().mkpath(dir + QStringLiteral("/SmolDesk/logs")));
        QFile db(dir + QStringLiteral("/SmolDesk/conversations.sqlite"));
        QVERIFY(db.open(QIODevice::WriteOnly));
        db.write("old chats");
        db.close();
        paths::migrateNestedDataDir();
        QVERIFY(QFile::exists(dir + QStringLiteral("/conversations.sqlite")));
        QVERIFY(QFileInfo(dir + QStringLiteral("/logs")).isDir());
        QVERIFY(!QFileInfo::exists(dir + QStringLiteral("/SmolDesk")));
        QDir(dir).removeRecursively();
    }
};

QTEST_GUILESS_MAIN(TestPaths)
#include "test_paths.moc"
