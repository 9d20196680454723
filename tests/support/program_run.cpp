// The CLI runner of the end-to-end tests (see program_run.h).
#include "program_run.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>

namespace smoldesk::test {

ProgramRun runProgram(const QString& program, const QStringList& args, const QByteArray& input,
                      const QStringList& env, int timeoutMs, Wait wait) {
    QProcess p;
    if (!env.isEmpty()) {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        for (const QString& kv : env) e.insert(kv.section('=', 0, 0), kv.section('=', 1));
        p.setProcessEnvironment(e);
    }
    QElapsedTimer clock;
    clock.start();
    p.start(program, args);
    if (!p.waitForStarted(timeoutMs))
        qFatal("%s could not be started: %s", qPrintable(program), qPrintable(p.errorString()));
    p.write(input);
    p.closeWriteChannel();
    const bool finished = wait == Wait::Blocking
                              ? p.waitForFinished(timeoutMs)
                              : QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, timeoutMs);
    if (!finished) {
        p.kill(); // not left running after the test program ends
        p.waitForFinished();
        qFatal("%s %s did not finish within %d ms", qPrintable(program), qPrintable(args.join(' ')),
               timeoutMs);
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError(), clock.elapsed()};
}

} // namespace smoldesk::test
