#pragma once
// The QCoreApplication the Qt-based commands (serve, mcp, chat --mcp, chat --endpoint) need for
// their event loops, created on first use (Qt builds of the CLI only).
#include <QCoreApplication>

namespace smoldesk::cli {

QCoreApplication& ensureQtApp();

} // namespace smoldesk::cli
