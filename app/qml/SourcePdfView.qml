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
    readonly property int highlightPage: matchIndex >= 0 ? view.searchModel.currentResultLink.page : -1
    property int matchIndex: -1 // the search result on the cited page
    readonly property bool ready: doc.status === PdfDocument.Ready
    // How far the pages are scrolled, and one page's height, in pixels (for tests: which page shows).
    function scrolledY() {
        for (let i = 0; i < view.children.length; ++i)
            if (view.children[i].contentY !== undefined) return view.children[i].contentY
        return 0
    }
    function pageHeight() { return ready ? doc.pagePointSize(0).height * view.renderScale : 0 }
    // PdfDocument.Status.Error (4): the unqualified name is also one of its Error enum's.
    readonly property bool failed: doc.status === 4
    clip: true

    PdfDocument {
        id: doc
        source: root.source
        onStatusChanged: if (doc.status === PdfDocument.Ready) Qt.callLater(root.goToCitation)
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
            if (root.matchIndex < 0 && object.page === root.page - 1) {
                root.matchIndex = index
                view.searchModel.currentResult = index
                Qt.callLater(root.jumpToCitation)
            }
        }
    }
    // Placed once the view has its size (the table view cannot scroll to a page before).
    function goToCitation() {
        if (!ready || width <= 0 || height <= 0) return
        view.scaleToWidth(width, height)
        // The view frames the current match only on the search model's current page (Qt 6.4).
        view.searchModel.currentPage = Math.max(0, page - 1)
        if (view.searchString !== searchText) {
            matchIndex = -1
            view.searchString = searchText
        }
        Qt.callLater(jumpToCitation) // after the new scale's layout
    }
    // goToLocation, not goToPage, which does nothing when the page is already "current".
    function jumpToCitation() {
        if (!ready) return
        const link = view.searchModel.currentResultLink
        if (matchIndex >= 0) view.goToLocation(link.page, link.location, 0)
        else if (page > 0) view.goToLocation(Math.min(page, doc.pageCount) - 1, Qt.point(0, 0), 0)
    }
    onSourceChanged: Qt.callLater(goToCitation)
    onPageChanged: Qt.callLater(goToCitation)
    onHeightChanged: Qt.callLater(goToCitation)
}
