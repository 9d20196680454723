// SMOLDESK_REQUIRE_ALL_TESTS turns skips into failures that name what was missing, both for a
// test function (SMOLDESK_SKIP_OR_FAIL) and for tests the build could not register
// (smoldesk_add_unavailable_test); without it both still skip.
#include <QProcess>
#include <QtTest>

namespace {

struct Run {
    int code = -1;
    QString output;
};

Run run(const QString& program, const QStringList& args, const char* requireAll) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("SMOLDESK_REQUIRE_ALL_TESTS"));
    if (requireAll) env.insert(QStringLiteral("SMOLDESK_REQUIRE_ALL_TESTS"), QString::fromUtf8(requireAll));
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    if (!p.waitForFinished(60000)) return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAll())};
}

const QString kProbe = QStringLiteral(SMOLDESK_SKIP_OR_FAIL_PROBE);
const QStringList kPlaceholder = {QStringLiteral("-DREASON=spirv-val was not found."), QStringLiteral("-P"),
                                  QStringLiteral(SMOLDESK_UNAVAILABLE_TEST_SCRIPT)};

} // namespace

class TestRequireAll : public QObject {
    Q_OBJECT

  private slots:
    void skipsOnADevelopersMachine_data() {
        QTest::addColumn<QString>("value");
        QTest::newRow("unset") << QString();
        QTest::newRow("zero") << QStringLiteral("0");
    }
    void skipsOnADevelopersMachine() {
        QFETCH(QString, value);
        const QByteArray v = value.toUtf8();
        Run r = run(kProbe, {}, value.isNull() ? nullptr : v.constData());
        QVERIFY2(r.code == 0, qPrintable(r.output));
        QVERIFY2(r.output.contains(QLatin1String("SKIP   : SkipOrFailProbe::needsSomethingMissing()")),
                 qPrintable(r.output));
        Run p = run(QStringLiteral(SMOLDESK_CMAKE), kPlaceholder, value.isNull() ? nullptr : v.constData());
        QVERIFY2(p.code == 0 && p.output.contains(QLatin1String("SKIP: spirv-val was not found.")),
                 qPrintable(p.output));
    }
    void failsWithTheReasonInCi() {
        Run r = run(kProbe, {}, "1");
        QVERIFY2(r.code != 0, qPrintable(r.output));
        QVERIFY2(r.output.contains(QLatin1String("FAIL!  : SkipOrFailProbe::needsSomethingMissing()")),
                 qPrintable(r.output));
        QVERIFY2(r.output.contains(QLatin1String("cannot run: the probe's imaginary device is missing")),
                 qPrintable(r.output));
        QVERIFY2(!r.output.contains(QLatin1String("SKIP")), qPrintable(r.output));
        Run p = run(QStringLiteral(SMOLDESK_CMAKE), kPlaceholder, "1");
        QVERIFY2(p.code != 0, qPrintable(p.output));
        QVERIFY2(p.output.contains(QLatin1String("were not built: spirv-val was not found.")),
                 qPrintable(p.output));
        QVERIFY2(!p.output.contains(QLatin1String("SKIP")), qPrintable(p.output));
    }
};

QTEST_GUILESS_MAIN(TestRequireAll)
#include "test_require_all.moc"
