#include "qt_app.h"

namespace smoldesk::cli {

QCoreApplication& ensureQtApp() {
    static int argc = 1;
    static char name[] = "smoldesk-cli";
    static char* argv[] = {name, nullptr};
    static auto* app = QCoreApplication::instance() ? nullptr : new QCoreApplication(argc, argv);
    Q_UNUSED(app);
    QCoreApplication::setApplicationVersion(QStringLiteral(SMOLDESK_VERSION));
    return *QCoreApplication::instance();
}

} // namespace smoldesk::cli
