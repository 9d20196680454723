// Not a test by itself: test_library starts this program, which runs the app's document library
// (app/library: the Library and its indexer thread) on a scratch database, adds a folder and
// indexes it slowly (a pause before each file) until the test kills it with SIGKILL mid-way.
// Prints "done <outcome> <vectors> <path>" per file. Reaching the end exits 3 (not killed in time).
// Usage: smoldesk_library_harness <database> <folder> <embedding model> <delay ms>
#include "library/library.h"

#include <QCoreApplication>

#include <cstdio>

using namespace smoldesk::library;

int main(int argc, char* argv[]) {
    QCoreApplication app(argc, argv);
    if (argc < 5) {
        std::fprintf(stderr, "usage: smoldesk_library_harness <database> <folder> <model> <delay ms>\n");
        return 2;
    }
    Library library(QString::fromLocal8Bit(argv[1]), nullptr);
    library.setEmbeddingModel(QString::fromLocal8Bit(argv[3]));
    library.setFileDelayMs(QString::fromLocal8Bit(argv[4]).toInt());
    QObject::connect(&library, &Library::fileIndexed, [](const QString& path, int outcome, int vectors) {
        std::printf("done %d %d %s\n", outcome, vectors, qPrintable(path));
        std::fflush(stdout);
    });
    QObject::connect(&library, &Library::idle, [] { QCoreApplication::exit(3); });
    library.addFolder(QString::fromLocal8Bit(argv[2]));
    library.start();
    return QCoreApplication::exec();
}
