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
};

// Runs `program` with `args`, `input` on its standard input (closed after it), and `env` entries
// "NAME=value" added to this process's environment. A run longer than timeoutMs ends the test
// program (qFatal): a hung CLI is a failure, never a wait for the suite's timeout.
ProgramRun runProgram(const QString& program, const QStringList& args, const QByteArray& input = {},
                      const QStringList& env = {}, int timeoutMs = 120000);

} // namespace smoldesk::test
