import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import SmolDesk

// Settings: general (language, device, threads, context), sampling with the model's
// recommended defaults and a reset, and the system prompts.
Dialog {
    id: dialog
    objectName: "settingsDialog"
    parent: Overlay.overlay
    anchors.centerIn: parent
    width: Math.min(720, window.width - 40)
    height: Math.min(600, window.height - 40)
    modal: true
    // Fusion's 6 px put every row against the frame (issue 39, defect 15).
    padding: 16
    title: qsTr("Settings")
    // Own buttons: Qt's standard button texts come from Qt's translations, which are not shipped.
    footer: DialogButtonBox {
        DialogButton { text: qsTr("Close"); DialogButtonBox.buttonRole: DialogButtonBox.RejectRole }
    }
    // Dims the window behind, so it is clear that the dialog has to be answered first.
    Overlay.modal: Rectangle { color: Theme.scrim }
    readonly property var s: App.settings
    // A new locale makes each SpinBox format its value again, with the word for 0 ("Automatic",
    // "Unlimited", …) in the new language; a new textFromValue alone does not (Qt 6.4).
    locale: Qt.locale(App.language.localeName)

    // The device picker: Auto, CPU and each Vulkan device the worker listed. A CPU-type Vulkan
    // device (llvmpipe) is offered but never chosen by Auto; unusable devices are shown greyed.
    function deviceDetail(d) {
        if (!d.usable) return qsTr("cannot be used")
        switch (d.type) {
        case "discrete": return qsTr("dedicated GPU, %1").arg(d.memory)
        case "integrated": return qsTr("integrated GPU, %1").arg(d.memory)
        case "virtual": return qsTr("virtual GPU, %1").arg(d.memory)
        case "cpu": return qsTr("runs on the CPU, slower than the CPU backend")
        default: return qsTr("other Vulkan device, %1").arg(d.memory)
        }
    }
    // Why Check again cannot run (empty: it can). Automatic checks the GPU a load would use, and
    // a CPU implementation of Vulkan (lavapipe, llvmpipe) is never that GPU: with no other device
    // the button did nothing.
    readonly property string gpuCheckBlocked: {
        if (dialog.s.device !== "auto" || App.settings.safeMode || !App.model.devicesListed) return ""
        let cpu = ""
        for (const d of App.model.devices) {
            if (d.type !== "cpu" && d.usable) return ""
            if (d.type === "cpu") cpu = d.name
        }
        return cpu.length > 0
                ? qsTr("The only Vulkan device, “%1”, is a CPU implementation: there is no GPU to check.").arg(cpu)
                : qsTr("No Vulkan GPU was found: there is no GPU to check.")
    }
    readonly property var deviceChoices: {
        const list = [
            { code: "auto", name: qsTr("Automatic (GPU when possible)"), enabled: true,
              note: qsTr("Uses the best GPU, else SmolDesk's own CPU backend.") },
            { code: "cpu", name: qsTr("CPU"), enabled: true, note: "" }
        ]
        for (const d of App.model.devices) {
            list.push({ code: "gpu:" + d.index, name: qsTr("%1 — %2").arg(d.name).arg(deviceDetail(d)),
                        enabled: d.usable,
                        note: !d.usable ? d.whyNot
                              : d.type === "cpu" ? qsTr("A CPU implementation of Vulkan: slower than the CPU backend, useful for testing only.")
                              : "" })
        }
        if (dialog.s.device.startsWith("gpu:") && !list.some((c) => c.code === dialog.s.device)) {
            list.push({ code: dialog.s.device, enabled: true,
                        name: qsTr("Vulkan device %1 (not found)").arg(dialog.s.device.substring(4)),
                        note: App.model.devicesListed ? qsTr("This device is not present now; the model runs on the CPU.") : "" })
        }
        if (App.settings.safeMode)
            list[0].note = qsTr("CPU safe mode is on: GPUs are neither listed nor used.")
        else if (App.model.devicesListed && App.model.devices.length === 0)
            list[0].note = App.model.devicesError.length > 0
                    ? qsTr("No Vulkan device can be used: %1 The CPU is used.").arg(App.model.devicesError)
                    : qsTr("No Vulkan device was found: the CPU is used.")
        return list
    }

    // File ▸ Remote models ▸ Add an endpoint…: the Models tab.
    function openModels() { tabs.currentIndex = tabs.count - 1; open() }

    // Fusion draws no focus on a tab (issue 39, defect 4): a frame in the highlight colour shows
    // where Tab went, as the conversation list does.
    // Each tab as wide as its label: with seven tabs, equal widths cut "System prompt" short.
    component FocusTab: TabButton {
        id: tab
        width: implicitWidth
        leftPadding: 12
        rightPadding: 12
        Rectangle {
            anchors.fill: parent
            anchors.margins: 2
            radius: 2
            color: "transparent"
            border.color: tab.palette.highlight
            border.width: 2
            visible: tab.visualFocus
        }
    }

    // A spin box for decimals: stores value × 100.
    component DecimalSpin: SpinBox {
        property real realValue
        signal edited(real v)
        from: 0
        to: 200
        stepSize: 5
        editable: true
        value: Math.round(realValue * 100)
        textFromValue: (v, locale) => Number(v / 100).toLocaleString(locale, "f", 2)
        valueFromText: (text, locale) => Math.round(Number.fromLocaleString(locale, text) * 100)
        onValueModified: edited(value / 100)
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 8
        TabBar {
            id: tabs
            objectName: "settingsTabs"
            Layout.fillWidth: true
            FocusTab { text: qsTr("General") }
            FocusTab { text: qsTr("Sampling") }
            FocusTab { text: qsTr("System prompt") }
            FocusTab { text: qsTr("API server") }
            FocusTab { text: qsTr("Tools"); objectName: "toolsTab" }
            FocusTab { text: qsTr("Models"); objectName: "modelsTab" }
            FocusTab { text: qsTr("Documents"); objectName: "documentsTab" }
        }
        StackLayout {
            currentIndex: tabs.currentIndex
            Layout.fillWidth: true
            Layout.fillHeight: true

            GridLayout {
                columns: 2
                columnSpacing: 12
                rowSpacing: 8
                Label {
                    objectName: "remoteLocalNote"
                    Layout.columnSpan: 2
                    Layout.fillWidth: true
                    visible: App.model.remote
                    wrapMode: Text.Wrap
                    opacity: 0.8
                    text: qsTr("%1 runs on its server: device, GPU check, threads, context length and resuming chats apply to local models only.").arg(App.model.modelName)
                }
                Label { text: qsTr("Language") }
                ComboBox {
                    objectName: "languageChoice"
                    Layout.fillWidth: true
                    Layout.preferredWidth: 200 // fills; its longest entry must not widen the dialog
                    model: App.language.available
                    textRole: "name"
                    valueRole: "code"
                    Accessible.name: qsTr("Language")
                    // The list is rebuilt in the new language; keep the choice shown.
                    currentIndex: Math.max(0, App.language.available.findIndex((l) => l.code === dialog.s.language))
                    onActivated: dialog.s.language = currentValue
                }
                Label { text: qsTr("Appearance") }
                ComboBox {
                    objectName: "appearanceChoice"
                    Layout.fillWidth: true
                    Layout.preferredWidth: 200
                    textRole: "name"
                    valueRole: "code"
                    model: [
                        { code: "system", name: qsTr("Like the system") },
                        { code: "light", name: qsTr("Light") },
                        { code: "dark", name: qsTr("Dark") }
                    ]
                    Accessible.name: qsTr("Appearance")
                    currentIndex: Math.max(0, ["system", "light", "dark"].indexOf(dialog.s.appearance))
                    onActivated: dialog.s.appearance = currentValue
                }
                Label { text: qsTr("Device") }
                ComboBox {
                    id: deviceBox
                    objectName: "deviceChoice"
                    Layout.fillWidth: true
                    Layout.preferredWidth: 200
                    model: dialog.deviceChoices
                    textRole: "name"
                    valueRole: "code"
                    currentIndex: Math.max(0, dialog.deviceChoices.findIndex((c) => c.code === dialog.s.device))
                    Accessible.name: qsTr("Device")
                    Accessible.description: deviceNote.text
                    delegate: ItemDelegate {
                        required property var modelData
                        required property int index
                        width: deviceBox.width
                        text: modelData.name
                        enabled: modelData.enabled
                        highlighted: deviceBox.highlightedIndex === index
                    }
                    onActivated: dialog.s.device = currentValue
                }
                Item { visible: deviceNote.visible; implicitWidth: 1; implicitHeight: 1 }
                Label {
                    id: deviceNote
                    objectName: "deviceNote"
                    Layout.fillWidth: true
                    visible: text.length > 0
                    wrapMode: Text.Wrap
                    opacity: 0.7
                    text: deviceBox.currentIndex >= 0 && deviceBox.currentIndex < dialog.deviceChoices.length
                          ? dialog.deviceChoices[deviceBox.currentIndex].note : ""
                }
                Label { text: qsTr("GPU check") }
                RowLayout {
                    Layout.fillWidth: true
                    Label {
                        id: gpuCheckText
                        objectName: "gpuCheckText"
                        Layout.fillWidth: true
                        wrapMode: Text.Wrap
                        readonly property var v: App.model.gpuCheck
                        text: App.model.gpuChecking
                              ? qsTr("Checking every GPU kernel against the CPU…")
                              : dialog.gpuCheckBlocked.length > 0 ? dialog.gpuCheckBlocked
                              : !v.device ? qsTr("Not run yet: it runs before a GPU's first use.")
                              : v.passed ? qsTr("%1 (driver %2): all %3 kernels correct, checked %4 in %5 s.")
                                           .arg(v.device).arg(v.driver).arg(v.checks)
                                           .arg(new Date(v.checkedAt).toLocaleString(Qt.locale(), Locale.ShortFormat))
                                           .arg(Number(v.seconds).toLocaleString(Qt.locale(), "f", 1))
                              : qsTr("%1 (driver %2): %3").arg(v.device).arg(v.driver).arg(v.sentence)
                    }
                    DialogButton {
                        objectName: "checkGpuAgain"
                        text: qsTr("Check again")
                        enabled: !App.model.gpuChecking && dialog.s.device !== "cpu" && !dialog.s.safeMode
                                 && dialog.gpuCheckBlocked.length === 0
                        // Not offered at all when there is nothing to check (a disabled button
                        // looks like an enabled one under some system palettes).
                        visible: dialog.gpuCheckBlocked.length === 0
                        onClicked: App.model.checkGpuAgain()
                        Accessible.description: gpuCheckText.text
                    }
                }
                Label { text: qsTr("CPU safe mode") }
                RowLayout {
                    Layout.fillWidth: true
                    CheckBox {
                        id: safeModeBox
                        checked: dialog.s.safeMode
                        onToggled: dialog.s.safeMode = checked
                        Accessible.name: qsTr("CPU safe mode")
                    }
                    // A wrapping label: a long CheckBox text pushed the dialog past its edge in French.
                    Label {
                        Layout.fillWidth: true
                        wrapMode: Text.Wrap
                        text: qsTr("Use only the CPU (entered by itself after a crash at GPU start)")
                        TapHandler { onTapped: safeModeBox.toggle() }
                    }
                }
                Label { text: qsTr("Resume chats") }
                RowLayout {
                    Layout.fillWidth: true
                    CheckBox {
                        id: resumeBox
                        objectName: "resumeChatsBox"
                        checked: dialog.s.resumeChats
                        onToggled: dialog.s.resumeChats = checked
                        Accessible.name: qsTr("Resume chats")
                    }
                    Label {
                        Layout.fillWidth: true
                        wrapMode: Text.Wrap
                        text: qsTr("Keep each chat's model state on disk, so a long chat continues at once when you come back to it (up to 2 GB)")
                        TapHandler { onTapped: resumeBox.toggle() }
                    }
                }
                Label { text: qsTr("Threads") }
                SpinBox {
                    objectName: "threadsSpin"
                    from: 0; to: 256
                    editable: true
                    value: dialog.s.threads
                    // A binding that calls qsTr is re-evaluated when the language changes and hands
                    // the SpinBox a new function; a qsTr inside the function alone never refreshes.
                    textFromValue: { const word = qsTr("Automatic"); return (v) => v === 0 ? word : String(v) }
                    valueFromText: { const word = qsTr("Automatic"); return (t) => t === word ? 0 : parseInt(t) }
                    onValueModified: dialog.s.threads = value
                    Accessible.name: qsTr("Threads")
                }
                Label { text: qsTr("GPU layers") }
                SpinBox {
                    objectName: "gpuLayersSpin"
                    from: -1; to: 1024
                    editable: true
                    value: dialog.s.gpuLayers
                    textFromValue: { const word = qsTr("Automatic"); return (v) => v === -1 ? word : String(v) }
                    valueFromText: { const word = qsTr("Automatic"); return (t) => t === word ? -1 : parseInt(t) }
                    onValueModified: dialog.s.gpuLayers = value
                    Accessible.name: qsTr("GPU layers")
                    Accessible.description: qsTr("Layers of the model on the GPU when it does not fit there whole; the rest run on the CPU")
                }
                Label { text: qsTr("Speculative decoding") }
                ComboBox {
                    objectName: "speculationCombo"
                    readonly property var modes: ["auto", "off", "draft"]
                    Layout.fillWidth: true
                    model: [qsTr("Automatic (repeated text)"), qsTr("Off"), qsTr("Draft model")]
                    currentIndex: Math.max(0, modes.indexOf(dialog.s.speculation))
                    onActivated: (index) => dialog.s.speculation = modes[index]
                    Accessible.name: qsTr("Speculative decoding")
                    Accessible.description: qsTr("Guesses several tokens ahead and lets the model check them in one step; the answer is the same, only faster when the guesses are right")
                }
                Label {
                    text: qsTr("Draft model")
                    visible: dialog.s.speculation === "draft"
                }
                RowLayout {
                    visible: dialog.s.speculation === "draft"
                    Layout.fillWidth: true
                    Label {
                        objectName: "draftModelLabel"
                        Layout.fillWidth: true
                        elide: Text.ElideMiddle
                        text: dialog.s.draftModel.length > 0 ? dialog.s.draftModel
                                                             : qsTr("None chosen: repeated text is used")
                    }
                    DialogButton {
                        text: qsTr("Choose…")
                        onClicked: draftDialog.open()
                    }
                }
                Label { text: qsTr("Context length") }
                SpinBox {
                    from: 0; to: 131072; stepSize: 1024
                    editable: true
                    value: dialog.s.contextLength
                    textFromValue: { const word = qsTr("Model default"); return (v) => v === 0 ? word : String(v) }
                    valueFromText: { const word = qsTr("Model default"); return (t) => t === word ? 0 : parseInt(t) }
                    onValueModified: dialog.s.contextLength = value
                    Accessible.name: qsTr("Context length")
                }
                Label {
                    Layout.columnSpan: 2
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    opacity: 0.7
                    text: qsTr("Device, threads, context length and speculative decoding apply the next time the model loads.")
                }
                DialogButton {
                    Layout.columnSpan: 2
                    text: qsTr("Reload the model now")
                    enabled: App.model.state === ModelManager.Ready
                    onClicked: App.model.reload()
                }
                Item { Layout.fillHeight: true; Layout.columnSpan: 2 }
            }

            GridLayout {
                columns: 2
                columnSpacing: 12
                rowSpacing: 6
                Label { text: qsTr("Temperature") }
                DecimalSpin { realValue: dialog.s.temperature; onEdited: (v) => dialog.s.temperature = v; Accessible.name: qsTr("Temperature") }
                Label { text: qsTr("Top-p") }
                DecimalSpin { to: 100; realValue: dialog.s.topP; onEdited: (v) => dialog.s.topP = v; Accessible.name: qsTr("Top-p") }
                Label { text: qsTr("Top-k") }
                SpinBox { from: 0; to: 1000; editable: true; value: dialog.s.topK; onValueModified: dialog.s.topK = value; Accessible.name: qsTr("Top-k") }
                Label { text: qsTr("Min-p") }
                DecimalSpin { to: 100; stepSize: 1; realValue: dialog.s.minP; onEdited: (v) => dialog.s.minP = v; Accessible.name: qsTr("Min-p") }
                Label { text: qsTr("Repeat penalty") }
                DecimalSpin { from: 10; to: 300; realValue: dialog.s.repeatPenalty; onEdited: (v) => dialog.s.repeatPenalty = v; Accessible.name: qsTr("Repeat penalty") }
                Label { text: qsTr("Seed") }
                SpinBox {
                    from: 0; to: 2147483647; editable: true
                    value: dialog.s.seed
                    textFromValue: { const word = qsTr("Random"); return (v) => v === 0 ? word : String(v) }
                    valueFromText: { const word = qsTr("Random"); return (t) => t === word ? 0 : parseInt(t) }
                    onValueModified: dialog.s.seed = value
                    Accessible.name: qsTr("Seed")
                }
                Label { text: qsTr("Max tokens") }
                SpinBox { from: 1; to: 32768; stepSize: 64; editable: true; value: dialog.s.maxTokens; onValueModified: dialog.s.maxTokens = value; Accessible.name: qsTr("Maximum answer length in tokens") }
                Label { text: qsTr("Thinking budget"); visible: !App.model.remote }
                SpinBox {
                    // The engine closes a local model's thought after this many tokens; an
                    // OpenAI-compatible server has no such field.
                    visible: !App.model.remote
                    from: 0; to: 32768; stepSize: 256; editable: true
                    value: dialog.s.thinkingBudget
                    textFromValue: { const word = qsTr("Unlimited"); return (v) => v === 0 ? word : String(v) }
                    valueFromText: { const word = qsTr("Unlimited"); return (t) => t === word ? 0 : parseInt(t) }
                    onValueModified: dialog.s.thinkingBudget = value
                    Accessible.name: qsTr("Thinking budget in tokens")
                }
                Label { text: qsTr("New chats") }
                CheckBox {
                    objectName: "thinkByDefault"
                    text: qsTr("Think before answering")
                    enabled: App.model.supportsThinking
                    checked: dialog.s.thinkByDefault
                    onToggled: dialog.s.thinkByDefault = checked
                    Accessible.name: qsTr("Think in new chats")
                }
                // Models whose template takes a reasoning effort (gpt-oss): Think picks low or
                // medium, this box makes "on" mean high.
                Label { text: qsTr("Reasoning effort"); visible: App.model.reasoningEffort }
                CheckBox {
                    objectName: "thinkHard"
                    visible: App.model.reasoningEffort
                    text: qsTr("High when Think is on")
                    checked: dialog.s.thinkHard
                    onToggled: dialog.s.thinkHard = checked
                    Accessible.name: qsTr("High reasoning effort when Think is on")
                }
                Label {
                    Layout.columnSpan: 2
                    Layout.fillWidth: true
                    visible: App.model.reasoningEffort
                    wrapMode: Text.Wrap
                    opacity: 0.7
                    text: qsTr("%1 cannot stop reasoning entirely: with Think off it still reasons, briefly (low effort). With Think on it reasons at medium effort, or high.").arg(App.model.modelName)
                }
                Label {
                    Layout.columnSpan: 2
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    opacity: 0.7
                    text: App.model.modelName.length > 0 ? qsTr("These values are kept for %1.").arg(App.model.modelName) : ""
                }
                DialogButton {
                    Layout.columnSpan: 2
                    text: qsTr("Reset to the model's recommended values")
                    onClicked: dialog.s.resetModelSettings()
                }
                Item { Layout.fillHeight: true; Layout.columnSpan: 2 }
            }

            // The default for new chats; each chat's own system prompt is set beside its prompt
            // box (Composer), where it belongs.
            ColumnLayout {
                spacing: 6
                Label { text: qsTr("Default for new chats with this model") }
                ScrollView {
                    Layout.fillWidth: true
                    Layout.preferredHeight: 120
                    TabTextArea {
                        id: defaultPromptField
                        objectName: "defaultSystemPrompt"
                        text: dialog.s.defaultSystemPrompt
                        wrapMode: TextEdit.Wrap
                        placeholderText: qsTr("For example: You are a concise assistant.")
                        onEditingFinished: dialog.s.defaultSystemPrompt = text
                        Accessible.name: qsTr("Default system prompt")
                        // A frame: without one the field could not be told from the dialog.
                        background: Rectangle {
                            radius: 6
                            color: defaultPromptField.palette.base
                            border.color: defaultPromptField.activeFocus ? defaultPromptField.palette.highlight : defaultPromptField.palette.mid
                        }
                    }
                }
                Label {
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    opacity: 0.75
                    text: qsTr("A chat's own system prompt is set with the System prompt button beside its prompt box.")
                }
                Item { Layout.fillHeight: true }
            }

            // The local OpenAI-compatible server: off by default, on this computer only.
            GridLayout {
                columns: 2
                columnSpacing: 12
                rowSpacing: 8
                Label { text: qsTr("Local API server") }
                Switch {
                    objectName: "serverSwitch"
                    checked: dialog.s.serverEnabled
                    onToggled: dialog.s.serverEnabled = checked
                    text: qsTr("Let other programs use the loaded model")
                    Accessible.name: qsTr("Local API server")
                }
                Label { text: qsTr("Port") }
                SpinBox {
                    objectName: "serverPortSpin"
                    from: 1024; to: 65535
                    editable: true
                    value: dialog.s.serverPort
                    textFromValue: (v) => String(v)
                    valueFromText: (t) => parseInt(t)
                    onValueModified: dialog.s.serverPort = value
                    Accessible.name: qsTr("Port")
                }
                Label {
                    Layout.columnSpan: 2
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    objectName: "serverStateLabel"
                    text: App.server.running
                          ? qsTr("Running at %1 (OpenAI-compatible: /v1/chat/completions, /v1/completions, /v1/models).").arg(App.server.address)
                          : App.server.error.length > 0 ? qsTr("Not running: %1").arg(App.server.error)
                          : qsTr("Off.")
                }
                Label {
                    Layout.columnSpan: 2
                    Layout.fillWidth: true
                    wrapMode: Text.Wrap
                    opacity: 0.7
                    text: qsTr("The server listens on this computer only (127.0.0.1); when the port is taken the next free one is used. Requests wait behind the chat for the one model. The request log is part of Copy diagnostics in the About dialog.")
                }
                Item { Layout.fillHeight: true; Layout.columnSpan: 2 }
            }
            // MCP tool servers for the chat (the API server never offers them).
            ToolsSettings {}
            // Remote endpoints: OpenAI-compatible servers whose models the chat can use.
            RemoteSettings {}
            // The document library: folders, indexing, the embedding model.
            DocumentsSettings {}
        }
    }
    // The draft model for speculative decoding (a small model with the same vocabulary).
    FileDialog {
        id: draftDialog
        title: qsTr("Choose a draft model")
        acceptLabel: qsTr("Choose")
        rejectLabel: qsTr("Cancel")
        nameFilters: [qsTr("GGUF models (*.gguf)"), qsTr("All files (*)")]
        onAccepted: dialog.s.setDraftModelUrl(selectedFile)
    }
}
