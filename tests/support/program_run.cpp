// The CLI runner of the end-to-end tests (see program_run.h).
#include "program_run.h"

#include <QProcess>
#include <QProcessEnvironment>

namespace smoldesk::test {

ProgramRun runProgram(const QString& program, const QStringList& args, const QByteArray& input,
                      const QStringList& env, int timeoutMs) {
    QProcess p;
    if (!env.isEmpty()) {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        for (const QString& kv : env) e.insert(kv.section('=', 0, 0), kv.section('=', 1));
        p.setProcessEnvironment(e);
    }
    p.start(program, args);
    p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) qFatal("%s did not finish", qPrintable(program));
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

} // namespace smoldesk::test
