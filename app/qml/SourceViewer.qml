import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import SmolDesk

// The in-app viewer of a cited source (a click on a citation chip under an answer; the content
// comes from SourceViewer in app/src): a PDF at the cited page with the passage highlighted, any
// other document as read-only text scrolled to the cited lines, which are selected; a file that
// has moved or vanished gets one sentence. Escape or Close returns to the chat.
Popup {
    id: popup
    objectName: "sourceViewer"
    readonly property var viewer: App.chat.documents.viewer
    parent: Overlay.overlay
    x: 16
    y: 16
    width: parent ? parent.width - 32 : 600
    height: parent ? parent.height - 32 : 400
    modal: true
    focus: true
    closePolicy: Popup.CloseOnEscape
    padding: 10
    Overlay.modal: Rectangle { color: Theme.scrim }

    Connections {
        target: popup.viewer
        function onChanged() {
            if (popup.viewer.open && !popup.opened) popup.open()
            else if (!popup.viewer.open && popup.visible) popup.close()
            if (popup.viewer.kind === "text") Qt.callLater(textView.showCitation)
        }
    }
    onClosed: viewer.close()
    onOpened: if (viewer.kind === "text") textView.showCitation()

    ColumnLayout {
        anchors.fill: parent
        spacing: 8
        RowLayout {
            Layout.fillWidth: true
            spacing: 8
            Label {
                objectName: "sourceViewerTitle"
                text: popup.viewer.fileName
                font.bold: true
                elide: Text.ElideMiddle
                Layout.maximumWidth: popup.width / 2
            }
            Label {
                opacity: 0.75
                text: popup.viewer.page > 0 ? qsTr("page %1").arg(popup.viewer.page)
                    : popup.viewer.line > 0 ? qsTr("line %1").arg(popup.viewer.line) : ""
            }
            Item { Layout.fillWidth: true }
            Button {
                text: qsTr("Open in system viewer")
                visible: popup.viewer.exists
                onClicked: popup.viewer.openExternally()
            }
            Button {
                objectName: "sourceViewerClose"
                text: qsTr("Close")
                onClicked: popup.close()
            }
        }

        Label {
            objectName: "sourceViewerMessage"
            visible: popup.viewer.kind === "missing" || pdfLoader.status === Loader.Error
                     || (pdfLoader.item !== null && pdfLoader.item.failed)
            text: popup.viewer.kind === "missing" ? popup.viewer.message
                : pdfLoader.status === Loader.Error ? qsTr("The PDF viewer is not installed (Qt PDF Quick); open the file in your system's viewer.")
                : qsTr("%1 cannot be read as a PDF.").arg(popup.viewer.fileName)
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }

        Loader {
            id: pdfLoader
            objectName: "sourcePdfLoader"
            Layout.fillWidth: true
            Layout.fillHeight: true
            active: popup.visible && popup.viewer.kind === "pdf"
            visible: active && status === Loader.Ready
            source: "SourcePdfView.qml"
            onLoaded: {
                item.searchText = Qt.binding(() => popup.viewer.searchText)
                item.page = Qt.binding(() => popup.viewer.page)
                item.source = Qt.binding(() => popup.viewer.url)
            }
        }

        Flickable {
            id: textFlick
            objectName: "sourceTextFlick"
            Layout.fillWidth: true
            Layout.fillHeight: true
            visible: popup.viewer.kind === "text"
            clip: true
            boundsBehavior: Flickable.StopAtBounds
            // Laid out after the text was set: the cited lines are placed again in the real height.
            onHeightChanged: if (visible) textView.showCitation()
            ScrollBar.vertical: ScrollBar {}
            TextArea.flickable: TextArea {
                id: textView
                objectName: "sourceText"
                readOnly: true
                selectByMouse: true
                persistentSelection: true
                textFormat: TextEdit.PlainText
                wrapMode: TextEdit.Wrap
                font.family: "monospace"
                text: popup.viewer.kind === "text" ? popup.viewer.text : ""
                Accessible.name: qsTr("Text of %1").arg(popup.viewer.fileName)
                // The cited lines selected, the first of them a third of the way down.
                function showCitation() {
                    if (popup.viewer.highlightStart < 0) {
                        deselect()
                        textFlick.contentY = 0
                        return
                    }
                    select(popup.viewer.highlightStart, popup.viewer.highlightEnd)
                    const r = positionToRectangle(popup.viewer.highlightStart)
                    const most = Math.max(0, textFlick.contentHeight - textFlick.height)
                    textFlick.contentY = Math.max(0, Math.min(most, r.y - textFlick.height / 3))
                }
            }
        }
    }
}
