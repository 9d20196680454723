#pragma once
// Running a program a test checks end to end (smoldesk-cli, mostly): its exit code and output.
// One helper for the tests that drive the CLI, each of which had its own copy.
#include <QByteArray>
#include <QString>
#include <QStringList>

namespace smoldesk::test {

struct ProgramRun {
    int code = -1; // the exit code; -1 when it crashed
    QByteArray out, err;
    qint64 ms = 0; // from its start to its end
};

// How runProgram waits for the program: blocked, or turning this thread's event loop, for a
// program that talks to a server living in this process (a QTcpServer, or a child process
// whose output is read through signals) and would otherwise wait for it for ever.
enum class Wait { Blocking, EventLoop };

// Runs `program` with `args`, `input` on its standard input (closed after it), and `env` entries
// "NAME=value" added to this process's environment. A run longer than timeoutMs is killed and ends
// the test program (qFatal): a hung CLI is a failure, never a wait for the suite's timeout.
ProgramRun runProgram(const QString& program, const QStringList& args, const QByteArray& input = {},
                      const QStringList& env = {}, int timeoutMs = 120000, Wait wait = Wait::Blocking);

} // namespace smoldesk::test
