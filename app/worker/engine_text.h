#pragma once
// The engine speaks English (core/ has no Qt and no translations): its sentences about devices
// and GPU fallback are recognised here and said again in the UI's language, with the same
// specifics (device name, sizes, tensor type). A sentence not in the table is shown as it is;
// diagnostics and the log keep the engine's own sentence.
#include <QCoreApplication>
#include <QString>

namespace smoldesk::app {

class EngineText {
    Q_DECLARE_TR_FUNCTIONS(EngineText)
  public:
    static QString translate(const QString& engineSentence);
};

} // namespace smoldesk::app
