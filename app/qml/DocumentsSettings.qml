import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import SmolDesk

// Settings ▸ Documents: the document library. Folders to add (here, or by dropping a folder on
// the window) and remove, each with its file counts, its state and what to tell about its files
// (a file that could not be read, a PDF page without text); the indexer's progress with pause and
// resume; the embedding model, or keyword search only.
ColumnLayout {
    id: page
    spacing: 8
    readonly property var lib: App.library

    function fileName(path) {
        const parts = path.split("/")
        return parts[parts.length - 1]
    }
    readonly property string statusText: {
        switch (lib.state) {
        case Library.Indexing:
            return lib.filesTotal > 0
                    ? qsTr("Indexing %1 of %2: %3").arg(lib.filesDone + 1).arg(lib.filesTotal).arg(fileName(lib.currentFile))
                    : qsTr("Looking for files…")
        case Library.Paused:
            return qsTr("Paused after %1 of %2 files.").arg(lib.filesDone).arg(lib.filesTotal)
        case Library.Failed:
            return lib.error
        default:
            return lib.folders.count === 0 ? "" : qsTr("Up to date.")
        }
    }

    RowLayout {
        Layout.fillWidth: true
        DialogButton {
            objectName: "addDocumentFolder"
            text: qsTr("Add folder…")
            onClicked: folderDialog.open()
        }
        DialogButton {
            objectName: "pauseIndexing"
            text: page.lib.paused ? qsTr("Resume") : qsTr("Pause")
            enabled: page.lib.paused || page.lib.state === Library.Indexing
            onClicked: page.lib.paused ? page.lib.resume() : page.lib.pause()
        }
        DialogButton {
            objectName: "rescanDocuments"
            text: qsTr("Rescan")
            enabled: page.lib.folders.count > 0
            onClicked: page.lib.rescan()
        }
        Item { Layout.fillWidth: true }
    }
    ProgressBar {
        Layout.fillWidth: true
        visible: page.lib.state === Library.Indexing || page.lib.state === Library.Paused
        from: 0
        to: Math.max(1, page.lib.filesTotal)
        value: page.lib.filesDone
        Accessible.name: qsTr("Indexing progress")
    }
    Label {
        objectName: "libraryStatus"
        Layout.fillWidth: true
        visible: text.length > 0
        wrapMode: Text.Wrap
        elide: Text.ElideMiddle
        text: page.statusText
        color: page.lib.state === Library.Failed ? Theme.danger : palette.windowText
    }

    RowLayout {
        Layout.fillWidth: true
        Label { text: qsTr("Embedding model") }
        Label {
            objectName: "embeddingModelName"
            Layout.fillWidth: true
            elide: Text.ElideMiddle
            text: page.lib.embeddingModel.length > 0 ? page.fileName(page.lib.embeddingModel)
                                                     : qsTr("None: keyword search only")
        }
        DialogButton {
            objectName: "chooseEmbeddingModel"
            text: qsTr("Choose…")
            onClicked: modelDialog.open()
        }
        DialogButton {
            objectName: "keywordOnly"
            text: qsTr("Keyword only")
            visible: page.lib.embeddingModel.length > 0
            onClicked: page.lib.embeddingModel = ""
        }
    }
    Label {
        Layout.fillWidth: true
        wrapMode: Text.Wrap
        opacity: 0.7
        text: qsTr("An embedding model (such as nomic-embed-text or bge-small in GGUF) lets search find passages by meaning as well as by words. Changing it indexes the library again.")
    }

    Label {
        Layout.fillWidth: true
        visible: page.lib.folders.count === 0
        wrapMode: Text.Wrap
        opacity: 0.75
        text: qsTr("No folders yet. Add one, or drop a folder on the window. Its documents (PDF, Word, OpenDocument, Markdown, HTML, text and source code) are indexed in the background and stay on this computer.")
    }
    ListView {
        id: folderList
        objectName: "documentFolderList"
        Layout.fillWidth: true
        Layout.fillHeight: true
        clip: true
        spacing: 6
        model: page.lib.folders
        ScrollBar.vertical: ScrollBar {}
        delegate: Frame {
            id: card
            required property string path
            required property string name
            required property int files
            required property int indexed
            required property int failed
            required property int noTextFiles
            required property int folderState
            required property var notes
            width: folderList.width - 12
            ColumnLayout {
                anchors.left: parent.left
                anchors.right: parent.right
                spacing: 2
                RowLayout {
                    Layout.fillWidth: true
                    ColumnLayout {
                        Layout.fillWidth: true
                        spacing: 0
                        Label { text: card.name; font.bold: true; elide: Text.ElideRight; Layout.fillWidth: true }
                        Label {
                            Layout.fillWidth: true
                            text: card.path
                            elide: Text.ElideMiddle
                            opacity: 0.7
                            font.pixelSize: Qt.application.font.pixelSize * 0.9
                        }
                    }
                    DialogButton {
                        objectName: "removeFolder_" + card.name
                        text: qsTr("Remove")
                        onClicked: page.lib.removeFolder(card.path)
                        Accessible.name: qsTr("Remove %1 from the library").arg(card.name)
                    }
                }
                Label {
                    objectName: "folderCounts_" + card.name
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    text: {
                        let s
                        switch (card.folderState) {
                        case FolderListModel.Missing: s = qsTr("Not found: its %n file(s) stay in the library until it is back or removed.", "", card.files); break
                        case FolderListModel.Indexing: s = qsTr("Indexing…"); break
                        case FolderListModel.Queued: s = qsTr("Waiting to be indexed."); break
                        default: s = qsTr("%n file(s).", "", card.files)
                            + (card.failed > 0 ? " " + qsTr("%n could not be read.", "", card.failed) : "")
                        }
                        return card.noTextFiles > 0 ? s + " " + qsTr("%n with pages without text.", "", card.noTextFiles) : s
                    }
                    color: card.folderState === FolderListModel.Missing ? Theme.danger : palette.windowText
                }
                // In a Column, not straight in the Layout (Qt 6.4 and Repeaters in Quick Layouts).
                Column {
                    Layout.fillWidth: true
                    leftPadding: 12
                    Repeater {
                        model: card.notes
                        delegate: Label {
                            required property string modelData
                            width: card.width - 40
                            text: modelData
                            wrapMode: Text.Wrap
                            opacity: 0.8
                            font.pixelSize: Qt.application.font.pixelSize * 0.9
                        }
                    }
                }
            }
        }
    }

    FolderDialog {
        id: folderDialog
        title: qsTr("Add a folder to the library")
        acceptLabel: qsTr("Add")
        rejectLabel: qsTr("Cancel")
        onAccepted: page.lib.addFolder(selectedFolder)
    }
    FileDialog {
        id: modelDialog
        title: qsTr("Choose an embedding model")
        acceptLabel: qsTr("Choose")
        rejectLabel: qsTr("Cancel")
        nameFilters: [qsTr("GGUF models (*.gguf)"), qsTr("All files (*)")]
        onAccepted: page.lib.embeddingModel = selectedFile
    }
}
