import QtQuick
import QtQuick.Pdf

// A cited PDF in the source viewer (SourceViewer.qml): Qt PDF Quick's multi-page view opened at
// the cited page, with the passage's first words searched: every match is tinted and the one on
// the cited page framed. Its own file so that a system without Qt PDF Quick
// (qml6-module-qtquick-pdf) loses only this view, not the window.
Item {
    id: root
    property url source
    property int page: 0 // 1-based
    property string searchText
    readonly property int currentPage: view.currentPage // 0-based, as Qt PDF counts
    // The page of the framed match (-1: none found on the cited page).
    readonly property int highlightPage: highlighted ? view.searchModel.currentResultLink.page : -1
    property bool highlighted: false
    readonly property bool ready: doc.status === PdfDocument.Ready
    readonly property bool failed: doc.status === PdfDocument.Error

    PdfDocument {
        id: doc
        source: root.source
        onStatusChanged: if (status === PdfDocument.Ready) root.goToCitation()
    }
    PdfMultiPageView {
        id: view
        objectName: "sourcePdfView"
        anchors.fill: parent
        document: doc
    }
    // The match on the cited page, found among the search's results as they come in.
    Instantiator {
        model: view.searchModel
        delegate: QtObject {
            required property int index
            required property int page
        }
        onObjectAdded: (index, object) => {
            if (!root.highlighted && object.page === root.page - 1) {
                root.highlighted = true
                view.searchModel.currentResult = index
            }
        }
    }
    function goToCitation() {
        highlighted = false
        if (page > 0) view.goToPage(Math.min(page, doc.pageCount) - 1)
        // The view frames the current match only on the search model's current page (Qt 6.4).
        view.searchModel.currentPage = Math.max(0, page - 1)
        view.searchString = searchText
    }
    onSourceChanged: if (ready) goToCitation()
    onPageChanged: if (ready) goToCitation()
}
