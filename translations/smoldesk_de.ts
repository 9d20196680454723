<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
    <context>
        <name>AboutDialog</name>
        <message>
            <source>About SmolDesk</source>
            <translation>Über SmolDesk</translation>
        </message>
        <message>
            <source>Version %1</source>
            <translation>Version %1</translation>
        </message>
        <message>
            <source>Language models on your own computer. No account, no cloud, no telemetry: nothing leaves this machine unless you download a model.</source>
            <translation>Sprachmodelle auf dem eigenen Rechner. Kein Konto, keine Cloud, keine Telemetrie: Nichts verlässt diesen Rechner, außer Sie laden ein Modell herunter.</translation>
        </message>
        <message>
            <source>Log file: %1</source>
            <translation>Protokolldatei: %1</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>Kopiert</translation>
        </message>
        <message>
            <source>Copy diagnostics</source>
            <translation>Diagnose kopieren</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Schließen</translation>
        </message>
    </context>
    <context>
        <name>ChatView</name>
        <message>
            <source>Messages</source>
            <translation>Nachrichten</translation>
        </message>
    </context>
    <context>
        <name>CodeBlock</name>
        <message>
            <source>code</source>
            <translation>Code</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>Kopiert</translation>
        </message>
        <message>
            <source>Copy code</source>
            <translation>Code kopieren</translation>
        </message>
        <message>
            <source>Code</source>
            <translation>Code</translation>
        </message>
    </context>
    <context>
        <name>Composer</name>
        <message>
            <source>Let the model think longer before it answers (this chat only). %1 cannot stop reasoning entirely: with Think off it still reasons, briefly.</source>
            <translation>Das Modell vor der Antwort länger nachdenken lassen (nur dieser Chat). %1 kann das Nachdenken nicht ganz abschalten: Mit ausgeschaltetem Denken denkt es trotzdem kurz nach.</translation>
        </message>
        <message>
            <source>Ask anything… (Enter sends, Shift+Enter adds a line)</source>
            <translation>Fragen Sie etwas … (Enter sendet, Umschalt+Enter fügt eine Zeile ein)</translation>
        </message>
        <message>
            <source>Open a model to start chatting</source>
            <translation>Öffnen Sie ein Modell, um zu chatten</translation>
        </message>
        <message>
            <source>Prompt</source>
            <translation>Eingabe</translation>
        </message>
        <message>
            <source>Think</source>
            <translation>Denken</translation>
        </message>
        <message>
            <source>Thinking</source>
            <translation>Denken</translation>
        </message>
        <message>
            <source>Let the model think before it answers (this chat only)</source>
            <translation>Das Modell vor der Antwort nachdenken lassen (nur dieser Chat)</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Stopp</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>Senden</translation>
        </message>
        <message>
            <source>Stop the answer</source>
            <translation>Antwort anhalten</translation>
        </message>
        <message>
            <source>Send the prompt</source>
            <translation>Eingabe senden</translation>
        </message>
        <message>
            <source>Esc</source>
            <translation>Esc</translation>
        </message>
        <message>
            <source>Enter</source>
            <translation>Enter</translation>
        </message>
        <message>
            <source>Thinking depends on the model&apos;s chat template; load a model first</source>
            <translation>Denken hängt von der Chatvorlage des Modells ab; laden Sie zuerst ein Modell</translation>
        </message>
        <message>
            <source>Thinking is not available: the chat template of %1 has no thinking mode</source>
            <translation>Denken ist nicht verfügbar: Die Chatvorlage von %1 hat keinen Denkmodus</translation>
        </message>
        <message>
            <source>The context is full: this chat no longer fits into the model&apos;s %1 tokens. Leave the oldest turns out, or continue in a new chat.</source>
            <translation>Der Kontext ist voll: Dieser Chat passt nicht mehr in die %1 Token des Modells. Lassen Sie die ältesten Beiträge weg oder machen Sie in einem neuen Chat weiter.</translation>
        </message>
        <message>
            <source>The context is %1% full. When it is full, the oldest turns have to be left out, or you continue in a new chat.</source>
            <translation>Der Kontext ist zu %1 % voll. Wenn er voll ist, müssen die ältesten Beiträge wegfallen, oder Sie machen in einem neuen Chat weiter.</translation>
        </message>
        <message>
            <source>Drop oldest turns</source>
            <translation>Älteste Beiträge weglassen</translation>
        </message>
        <message>
            <source>New chat</source>
            <translation>Neuer Chat</translation>
        </message>
        <message>
            <source>Ask anything… it is sent when the model has loaded</source>
            <translation>Fragen Sie etwas … es wird gesendet, sobald das Modell geladen ist</translation>
        </message>
        <message>
            <source>Your message will be sent when %1 has loaded.</source>
            <translation>Ihre Nachricht wird gesendet, sobald %1 geladen ist.</translation>
        </message>
        <message>
            <source>The context is full: this chat no longer fits into the model&apos;s %1 tokens, and no older turn is left to leave out. Continue in a new chat.</source>
            <translation>Der Kontext ist voll: Dieser Chat passt nicht mehr in die %1 Token des Modells, und es gibt keine älteren Beiträge mehr, die wegfallen könnten. Machen Sie in einem neuen Chat weiter.</translation>
        </message>
        <message>
            <source>System prompt ✓</source>
            <translation>Systemprompt ✓</translation>
        </message>
        <message>
            <source>System prompt</source>
            <translation>Systemprompt</translation>
        </message>
        <message>
            <source>System prompt of this chat</source>
            <translation>Systemprompt dieses Chats</translation>
        </message>
        <message>
            <source>Give this chat instructions that the model follows in every answer</source>
            <translation>Geben Sie diesem Chat Anweisungen, die das Modell in jeder Antwort befolgt</translation>
        </message>
        <message>
            <source>For example: You are a concise assistant.</source>
            <translation>Zum Beispiel: Du bist ein knapper Assistent.</translation>
        </message>
        <message>
            <source>Applies to the next answer. New chats start with the default from Settings.</source>
            <translation>Gilt ab der nächsten Antwort. Neue Chats beginnen mit der Vorgabe aus den Einstellungen.</translation>
        </message>
        <message>
            <source>Done</source>
            <translation>Fertig</translation>
        </message>
    </context>
    <context>
        <name>ContextDialogs</name>
        <message>
            <source>The conversation is too long</source>
            <translation>Die Unterhaltung ist zu lang</translation>
        </message>
        <message>
            <source>The conversation needs %1 tokens, but the model's context holds %2. Drop the oldest turns (the system prompt stays), or continue in a new chat?</source>
            <translation>Die Unterhaltung braucht %1 Token, der Kontext des Modells fasst aber nur %2. Die ältesten Beiträge entfernen (der Systemprompt bleibt) oder in einem neuen Chat weitermachen?</translation>
        </message>
        <message>
            <source>Drop oldest turns</source>
            <translation>Älteste Beiträge entfernen</translation>
        </message>
        <message>
            <source>Start a new chat</source>
            <translation>Neuen Chat beginnen</translation>
        </message>
        <message>
            <source>Edit prompt</source>
            <translation>Eingabe bearbeiten</translation>
        </message>
        <message>
            <source>Sending the edited prompt removes every later message of this chat. Continue?</source>
            <translation>Das Senden der bearbeiteten Eingabe entfernt alle späteren Nachrichten dieses Chats. Fortfahren?</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>Senden</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
    </context>
    <context>
        <name>ErrorText</name>
        <message>
            <source>The file cannot be read.</source>
            <translation>Die Datei kann nicht gelesen werden.</translation>
        </message>
        <message>
            <source>This is not a GGUF model file.</source>
            <translation>Dies ist keine GGUF-Modelldatei.</translation>
        </message>
        <message>
            <source>This GGUF version is not supported.</source>
            <translation>Diese GGUF-Version wird nicht unterstützt.</translation>
        </message>
        <message>
            <source>The file is truncated (an incomplete download?).</source>
            <translation>Die Datei ist abgeschnitten (ein unvollständiger Download?).</translation>
        </message>
        <message>
            <source>The file is damaged.</source>
            <translation>Die Datei ist beschädigt.</translation>
        </message>
        <message>
            <source>The model's metadata has an unexpected type.</source>
            <translation>Die Metadaten des Modells haben einen unerwarteten Typ.</translation>
        </message>
        <message>
            <source>The model is missing required metadata or tensors.</source>
            <translation>Dem Modell fehlen erforderliche Metadaten oder Tensoren.</translation>
        </message>
        <message>
            <source>This model architecture is not supported.</source>
            <translation>Diese Modellarchitektur wird nicht unterstützt.</translation>
        </message>
        <message>
            <source>The model uses a tensor type that is not supported.</source>
            <translation>Das Modell verwendet einen nicht unterstützten Tensortyp.</translation>
        </message>
        <message>
            <source>The model's tokenizer is not supported.</source>
            <translation>Der Tokenizer des Modells wird nicht unterstützt.</translation>
        </message>
        <message>
            <source>A tensor's shape does not match the model's parameters.</source>
            <translation>Die Form eines Tensors passt nicht zu den Parametern des Modells.</translation>
        </message>
        <message>
            <source>The request is not valid for this model.</source>
            <translation>Die Anfrage ist für dieses Modell nicht gültig.</translation>
        </message>
        <message>
            <source>There is not enough memory.</source>
            <translation>Es ist nicht genug Speicher vorhanden.</translation>
        </message>
        <message>
            <source>The model's chat template cannot be used.</source>
            <translation>Die Chatvorlage des Modells kann nicht verwendet werden.</translation>
        </message>
        <message>
            <source>The compute device failed.</source>
            <translation>Das Rechengerät ist ausgefallen.</translation>
        </message>
        <message>
            <source>No model is loaded.</source>
            <translation>Es ist kein Modell geladen.</translation>
        </message>
        <message>
            <source>The model is busy.</source>
            <translation>Das Modell ist beschäftigt.</translation>
        </message>
        <message>
            <source>Something went wrong.</source>
            <translation>Etwas ist schiefgegangen.</translation>
        </message>
        <message>
            <source>Choose a .gguf model file.</source>
            <translation>Wählen Sie eine .gguf-Modelldatei.</translation>
        </message>
        <message>
            <source>Download the model again.</source>
            <translation>Laden Sie das Modell erneut herunter.</translation>
        </message>
        <message>
            <source>Choose a model in a supported format.</source>
            <translation>Wählen Sie ein Modell in einem unterstützten Format.</translation>
        </message>
        <message>
            <source>Lower the context length or choose a smaller model.</source>
            <translation>Verringern Sie die Kontextlänge oder wählen Sie ein kleineres Modell.</translation>
        </message>
        <message>
            <source>Choose the CPU in the settings.</source>
            <translation>Wählen Sie in den Einstellungen die CPU.</translation>
        </message>
        <message>
            <source>Open a model first.</source>
            <translation>Öffnen Sie zuerst ein Modell.</translation>
        </message>
        <message>
            <source>Loading was cancelled.</source>
            <translation>Das Laden wurde abgebrochen.</translation>
        </message>
        <message>
            <source>The file %1 does not exist.</source>
            <translation>Die Datei %1 existiert nicht.</translation>
        </message>
        <message>
            <source>The file %1 cannot be read.</source>
            <translation>Die Datei %1 kann nicht gelesen werden.</translation>
        </message>
        <message>
            <source>The file is empty, so it is not a model.</source>
            <translation>Die Datei ist leer und daher kein Modell.</translation>
        </message>
        <message>
            <source>This is not a GGUF model file: it does not start with the bytes “GGUF”.</source>
            <translation>Dies ist keine GGUF-Modelldatei: Sie beginnt nicht mit den Bytes „GGUF“.</translation>
        </message>
        <message>
            <source>The file is truncated: at least %1 bytes expected, %2 present — the download was probably interrupted.</source>
            <translation>Die Datei ist unvollständig: mindestens %1 Bytes erwartet, %2 vorhanden – der Download wurde wahrscheinlich unterbrochen.</translation>
        </message>
        <message>
            <source>The file is truncated: it ends after %1 bytes, inside its header — the download was probably interrupted.</source>
            <translation>Die Datei ist unvollständig: Sie endet nach %1 Bytes, mitten im Header – der Download wurde wahrscheinlich unterbrochen.</translation>
        </message>
        <message>
            <source>The file is truncated — the download was probably interrupted.</source>
            <translation>Die Datei ist unvollständig – der Download wurde wahrscheinlich unterbrochen.</translation>
        </message>
        <message>
            <source>The file is damaged: its header contradicts itself.</source>
            <translation>Die Datei ist beschädigt: Ihr Header widerspricht sich.</translation>
        </message>
        <message>
            <source>This GGUF version is not supported (SmolDesk reads versions 2 and 3).</source>
            <translation>Diese GGUF-Version wird nicht unterstützt (SmolDesk liest die Versionen 2 und 3).</translation>
        </message>
        <message>
            <source>The architecture “%1” is not supported (supported: %2).</source>
            <translation>Die Architektur „%1“ wird nicht unterstützt (unterstützt: %2).</translation>
        </message>
        <message>
            <source>The tensor type %1 is not supported.</source>
            <translation>Der Tensortyp %1 wird nicht unterstützt.</translation>
        </message>
        <message>
            <source>Not enough memory: the model needs %1, %2 are free.</source>
            <translation>Nicht genug Speicher: Das Modell braucht %1, frei sind %2.</translation>
        </message>
    </context>
    <context>
        <name>Exporter</name>
        <message>
            <source>Chat</source>
            <translation>Chat</translation>
        </message>
        <message>
            <source>System prompt:</source>
            <translation>Systemprompt:</translation>
        </message>
        <message>
            <source>You</source>
            <translation>Sie</translation>
        </message>
        <message>
            <source>Assistant</source>
            <translation>Assistent</translation>
        </message>
    </context>
    <context>
        <name>Main</name>
        <message>
            <source>Conversation exported to %1</source>
            <translation>Unterhaltung exportiert nach %1</translation>
        </message>
        <message>
            <source>%1 — SmolDesk</source>
            <translation>%1 — SmolDesk</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;Datei</translation>
        </message>
        <message>
            <source>&amp;Open model…</source>
            <translation>Modell ö&amp;ffnen …</translation>
        </message>
        <message>
            <source>Recent models</source>
            <translation>Zuletzt verwendete Modelle</translation>
        </message>
        <message>
            <source>&amp;Download SmolLM3-3B…</source>
            <translation>SmolLM3-3B &amp;herunterladen …</translation>
        </message>
        <message>
            <source>Export as &amp;Markdown…</source>
            <translation>Als &amp;Markdown exportieren …</translation>
        </message>
        <message>
            <source>Export as &amp;JSON…</source>
            <translation>Als &amp;JSON exportieren …</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Beenden</translation>
        </message>
        <message>
            <source>&amp;Chat</source>
            <translation>&amp;Chat</translation>
        </message>
        <message>
            <source>&amp;New chat</source>
            <translation>&amp;Neuer Chat</translation>
        </message>
        <message>
            <source>&amp;Stop</source>
            <translation>&amp;Stopp</translation>
        </message>
        <message>
            <source>&amp;Regenerate answer</source>
            <translation>Antwort neu &amp;erzeugen</translation>
        </message>
        <message>
            <source>&amp;Copy conversation</source>
            <translation>Unterhaltung &amp;kopieren</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;Ansicht</translation>
        </message>
        <message>
            <source>&amp;Model information</source>
            <translation>&amp;Modellinformationen</translation>
        </message>
        <message>
            <source>&amp;Settings…</source>
            <translation>&amp;Einstellungen …</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>&amp;Hilfe</translation>
        </message>
        <message>
            <source>&amp;About SmolDesk</source>
            <translation>&amp;Über SmolDesk</translation>
        </message>
        <message>
            <source>Open a GGUF model</source>
            <translation>GGUF-Modell öffnen</translation>
        </message>
        <message>
            <source>GGUF models (*.gguf)</source>
            <translation>GGUF-Modelle (*.gguf)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>Alle Dateien (*)</translation>
        </message>
        <message>
            <source>Export conversation</source>
            <translation>Unterhaltung exportieren</translation>
        </message>
        <message>
            <source>JSON files (*.json)</source>
            <translation>JSON-Dateien (*.json)</translation>
        </message>
        <message>
            <source>Markdown files (*.md)</source>
            <translation>Markdown-Dateien (*.md)</translation>
        </message>
        <message>
            <source>Open</source>
            <translation>Öffnen</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <source>Export</source>
            <translation>Exportieren</translation>
        </message>
    </context>
    <context>
        <name>MessageDelegate</name>
        <message>
            <source>Table</source>
            <translation>Tabelle</translation>
        </message>
        <message>
            <source>Interrupted: SmolDesk closed before this answer was complete.</source>
            <translation>Unterbrochen: SmolDesk wurde beendet, bevor diese Antwort fertig war.</translation>
        </message>
        <message>
            <source>Not in the model's context any more</source>
            <translation>Nicht mehr im Kontext des Modells</translation>
        </message>
        <message>
            <source>Your message</source>
            <translation>Ihre Nachricht</translation>
        </message>
        <message>
            <source>Answer</source>
            <translation>Antwort</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>Kopieren</translation>
        </message>
        <message>
            <source>Copy message</source>
            <translation>Nachricht kopieren</translation>
        </message>
        <message>
            <source>Edit</source>
            <translation>Bearbeiten</translation>
        </message>
        <message>
            <source>Edit prompt</source>
            <translation>Eingabe bearbeiten</translation>
        </message>
        <message>
            <source>Regenerate</source>
            <translation>Neu erzeugen</translation>
        </message>
        <message>
            <source>Regenerate answer</source>
            <translation>Antwort neu erzeugen</translation>
        </message>
        <message>
            <source>Prompt text</source>
            <translation>Eingabetext</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>Senden</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>Kopiert</translation>
        </message>
        <message>
            <source>Reading your message…</source>
            <translation>Ihre Nachricht wird gelesen …</translation>
        </message>
        <message>
            <source>Writing…</source>
            <translation>Schreibt …</translation>
        </message>
        <message>
            <source>Reading your message… %1% (%2 tokens/s)</source>
            <translation>Ihre Nachricht wird gelesen … %1 % (%2 Token/s)</translation>
        </message>
        <message>
            <source>The demo model has no chat mode: it continues your words (in italics) as a story.</source>
            <translation>Das Demo-Modell kann nicht chatten: Es setzt Ihre Worte (kursiv) als Geschichte fort.</translation>
        </message>
    </context>
    <context>
        <name>ModelBanner</name>
        <message>
            <source>Loading %1…</source>
            <translation>%1 wird geladen …</translation>
        </message>
        <message>
            <source>Loading progress</source>
            <translation>Ladefortschritt</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <source>Cancel loading</source>
            <translation>Laden abbrechen</translation>
        </message>
        <message>
            <source>Open another model…</source>
            <translation>Anderes Modell öffnen …</translation>
        </message>
        <message>
            <source>Dismiss</source>
            <translation>Schließen</translation>
        </message>
    </context>
    <context>
        <name>ModelPanel</name>
        <message>
            <source>always, at a low, medium or high effort</source>
            <translation>immer, mit geringem, mittlerem oder hohem Aufwand</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>Modell</translation>
        </message>
        <message>
            <source>Hide model information</source>
            <translation>Modellinformationen ausblenden</translation>
        </message>
        <message>
            <source>No model selected</source>
            <translation>Kein Modell ausgewählt</translation>
        </message>
        <message>
            <source>Architecture</source>
            <translation>Architektur</translation>
        </message>
        <message>
            <source>Parameters</source>
            <translation>Parameter</translation>
        </message>
        <message>
            <source>Quantization</source>
            <translation>Quantisierung</translation>
        </message>
        <message>
            <source>File size</source>
            <translation>Dateigröße</translation>
        </message>
        <message>
            <source>Trained context</source>
            <translation>Trainierter Kontext</translation>
        </message>
        <message>
            <source>%1 tokens</source>
            <translation>%1 Token</translation>
        </message>
        <message>
            <source>Chat template</source>
            <translation>Chatvorlage</translation>
        </message>
        <message>
            <source>Thinking</source>
            <translation>Denken</translation>
        </message>
        <message>
            <source>supported</source>
            <translation>unterstützt</translation>
        </message>
        <message>
            <source>not supported</source>
            <translation>nicht unterstützt</translation>
        </message>
        <message>
            <source>Memory estimate</source>
            <translation>Speicherbedarf</translation>
        </message>
        <message>
            <source>Weights</source>
            <translation>Gewichte</translation>
        </message>
        <message>
            <source>KV cache</source>
            <translation>KV-Cache</translation>
        </message>
        <message>
            <source>%1 at %2 tokens</source>
            <translation>%1 bei %2 Token</translation>
        </message>
        <message>
            <source>Needed</source>
            <translation>Benötigt</translation>
        </message>
        <message>
            <source>Available</source>
            <translation>Verfügbar</translation>
        </message>
        <message>
            <source>Fits in the available memory.</source>
            <translation>Passt in den verfügbaren Speicher.</translation>
        </message>
        <message>
            <source>Tight: other programs may be slowed down.</source>
            <translation>Knapp: Andere Programme könnten langsamer werden.</translation>
        </message>
        <message>
            <source>Probably too large for the available memory. You can still try, or lower the context length.</source>
            <translation>Wahrscheinlich zu groß für den verfügbaren Speicher. Sie können es trotzdem versuchen oder die Kontextlänge verringern.</translation>
        </message>
        <message>
            <source>Available memory is unknown.</source>
            <translation>Der verfügbare Speicher ist unbekannt.</translation>
        </message>
        <message>
            <source>Device</source>
            <translation>Gerät</translation>
        </message>
        <message>
            <source>Context</source>
            <translation>Kontext</translation>
        </message>
        <message>
            <source>Open another model…</source>
            <translation>Anderes Modell öffnen …</translation>
        </message>
        <message>
            <source>GPU not used</source>
            <translation>GPU nicht verwendet</translation>
        </message>
        <message>
            <source>the model&apos;s own chat template</source>
            <translation>die eigene Chatvorlage des Modells</translation>
        </message>
        <message>
            <source>none in the file; the built-in ChatML template is used</source>
            <translation>keine in der Datei; die eingebaute ChatML-Vorlage wird verwendet</translation>
        </message>
        <message>
            <source>none; the model continues your text (plain continuation, no chat turns)</source>
            <translation>keine; das Modell setzt Ihren Text fort (reine Fortsetzung, keine Chat-Beiträge)</translation>
        </message>
    </context>
    <context>
        <name>SettingsDialog</name>
        <message>
            <source>Reasoning effort</source>
            <translation>Denkaufwand</translation>
        </message>
        <message>
            <source>High when Think is on</source>
            <translation>Hoch, wenn Denken an ist</translation>
        </message>
        <message>
            <source>High reasoning effort when Think is on</source>
            <translation>Hoher Denkaufwand, wenn Denken an ist</translation>
        </message>
        <message>
            <source>%1 cannot stop reasoning entirely: with Think off it still reasons, briefly (low effort). With Think on it reasons at medium effort, or high.</source>
            <translation>%1 kann das Nachdenken nicht ganz abschalten: Mit ausgeschaltetem Denken denkt es trotzdem kurz nach (geringer Aufwand). Mit eingeschaltetem Denken denkt es mit mittlerem oder hohem Aufwand nach.</translation>
        </message>
        <message>
            <source>No Vulkan device can be used: %1 The CPU is used.</source>
            <translation>Kein Vulkan-Gerät ist nutzbar: %1 Die CPU wird verwendet.</translation>
        </message>
        <message>
            <source>Settings</source>
            <translation>Einstellungen</translation>
        </message>
        <message>
            <source>General</source>
            <translation>Allgemein</translation>
        </message>
        <message>
            <source>Sampling</source>
            <translation>Sampling</translation>
        </message>
        <message>
            <source>System prompt</source>
            <translation>Systemprompt</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>Sprache</translation>
        </message>
        <message>
            <source>Device</source>
            <translation>Gerät</translation>
        </message>
        <message>
            <source>Automatic (GPU when possible)</source>
            <translation>Automatisch (GPU, wenn möglich)</translation>
        </message>
        <message>
            <source>CPU</source>
            <translation>CPU</translation>
        </message>
        <message>
            <source>CPU safe mode</source>
            <translation>CPU-Sicherheitsmodus</translation>
        </message>
        <message>
            <source>Use only the CPU (entered by itself after a crash at GPU start)</source>
            <translation>Nur die CPU verwenden (schaltet sich nach einem Absturz beim GPU-Start selbst ein)</translation>
        </message>
        <message>
            <source>Resume chats</source>
            <translation>Chats fortsetzen</translation>
        </message>
        <message>
            <source>Keep each chat's model state on disk, so a long chat continues at once when you come back to it (up to 2 GB)</source>
            <translation>Den Modellzustand jedes Chats auf der Festplatte behalten, damit ein langer Chat sofort weitergeht, wenn Sie zu ihm zurückkehren (bis zu 2 GB)</translation>
        </message>
        <message>
            <source>Threads</source>
            <translation>Threads</translation>
        </message>
        <message>
            <source>Automatic</source>
            <translation>Automatisch</translation>
        </message>
        <message>
            <source>Context length</source>
            <translation>Kontextlänge</translation>
        </message>
        <message>
            <source>Device, threads and context length apply the next time the model loads.</source>
            <translation>Gerät, Threads und Kontextlänge gelten ab dem nächsten Laden des Modells.</translation>
        </message>
        <message>
            <source>Reload the model now</source>
            <translation>Modell jetzt neu laden</translation>
        </message>
        <message>
            <source>Temperature</source>
            <translation>Temperatur</translation>
        </message>
        <message>
            <source>Top-p</source>
            <translation>Top-p</translation>
        </message>
        <message>
            <source>Top-k</source>
            <translation>Top-k</translation>
        </message>
        <message>
            <source>Min-p</source>
            <translation>Min-p</translation>
        </message>
        <message>
            <source>Repeat penalty</source>
            <translation>Wiederholungsstrafe</translation>
        </message>
        <message>
            <source>Seed</source>
            <translation>Startwert</translation>
        </message>
        <message>
            <source>Random</source>
            <translation>Zufällig</translation>
        </message>
        <message>
            <source>Max tokens</source>
            <translation>Max. Token</translation>
        </message>
        <message>
            <source>Maximum answer length in tokens</source>
            <translation>Maximale Antwortlänge in Token</translation>
        </message>
        <message>
            <source>Thinking budget</source>
            <translation>Denkbudget</translation>
        </message>
        <message>
            <source>Unlimited</source>
            <translation>Unbegrenzt</translation>
        </message>
        <message>
            <source>Thinking budget in tokens</source>
            <translation>Denkbudget in Token</translation>
        </message>
        <message>
            <source>These values are kept for %1.</source>
            <translation>Diese Werte gelten für %1.</translation>
        </message>
        <message>
            <source>Reset to the model's recommended values</source>
            <translation>Auf die empfohlenen Werte des Modells zurücksetzen</translation>
        </message>
        <message>
            <source>System prompt of this chat</source>
            <translation>Systemprompt dieses Chats</translation>
        </message>
        <message>
            <source>For example: You are a concise assistant.</source>
            <translation>Zum Beispiel: Du bist ein knapper Assistent.</translation>
        </message>
        <message>
            <source>Default for new chats with this model</source>
            <translation>Standard für neue Chats mit diesem Modell</translation>
        </message>
        <message>
            <source>Default system prompt</source>
            <translation>Standard-Systemprompt</translation>
        </message>
        <message>
            <source>Model default</source>
            <translation>Modellstandard</translation>
        </message>
        <message>
            <source>cannot be used</source>
            <translation>nicht nutzbar</translation>
        </message>
        <message>
            <source>dedicated GPU, %1</source>
            <translation>dedizierte GPU, %1</translation>
        </message>
        <message>
            <source>integrated GPU, %1</source>
            <translation>integrierte GPU, %1</translation>
        </message>
        <message>
            <source>virtual GPU, %1</source>
            <translation>virtuelle GPU, %1</translation>
        </message>
        <message>
            <source>runs on the CPU, slower than the CPU backend</source>
            <translation>läuft auf der CPU, langsamer als das CPU-Backend</translation>
        </message>
        <message>
            <source>other Vulkan device, %1</source>
            <translation>anderes Vulkan-Gerät, %1</translation>
        </message>
        <message>
            <source>Uses the best GPU, else SmolDesk&apos;s own CPU backend.</source>
            <translation>Verwendet die beste GPU, sonst das eigene CPU-Backend von SmolDesk.</translation>
        </message>
        <message>
            <source>%1 — %2</source>
            <translation>%1 — %2</translation>
        </message>
        <message>
            <source>A CPU implementation of Vulkan: slower than the CPU backend, useful for testing only.</source>
            <translation>Eine CPU-Implementierung von Vulkan: langsamer als das CPU-Backend, nur zum Testen nützlich.</translation>
        </message>
        <message>
            <source>Vulkan device %1 (not found)</source>
            <translation>Vulkan-Gerät %1 (nicht gefunden)</translation>
        </message>
        <message>
            <source>This device is not present now; the model runs on the CPU.</source>
            <translation>Dieses Gerät ist derzeit nicht vorhanden; das Modell läuft auf der CPU.</translation>
        </message>
        <message>
            <source>CPU safe mode is on: GPUs are neither listed nor used.</source>
            <translation>Der CPU-Sicherheitsmodus ist aktiv: GPUs werden weder aufgelistet noch verwendet.</translation>
        </message>
        <message>
            <source>No Vulkan device was found: the CPU is used.</source>
            <translation>Es wurde kein Vulkan-Gerät gefunden: Die CPU wird verwendet.</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Schließen</translation>
        </message>
        <message>
            <source>New chats</source>
            <translation>Neue Chats</translation>
        </message>
        <message>
            <source>Think before answering</source>
            <translation>Vor der Antwort nachdenken</translation>
        </message>
        <message>
            <source>Think in new chats</source>
            <translation>In neuen Chats nachdenken</translation>
        </message>
        <message>
            <source>API server</source>
            <translation>API-Server</translation>
        </message>
        <message>
            <source>Local API server</source>
            <translation>Lokaler API-Server</translation>
        </message>
        <message>
            <source>Let other programs use the loaded model</source>
            <translation>Andere Programme dürfen das geladene Modell nutzen</translation>
        </message>
        <message>
            <source>Port</source>
            <translation>Port</translation>
        </message>
        <message>
            <source>Running at %1 (OpenAI-compatible: /v1/chat/completions, /v1/completions, /v1/models).</source>
            <translation>Läuft unter %1 (OpenAI-kompatibel: /v1/chat/completions, /v1/completions, /v1/models).</translation>
        </message>
        <message>
            <source>Not running: %1</source>
            <translation>Läuft nicht: %1</translation>
        </message>
        <message>
            <source>Off.</source>
            <translation>Aus.</translation>
        </message>
        <message>
            <source>The server listens on this computer only (127.0.0.1); when the port is taken the next free one is used. Requests wait behind the chat for the one model. The request log is part of Copy diagnostics in the About dialog.</source>
            <translation>Der Server ist nur auf diesem Computer erreichbar (127.0.0.1); ist der Port belegt, wird der nächste freie genommen. Anfragen warten hinter dem Chat auf das eine Modell. Das Anfrageprotokoll ist Teil von „Diagnose kopieren“ im Dialog „Über“.</translation>
        </message>
        <message>
            <source>A chat&apos;s own system prompt is set with the System prompt button beside its prompt box.</source>
            <translation>Den Systemprompt eines einzelnen Chats legen Sie mit der Schaltfläche „Systemprompt“ neben dessen Eingabefeld fest.</translation>
        </message>
    </context>
    <context>
        <name>Sidebar</name>
        <message>
            <source>New chat</source>
            <translation>Neuer Chat</translation>
        </message>
        <message>
            <source>Start a new chat</source>
            <translation>Neuen Chat beginnen</translation>
        </message>
        <message>
            <source>Ctrl+N</source>
            <translation>Strg+N</translation>
        </message>
        <message>
            <source>Search chats</source>
            <translation>Chats durchsuchen</translation>
        </message>
        <message>
            <source>Search conversations</source>
            <translation>Unterhaltungen durchsuchen</translation>
        </message>
        <message>
            <source>Conversations</source>
            <translation>Unterhaltungen</translation>
        </message>
        <message>
            <source>Conversation actions</source>
            <translation>Aktionen für die Unterhaltung</translation>
        </message>
        <message>
            <source>Rename…</source>
            <translation>Umbenennen …</translation>
        </message>
        <message>
            <source>Export as Markdown…</source>
            <translation>Als Markdown exportieren …</translation>
        </message>
        <message>
            <source>Export as JSON…</source>
            <translation>Als JSON exportieren …</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>Löschen</translation>
        </message>
        <message>
            <source>No chat matches “%1”.</source>
            <translation>Kein Chat passt zu „%1“.</translation>
        </message>
        <message>
            <source>Your chats appear here.</source>
            <translation>Ihre Chats erscheinen hier.</translation>
        </message>
        <message>
            <source>Rename chat</source>
            <translation>Chat umbenennen</translation>
        </message>
        <message>
            <source>Chat title</source>
            <translation>Chattitel</translation>
        </message>
        <message>
            <source>Delete chat</source>
            <translation>Chat löschen</translation>
        </message>
        <message>
            <source>Delete “%1”? This cannot be undone.</source>
            <translation>„%1“ löschen? Das kann nicht rückgängig gemacht werden.</translation>
        </message>
        <message>
            <source>Rename</source>
            <translation>Umbenennen</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
    </context>
    <context>
        <name>StatusBar</name>
        <message>
            <source>%1 on %2</source>
            <translation>%1 auf %2</translation>
        </message>
        <message>
            <source>Loading…</source>
            <translation>Wird geladen …</translation>
        </message>
        <message>
            <source>No model loaded</source>
            <translation>Kein Modell geladen</translation>
        </message>
        <message>
            <source>GPU not used: %1</source>
            <translation>GPU nicht verwendet: %1</translation>
        </message>
        <message>
            <source>CPU safe mode</source>
            <translation>CPU-Sicherheitsmodus</translation>
        </message>
        <message>
            <source>%1 tokens/s</source>
            <translation>%1 Token/s</translation>
        </message>
        <message>
            <source>Context</source>
            <translation>Kontext</translation>
        </message>
        <message>
            <source>Context used</source>
            <translation>Belegter Kontext</translation>
        </message>
        <message>
            <source>%1 / %2</source>
            <translation>%1 / %2</translation>
        </message>
        <message>
            <source>API %1</source>
            <translation>API %1</translation>
        </message>
        <message>
            <source>The local API server runs at this address: click to copy it</source>
            <translation>Der lokale API-Server läuft unter dieser Adresse: zum Kopieren klicken</translation>
        </message>
        <message>
            <source>Copy the API server address</source>
            <translation>Adresse des API-Servers kopieren</translation>
        </message>
        <message>
            <source>Address copied</source>
            <translation>Adresse kopiert</translation>
        </message>
        <message>
            <source>on %1</source>
            <translation>auf %1</translation>
        </message>
    </context>
    <context>
        <name>ThinkingBlock</name>
        <message>
            <source>Thinking…</source>
            <translation>Denkt nach …</translation>
        </message>
        <message numerus="yes">
            <source>Thought for %n s</source>
            <translation>
                <numerusform>%n s nachgedacht</numerusform>
                <numerusform>%n s nachgedacht</numerusform>
            </translation>
        </message>
        <message>
            <source>Thought</source>
            <translation>Gedanke</translation>
        </message>
    </context>
    <context>
        <name>WelcomeView</name>
        <message>
            <source>What can I help with?</source>
            <translation>Wobei kann ich helfen?</translation>
        </message>
        <message>
            <source>Welcome to SmolDesk</source>
            <translation>Willkommen bei SmolDesk</translation>
        </message>
        <message>
            <source>The tiny bundled demo model is loaded. It only tells short children's stories, but it works offline. For real answers, download SmolLM3 or open a GGUF model you already have.</source>
            <translation>Das kleine mitgelieferte Demomodell ist geladen. Es erzählt nur kurze Kindergeschichten (auf Englisch), funktioniert aber offline. Für echte Antworten laden Sie SmolLM3 herunter oder öffnen ein vorhandenes GGUF-Modell.</translation>
        </message>
        <message>
            <source>Everything runs on this computer. Nothing you type leaves it.</source>
            <translation>Alles läuft auf diesem Rechner. Nichts, was Sie eingeben, verlässt ihn.</translation>
        </message>
        <message>
            <source>Chat with language models that run entirely on this computer. Start with SmolLM3, or open a GGUF model you already have.</source>
            <translation>Chatten Sie mit Sprachmodellen, die vollständig auf diesem Rechner laufen. Beginnen Sie mit SmolLM3 oder öffnen Sie ein vorhandenes GGUF-Modell.</translation>
        </message>
        <message>
            <source>Download %1 (%2)</source>
            <translation>%1 herunterladen (%2)</translation>
        </message>
        <message>
            <source>Download the recommended model</source>
            <translation>Empfohlenes Modell herunterladen</translation>
        </message>
        <message>
            <source>Open a GGUF file…</source>
            <translation>GGUF-Datei öffnen …</translation>
        </message>
        <message>
            <source>Open a GGUF file</source>
            <translation>GGUF-Datei öffnen</translation>
        </message>
        <message>
            <source>Download progress</source>
            <translation>Downloadfortschritt</translation>
        </message>
        <message>
            <source>Checking the download…</source>
            <translation>Download wird geprüft …</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <source>Tip: drop a .gguf file anywhere on this window.</source>
            <translation>Tipp: Ziehen Sie eine .gguf-Datei einfach auf dieses Fenster.</translation>
        </message>
    </context>
    <context>
        <name>smoldesk::app::ChatController</name>
        <message>
            <source>The conversation database cannot be opened: %1</source>
            <translation>Die Datenbank der Unterhaltungen kann nicht geöffnet werden: %1</translation>
        </message>
        <message>
            <source>New chat</source>
            <translation>Neuer Chat</translation>
        </message>
        <message>
            <source>%1 tokens/s · first token %2 ms · %3 tokens</source>
            <translation>%1 Token/s · erstes Token %2 ms · %3 Token</translation>
        </message>
        <message>
            <source>stopped</source>
            <translation>angehalten</translation>
        </message>
        <message>
            <source>context full</source>
            <translation>Kontext voll</translation>
        </message>
        <message>
            <source>length limit</source>
            <translation>Längenlimit</translation>
        </message>
        <message>
            <source>The prompt alone does not fit into the context of %1 tokens.</source>
            <translation>Die Eingabe allein passt nicht in den Kontext von %1 Token.</translation>
        </message>
        <message>
            <source>The conversation cannot be exported: %1</source>
            <translation>Die Unterhaltung kann nicht exportiert werden: %1</translation>
        </message>
    </context>
    <context>
        <name>smoldesk::app::Downloader</name>
        <message>
            <source>%1 of %2</source>
            <translation>%1 von %2</translation>
        </message>
        <message>
            <source>%1/s</source>
            <translation>%1/s</translation>
        </message>
        <message>
            <source>The model catalogue is missing.</source>
            <translation>Der Modellkatalog fehlt.</translation>
        </message>
        <message>
            <source>Cannot write '%1': %2</source>
            <translation>„%1“ kann nicht geschrieben werden: %2</translation>
        </message>
        <message>
            <source>The server answered HTTP %1 (%2).</source>
            <translation>Der Server antwortete mit HTTP %1 (%2).</translation>
        </message>
        <message>
            <source>The download was interrupted: %1. Start it again to resume.</source>
            <translation>Der Download wurde unterbrochen: %1. Starten Sie ihn erneut, um fortzusetzen.</translation>
        </message>
        <message>
            <source>The download has %1 bytes, expected %2.</source>
            <translation>Der Download hat %1 Bytes, erwartet wurden %2.</translation>
        </message>
        <message>
            <source>The download is damaged (sha256 mismatch). Please try again.</source>
            <translation>Der Download ist beschädigt (sha256 stimmt nicht). Bitte versuchen Sie es erneut.</translation>
        </message>
        <message>
            <source>Cannot move the download to '%1'.</source>
            <translation>Der Download kann nicht nach „%1“ verschoben werden.</translation>
        </message>
        <message>
            <source>%1 of %2 bytes arrived</source>
            <translation>%1 von %2 Bytes angekommen</translation>
        </message>
    </context>
    <context>
        <name>smoldesk::app::LanguageManager</name>
        <message>
            <source>System language</source>
            <translation>Systemsprache</translation>
        </message>
    </context>
    <context>
        <name>smoldesk::app::ModelManager</name>
        <message>
            <source>The GPU stopped working, so SmolDesk continues on the CPU. %1</source>
            <translation>Die GPU funktioniert nicht mehr, daher arbeitet SmolDesk auf der CPU weiter. %1</translation>
        </message>
    </context>
    <context>
        <name>EngineText</name>
        <message>
            <source>The GPU backend cannot compute with %1 tensors yet, so the CPU is used.</source>
            <translation>Das GPU-Backend kann noch nicht mit %1-Tensoren rechnen, daher wird die CPU verwendet.</translation>
        </message>
        <message>
            <source>No usable Vulkan GPU was found, so the CPU is used.</source>
            <translation>Es wurde keine nutzbare Vulkan-GPU gefunden, daher wird die CPU verwendet.</translation>
        </message>
        <message>
            <source>This build of SmolDesk has no Vulkan support, so the CPU is used.</source>
            <translation>Diese SmolDesk-Version wurde ohne Vulkan-Unterstützung gebaut, daher wird die CPU verwendet.</translation>
        </message>
        <message>
            <source>This build of SmolDesk has no Vulkan support.</source>
            <translation>Diese SmolDesk-Version wurde ohne Vulkan-Unterstützung gebaut.</translation>
        </message>
        <message>
            <source>The GPU could not take the model (%1), so the CPU is used.</source>
            <translation>Die GPU konnte das Modell nicht aufnehmen (%1), daher wird die CPU verwendet.</translation>
        </message>
        <message>
            <source>The device “%1” only supports Vulkan 1.0; SmolDesk needs 1.1.</source>
            <translation>Das Gerät „%1“ unterstützt nur Vulkan 1.0; SmolDesk braucht 1.1.</translation>
        </message>
        <message>
            <source>The device “%1” has no compute queue.</source>
            <translation>Das Gerät „%1“ hat keine Compute-Warteschlange.</translation>
        </message>
        <message>
            <source>The device “%1” lacks 16-bit storage buffers, which SmolDesk's shaders need.</source>
            <translation>Dem Gerät „%1“ fehlen 16-Bit-Speicherpuffer, die SmolDesks Shader brauchen.</translation>
        </message>
        <message>
            <source>The device “%1” has too little shared memory or too small workgroups for SmolDesk's shaders.</source>
            <translation>Das Gerät „%1“ hat zu wenig gemeinsamen Speicher oder zu kleine Arbeitsgruppen für SmolDesks Shader.</translation>
        </message>
        <message>
            <source>The device “%1” cannot bind storage buffers of 16 MiB.</source>
            <translation>Das Gerät „%1“ kann keine Speicherpuffer von 16 MiB binden.</translation>
        </message>
        <message>
            <source>The only Vulkan device is “%1”, a CPU implementation slower than SmolDesk's own CPU backend.</source>
            <translation>Das einzige Vulkan-Gerät ist „%1“, eine CPU-Implementierung, langsamer als SmolDesks eigenes CPU-Backend.</translation>
        </message>
        <message>
            <source>No Vulkan GPU is available.</source>
            <translation>Es ist keine Vulkan-GPU verfügbar.</translation>
        </message>
        <message>
            <source>The Vulkan loader found no device.</source>
            <translation>Der Vulkan-Loader hat kein Gerät gefunden.</translation>
        </message>
        <message>
            <source>The Vulkan loader found no driver for this system.</source>
            <translation>Der Vulkan-Loader hat keinen Treiber für dieses System gefunden.</translation>
        </message>
        <message>
            <source>The GPU “%1” has %2 available, the model needs %3.</source>
            <translation>Die GPU „%1“ hat %2 frei, das Modell braucht %3.</translation>
        </message>
        <message>
            <source>No Vulkan loader (%1) is installed.</source>
            <translation>Es ist kein Vulkan-Loader (%1) installiert.</translation>
        </message>
        <message>
            <source>The Vulkan loader on this system only supports Vulkan 1.0; SmolDesk needs 1.1.</source>
            <translation>Der Vulkan-Loader dieses Systems unterstützt nur Vulkan 1.0; SmolDesk braucht 1.1.</translation>
        </message>
        <message>
            <source>The Vulkan loader on this system is incomplete.</source>
            <translation>Der Vulkan-Loader dieses Systems ist unvollständig.</translation>
        </message>
        <message>
            <source>Creating a Vulkan instance failed with %1.</source>
            <translation>Das Anlegen einer Vulkan-Instanz ist mit %1 fehlgeschlagen.</translation>
        </message>
        <message>
            <source>No Vulkan device was found.</source>
            <translation>Es wurde kein Vulkan-Gerät gefunden.</translation>
        </message>
        <message>
            <source>CPU (1 thread, %1)</source>
            <translation>CPU (1 Thread, %1)</translation>
        </message>
        <message>
            <source>CPU (%1 threads, %2)</source>
            <translation>CPU (%1 Threads, %2)</translation>
        </message>
    </context>
    <context>
        <name>AnswerStats</name>
        <message>
            <source>stopped while reading your message</source>
            <translation>beim Lesen Ihrer Nachricht angehalten</translation>
        </message>
        <message>
            <source>%1 tokens/s · first token %2 ms · %3 tokens</source>
            <translation>%1 Token/s · erstes Token %2 ms · %3 Token</translation>
        </message>
        <message>
            <source>stopped</source>
            <translation>angehalten</translation>
        </message>
        <message>
            <source>context full</source>
            <translation>Kontext voll</translation>
        </message>
        <message>
            <source>length limit</source>
            <translation>Längenlimit</translation>
        </message>
    </context>
</TS>
