#pragma once
// Sizes and counts in the interface's locale ("1.9 GB", "3.1 B"), for the model facts, the error
// sentences and the downloader.
#include <QString>

namespace smoldesk::app {

QString formatBytes(qint64 bytes);
QString formatCount(qint64 n);

} // namespace smoldesk::app
