<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="13"/>
        <source>About SmolDesk</source>
        <translation>Über SmolDesk</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="28"/>
        <source>Version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="38"/>
        <source>Language models on your own computer. No account, no cloud, no telemetry: nothing leaves this machine unless you download a model.</source>
        <translation>Sprachmodelle auf dem eigenen Rechner. Kein Konto, keine Cloud, keine Telemetrie: Nichts verlässt diesen Rechner, außer Sie laden ein Modell herunter.</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="44"/>
        <source>Log file: %1</source>
        <translation>Protokolldatei: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="49"/>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="49"/>
        <location filename="../app/qml/AboutDialog.qml" line="50"/>
        <source>Copy diagnostics</source>
        <translation>Diagnose kopieren</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="15"/>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="36"/>
        <source>Language models on your own computer, or on a server you choose. No account, no telemetry. Right now %1 answers from the endpoint “%2” at %3: your prompts are sent to that server.</source>
        <translation>Sprachmodelle auf Ihrem eigenen Computer oder auf einem Server Ihrer Wahl. Kein Konto, keine Telemetrie. Gerade antwortet %1 vom Endpunkt „%2“ unter %3: Ihre Eingaben werden an diesen Server gesendet.</translation>
    </message>
</context>
<context>
    <name>AnswerStats</name>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="46"/>
        <source>stopped while reading your message</source>
        <translation>beim Lesen Ihrer Nachricht angehalten</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="47"/>
        <source>%1 tokens/s · first token %2 ms · %3 tokens</source>
        <translation>%1 Token/s · erstes Token %2 ms · %3 Token</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="52"/>
        <source>%1 of %2 guessed tokens kept</source>
        <translation>%1 von %2 vorhergesagten Token übernommen</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="55"/>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="57"/>
        <source>context full</source>
        <translation>Kontext voll</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="59"/>
        <source>length limit</source>
        <translation>Längenlimit</translation>
    </message>
</context>
<context>
    <name>BranchSwitcher</name>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="30"/>
        <source>Version %1 of %2 of this prompt</source>
        <translation>Version %1 von %2 dieser Eingabe</translation>
    </message>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="31"/>
        <source>Answer %1 of %2</source>
        <translation>Antwort %1 von %2</translation>
    </message>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="36"/>
        <source>‹</source>
        <comment>the arrow to the previous alternative</comment>
        <translation>‹</translation>
    </message>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="44"/>
        <source>Previous version of this prompt</source>
        <translation>Vorherige Version dieser Eingabe</translation>
    </message>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="44"/>
        <source>Previous answer</source>
        <translation>Vorherige Antwort</translation>
    </message>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="51"/>
        <source>%1/%2</source>
        <comment>which alternative of how many, as in ‹ 2/3 ›</comment>
        <translation>%1/%2</translation>
    </message>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="59"/>
        <source>›</source>
        <comment>the arrow to the next alternative</comment>
        <translation>›</translation>
    </message>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="67"/>
        <source>Next version of this prompt</source>
        <translation>Nächste Version dieser Eingabe</translation>
    </message>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="67"/>
        <source>Next answer</source>
        <translation>Nächste Antwort</translation>
    </message>
</context>
<context>
    <name>CatalogueDialog</name>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="18"/>
        <source>Download a model</source>
        <translation>Ein Modell herunterladen</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="20"/>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="34"/>
        <source>Models are downloaded from Hugging Face into %1 and checked against their published checksum. Whether one fits is estimated from the memory that is free now.</source>
        <translation>Modelle werden von Hugging Face nach %1 heruntergeladen und mit ihrer veröffentlichten Prüfsumme verglichen. Ob eines passt, wird aus dem jetzt freien Speicher geschätzt.</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="63"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="69"/>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="69"/>
        <source>Download</source>
        <translation>Herunterladen</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="72"/>
        <source>Open %1</source>
        <translation>%1 öffnen</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="73"/>
        <source>Download %1</source>
        <translation>%1 herunterladen</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <location filename="../app/qml/ChatView.qml" line="16"/>
        <source>Messages</source>
        <translation>Nachrichten</translation>
    </message>
</context>
<context>
    <name>CodeBlock</name>
    <message>
        <location filename="../app/qml/CodeBlock.qml" line="25"/>
        <source>code</source>
        <translation>Code</translation>
    </message>
    <message>
        <location filename="../app/qml/CodeBlock.qml" line="33"/>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
    <message>
        <location filename="../app/qml/CodeBlock.qml" line="33"/>
        <location filename="../app/qml/CodeBlock.qml" line="35"/>
        <source>Copy code</source>
        <translation>Code kopieren</translation>
    </message>
    <message>
        <location filename="../app/qml/CodeBlock.qml" line="58"/>
        <source>Code</source>
        <translation>Code</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <location filename="../app/qml/Composer.qml" line="322"/>
        <source>Let the model think longer before it answers (this chat only). %1 cannot stop reasoning entirely: with Think off it still reasons, briefly.</source>
        <translation>Das Modell vor der Antwort länger nachdenken lassen (nur dieser Chat). %1 kann das Nachdenken nicht ganz abschalten: Mit ausgeschaltetem Denken denkt es trotzdem kurz nach.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="280"/>
        <source>Ask anything… (Enter sends, Shift+Enter adds a line)</source>
        <translation>Fragen Sie etwas … (Enter sendet, Umschalt+Enter fügt eine Zeile ein)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="204"/>
        <source>Files attached to this chat</source>
        <translation>An diesen Chat angehängte Dateien</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="215"/>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="226"/>
        <source>Remove the attached files</source>
        <translation>Die angehängten Dateien entfernen</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="228"/>
        <source>Stop using the attached files in this chat</source>
        <translation>Die angehängten Dateien in diesem Chat nicht mehr verwenden</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="247"/>
        <source>Attach an image to the prompt (PNG, JPEG or WebP) or documents to this chat; you can also paste or drop them</source>
        <translation>Ein Bild an die Eingabe (PNG, JPEG oder WebP) oder Dokumente an diesen Chat anhängen; Sie können sie auch einfügen oder hineinziehen</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="252"/>
        <source>Attach images…</source>
        <translation>Bilder anhängen …</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="254"/>
        <source>Attach documents…</source>
        <translation>Dokumente anhängen …</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="282"/>
        <source>Open a model to start chatting</source>
        <translation>Öffnen Sie ein Modell, um zu chatten</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="284"/>
        <source>Prompt</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="328"/>
        <source>Think</source>
        <translation>Denken</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="332"/>
        <source>Thinking</source>
        <translation>Denken</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="323"/>
        <source>Let the model think before it answers (this chat only)</source>
        <translation>Das Modell vor der Antwort nachdenken lassen (nur dieser Chat)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="438"/>
        <location filename="../app/qml/Composer.qml" line="440"/>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="437"/>
        <location filename="../app/qml/Composer.qml" line="440"/>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="26"/>
        <source>Attach images</source>
        <translation>Bilder anhängen</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="27"/>
        <location filename="../app/qml/Composer.qml" line="38"/>
        <location filename="../app/qml/Composer.qml" line="245"/>
        <source>Attach</source>
        <translation>Anhängen</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="28"/>
        <location filename="../app/qml/Composer.qml" line="39"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="30"/>
        <source>Images (*.png *.jpg *.jpeg *.webp)</source>
        <translation>Bilder (*.png *.jpg *.jpeg *.webp)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="30"/>
        <location filename="../app/qml/Composer.qml" line="41"/>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="37"/>
        <source>Attach documents</source>
        <translation>Dokumente anhängen</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="41"/>
        <source>Documents (*.pdf *.docx *.odt *.md *.txt *.html *.htm)</source>
        <translation>Dokumente (*.pdf *.docx *.odt *.md *.txt *.html *.htm)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="175"/>
        <source>Attached image %1</source>
        <translation>Angehängtes Bild %1</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="182"/>
        <source>Remove image %1</source>
        <translation>Bild %1 entfernen</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="184"/>
        <source>Remove this image</source>
        <translation>Dieses Bild entfernen</translation>
    </message>
    <message>
        <source>Attach an image</source>
        <translation type="vanished">Ein Bild anhängen</translation>
    </message>
    <message>
        <source>Attach an image to the prompt (PNG, JPEG or WebP), or paste or drop one</source>
        <translation type="vanished">Ein Bild an die Nachricht anhängen (PNG, JPEG oder WebP), oder eines einfügen oder hierher ziehen</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="350"/>
        <source>Documents of this chat</source>
        <translation>Dokumente dieses Chats</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="353"/>
        <source>Answers draw on your document library; click to stop that in this chat</source>
        <translation>Antworten stützen sich auf Ihre Dokumentbibliothek; klicken, um das in diesem Chat zu beenden</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="354"/>
        <source>Click to let answers draw on your document library in this chat</source>
        <translation>Klicken, damit sich Antworten in diesem Chat auf Ihre Dokumentbibliothek stützen</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="380"/>
        <source>Tools %1/%2</source>
        <translation>Tools %1/%2</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="382"/>
        <source>Tool servers of this chat</source>
        <translation>Tool-Server dieses Chats</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="386"/>
        <source>Choose which tool servers&apos; tools the model sees in this chat</source>
        <translation>Wählen Sie, welche Tool-Server dem Modell in diesem Chat ihre Tools anbieten</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="398"/>
        <source>Tools the model sees in this chat</source>
        <translation>Tools, die das Modell hier sieht</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/Composer.qml" line="404"/>
        <source>%1 (%n tool(s))</source>
        <translation>
            <numerusform>%1 (%n Tool)</numerusform>
            <numerusform>%1 (%n Tools)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="405"/>
        <source>%1 (not connected)</source>
        <translation>%1 (nicht verbunden)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="407"/>
        <source>Offer the tools of %1</source>
        <translation>Die Tools von %1 anbieten</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="444"/>
        <source>Stop the answer</source>
        <translation>Antwort anhalten</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="444"/>
        <source>Send the prompt</source>
        <translation>Eingabe senden</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="446"/>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="446"/>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="325"/>
        <source>Thinking depends on the model&apos;s chat template; load a model first</source>
        <translation>Denken hängt von der Chatvorlage des Modells ab; laden Sie zuerst ein Modell</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="326"/>
        <source>Thinking is not available: the chat template of %1 has no thinking mode</source>
        <translation>Denken ist nicht verfügbar: Die Chatvorlage von %1 hat keinen Denkmodus</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="124"/>
        <source>The context is full: this chat no longer fits into the model&apos;s %1 tokens. Leave the oldest turns out, or continue in a new chat.</source>
        <translation>Der Kontext ist voll: Dieser Chat passt nicht mehr in die %1 Token des Modells. Lassen Sie die ältesten Beiträge weg oder machen Sie in einem neuen Chat weiter.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="127"/>
        <source>The context is %1% full. When it is full, the oldest turns have to be left out, or you continue in a new chat.</source>
        <translation>Der Kontext ist zu %1 % voll. Wenn er voll ist, müssen die ältesten Beiträge wegfallen, oder Sie machen in einem neuen Chat weiter.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="134"/>
        <source>Drop oldest turns</source>
        <translation>Älteste Beiträge weglassen</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="140"/>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="281"/>
        <source>Ask anything… it is sent when the model has loaded</source>
        <translation>Fragen Sie etwas … es wird gesendet, sobald das Modell geladen ist</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="152"/>
        <source>Your message will be sent when %1 has loaded.</source>
        <translation>Ihre Nachricht wird gesendet, sobald %1 geladen ist.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="126"/>
        <source>The context is full: this chat no longer fits into the model&apos;s %1 tokens, and no older turn is left to leave out. Continue in a new chat.</source>
        <translation>Der Kontext ist voll: Dieser Chat passt nicht mehr in die %1 Token des Modells, und es gibt keine älteren Beiträge mehr, die wegfallen könnten. Machen Sie in einem neuen Chat weiter.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="422"/>
        <source>System prompt ✓</source>
        <translation>Systemprompt ✓</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="422"/>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="69"/>
        <location filename="../app/qml/Composer.qml" line="78"/>
        <location filename="../app/qml/Composer.qml" line="424"/>
        <source>System prompt of this chat</source>
        <translation>Systemprompt dieses Chats</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="428"/>
        <source>Give this chat instructions that the model follows in every answer</source>
        <translation>Geben Sie diesem Chat Anweisungen, die das Modell in jeder Antwort befolgt</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="77"/>
        <source>For example: You are a concise assistant.</source>
        <translation>Zum Beispiel: Du bist ein knapper Assistent.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="90"/>
        <source>Applies to the next answer. New chats start with the default from Settings.</source>
        <translation>Gilt ab der nächsten Antwort. Neue Chats beginnen mit der Vorgabe aus den Einstellungen.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="94"/>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
</context>
<context>
    <name>ContextDialogs</name>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="44"/>
        <source>The conversation is too long</source>
        <translation>Die Unterhaltung ist zu lang</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="68"/>
        <source>Drop oldest turns</source>
        <translation>Älteste Beiträge entfernen</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="74"/>
        <source>Start a new chat</source>
        <translation>Neuen Chat beginnen</translation>
    </message>
    <message>
        <source>Edit prompt</source>
        <translation type="vanished">Eingabe bearbeiten</translation>
    </message>
    <message>
        <source>Sending the edited prompt removes every later message of this chat. Continue?</source>
        <translation type="vanished">Das Senden der bearbeiteten Eingabe entfernt alle späteren Nachrichten dieses Chats. Fortfahren?</translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="vanished">Senden</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="84"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="44"/>
        <source>The message is too long</source>
        <translation>Die Nachricht ist zu lang</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="52"/>
        <source>The conversation needs %1 tokens, but the model&apos;s context holds %2. Drop the oldest turns (the system prompt stays), or continue in a new chat? Cancel puts your message back into the prompt box.</source>
        <translation>Die Unterhaltung braucht %1 Token, der Kontext des Modells fasst aber nur %2. Die ältesten Beiträge entfernen (der Systemprompt bleibt) oder in einem neuen Chat weitermachen? Abbrechen legt Ihre Nachricht zurück ins Eingabefeld.</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="55"/>
        <source>This message needs %1 tokens, but the model&apos;s context holds %2. Shorten it, or raise the context to %3 tokens in Settings ▸ General and reload the model.</source>
        <translation>Diese Nachricht braucht %1 Token, der Kontext des Modells fasst aber nur %2. Kürzen Sie sie, oder erhöhen Sie den Kontext unter Einstellungen ▸ Allgemein auf %3 Token und laden Sie das Modell neu.</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="57"/>
        <source>This message needs %1 tokens, but the model&apos;s context holds %2, and the model takes no larger one. Shorten it.</source>
        <translation>Diese Nachricht braucht %1 Token, der Kontext des Modells fasst aber nur %2, und einen größeren nimmt das Modell nicht. Kürzen Sie sie.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/ContextDialogs.qml" line="60"/>
        <source>The definitions of %n tool(s) take part of the context: turning tools off for this chat leaves more room.</source>
        <translation>
            <numerusform>Die Beschreibung von %n Tool belegt einen Teil des Kontexts: Tools für diesen Chat abzuschalten, schafft mehr Platz.</numerusform>
            <numerusform>Die Beschreibungen von %n Tools belegen einen Teil des Kontexts: Tools für diesen Chat abzuschalten, schafft mehr Platz.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="84"/>
        <source>Edit the message</source>
        <translation>Nachricht bearbeiten</translation>
    </message>
</context>
<context>
    <name>DocumentsSettings</name>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="24"/>
        <source>Indexing %1 of %2: %3</source>
        <translation>Indiziere %1 von %2: %3</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="25"/>
        <source>Looking for files…</source>
        <translation>Suche nach Dateien …</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="27"/>
        <source>Paused after %1 of %2 files.</source>
        <translation>Angehalten nach %1 von %2 Dateien.</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="31"/>
        <source>Up to date.</source>
        <translation>Auf dem neuesten Stand.</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="39"/>
        <source>Add folder…</source>
        <translation>Ordner hinzufügen …</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="44"/>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="44"/>
        <source>Pause</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="50"/>
        <source>Rescan</source>
        <translation>Neu durchsuchen</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="62"/>
        <source>Indexing progress</source>
        <translation>Fortschritt der Indizierung</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="76"/>
        <source>Embedding model</source>
        <translation>Embedding-Modell</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="82"/>
        <source>None: keyword search only</source>
        <translation>Keines: nur Stichwortsuche</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="86"/>
        <source>Choose…</source>
        <translation>Auswählen …</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="91"/>
        <source>Keyword only</source>
        <translation>Nur Stichwörter</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="100"/>
        <source>An embedding model (such as nomic-embed-text or bge-small in GGUF) lets search find passages by meaning as well as by words. Changing it indexes the library again.</source>
        <translation>Ein Embedding-Modell (etwa nomic-embed-text oder bge-small als GGUF) lässt die Suche Stellen nach ihrer Bedeutung finden, nicht nur nach Wörtern. Ein Wechsel indiziert die Bibliothek neu.</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="108"/>
        <source>No folders yet. Add one, or drop a folder on the window. Its documents (PDF, Word, OpenDocument, Markdown, HTML, text and source code) are indexed in the background and stay on this computer.</source>
        <translation>Noch keine Ordner. Fügen Sie einen hinzu oder ziehen Sie einen Ordner auf das Fenster. Seine Dokumente (PDF, Word, OpenDocument, Markdown, HTML, Text und Quellcode) werden im Hintergrund indiziert und bleiben auf diesem Computer.</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="150"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="152"/>
        <source>Remove %1 from the library</source>
        <translation>%1 aus der Bibliothek entfernen</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/DocumentsSettings.qml" line="162"/>
        <source>Not found: its %n file(s) stay in the library until it is back or removed.</source>
        <translation>
            <numerusform>Nicht gefunden: seine %n Datei bleibt in der Bibliothek, bis er wieder da ist oder entfernt wird.</numerusform>
            <numerusform>Nicht gefunden: seine %n Dateien bleiben in der Bibliothek, bis er wieder da ist oder entfernt wird.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="163"/>
        <source>Indexing…</source>
        <translation>Wird indiziert …</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="164"/>
        <source>Waiting to be indexed.</source>
        <translation>Wartet auf die Indizierung.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/DocumentsSettings.qml" line="165"/>
        <source>%n file(s).</source>
        <translation>
            <numerusform>%n Datei.</numerusform>
            <numerusform>%n Dateien.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/DocumentsSettings.qml" line="166"/>
        <source>%n could not be read.</source>
        <translation>
            <numerusform>%n konnte nicht gelesen werden.</numerusform>
            <numerusform>%n konnten nicht gelesen werden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/DocumentsSettings.qml" line="168"/>
        <source>%n with pages without text.</source>
        <translation>
            <numerusform>%n mit Seiten ohne Text.</numerusform>
            <numerusform>%n mit Seiten ohne Text.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="194"/>
        <source>Add a folder to the library</source>
        <translation>Einen Ordner zur Bibliothek hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="195"/>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="196"/>
        <location filename="../app/qml/DocumentsSettings.qml" line="203"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="201"/>
        <source>Choose an embedding model</source>
        <translation>Ein Embedding-Modell auswählen</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="202"/>
        <source>Choose</source>
        <translation>Auswählen</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="204"/>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF-Modelle (*.gguf)</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="204"/>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>EngineText</name>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="26"/>
        <source>The GPU backend cannot compute with %1 tensors yet, so the CPU is used.</source>
        <translation>Das GPU-Backend kann noch nicht mit %1-Tensoren rechnen, daher wird die CPU verwendet.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="30"/>
        <source>No usable Vulkan GPU was found, so the CPU is used.</source>
        <translation>Es wurde keine nutzbare Vulkan-GPU gefunden, daher wird die CPU verwendet.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="33"/>
        <source>This build of SmolDesk has no Vulkan support, so the CPU is used.</source>
        <translation>Diese SmolDesk-Version wurde ohne Vulkan-Unterstützung gebaut, daher wird die CPU verwendet.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="36"/>
        <source>This build of SmolDesk has no Vulkan support.</source>
        <translation>Diese SmolDesk-Version wurde ohne Vulkan-Unterstützung gebaut.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="39"/>
        <source>The GPU could not take the model (%1), so the CPU is used.</source>
        <translation>Die GPU konnte das Modell nicht aufnehmen (%1), daher wird die CPU verwendet.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="44"/>
        <source>The device “%1” only supports Vulkan 1.0; SmolDesk needs 1.1.</source>
        <translation>Das Gerät „%1“ unterstützt nur Vulkan 1.0; SmolDesk braucht 1.1.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="49"/>
        <source>The device “%1” has no compute queue.</source>
        <translation>Das Gerät „%1“ hat keine Compute-Warteschlange.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="54"/>
        <source>The device “%1” lacks 16-bit storage buffers, which SmolDesk&apos;s shaders need.</source>
        <translation>Dem Gerät „%1“ fehlen 16-Bit-Speicherpuffer, die SmolDesks Shader brauchen.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="61"/>
        <source>The device “%1” has too little shared memory or too small workgroups for SmolDesk&apos;s shaders.</source>
        <translation>Das Gerät „%1“ hat zu wenig gemeinsamen Speicher oder zu kleine Arbeitsgruppen für SmolDesks Shader.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="67"/>
        <source>The device “%1” cannot bind storage buffers of 16 MiB.</source>
        <translation>Das Gerät „%1“ kann keine Speicherpuffer von 16 MiB binden.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="73"/>
        <source>The only Vulkan device is “%1”, a CPU implementation slower than SmolDesk&apos;s own CPU backend.</source>
        <translation>Das einzige Vulkan-Gerät ist „%1“, eine CPU-Implementierung, langsamer als SmolDesks eigenes CPU-Backend.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="78"/>
        <source>No Vulkan GPU is available.</source>
        <translation>Es ist keine Vulkan-GPU verfügbar.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="80"/>
        <source>The Vulkan loader found no device.</source>
        <translation>Der Vulkan-Loader hat kein Gerät gefunden.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="82"/>
        <source>The Vulkan loader found no driver for this system.</source>
        <translation>Der Vulkan-Loader hat keinen Treiber für dieses System gefunden.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="85"/>
        <source>The GPU “%1” has %2 available, the model needs %3.</source>
        <translation>Die GPU „%1“ hat %2 frei, das Modell braucht %3.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="90"/>
        <source>No Vulkan loader (%1) is installed.</source>
        <translation>Es ist kein Vulkan-Loader (%1) installiert.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="95"/>
        <source>The Vulkan loader on this system only supports Vulkan 1.0; SmolDesk needs 1.1.</source>
        <translation>Der Vulkan-Loader dieses Systems unterstützt nur Vulkan 1.0; SmolDesk braucht 1.1.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="100"/>
        <source>The Vulkan loader on this system is incomplete.</source>
        <translation>Der Vulkan-Loader dieses Systems ist unvollständig.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="103"/>
        <source>Creating a Vulkan instance failed with %1.</source>
        <translation>Das Anlegen einer Vulkan-Instanz ist mit %1 fehlgeschlagen.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="150"/>
        <source>No Vulkan device was found.</source>
        <translation>Es wurde kein Vulkan-Gerät gefunden.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="146"/>
        <source>CPU (1 thread, %1)</source>
        <translation>CPU (1 Thread, %1)</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="147"/>
        <source>CPU (%1 threads, %2)</source>
        <translation>CPU (%1 Threads, %2)</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="114"/>
        <source>%1 of %2 layers on the GPU</source>
        <translation>%1 von %2 Schichten auf der GPU</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="118"/>
        <source>%1 of %2 layers on the GPU, their experts on the CPU</source>
        <translation>%1 von %2 Schichten auf der GPU, ihre Experten auf der CPU</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="123"/>
        <source>%1 of %2 layers on the GPU, the experts of %3 on the CPU</source>
        <translation>%1 von %2 Schichten auf der GPU, die Experten von %3 auf der CPU</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="130"/>
        <source>%1, %2, the rest on %3</source>
        <translation>%1, %2, der Rest auf %3</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="137"/>
        <source>The model needs %1 of GPU memory but the GPU has %2 free, so it is split: %3, the rest on the CPU.</source>
        <translation>Das Modell braucht %1 GPU-Speicher, die GPU hat aber nur %2 frei; es wird daher aufgeteilt: %3, der Rest auf der CPU.</translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <location filename="../app/worker/error_text.cpp" line="17"/>
        <source>The file cannot be read.</source>
        <translation>Die Datei kann nicht gelesen werden.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="19"/>
        <source>This is not a GGUF model file.</source>
        <translation>Dies ist keine GGUF-Modelldatei.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="21"/>
        <source>This GGUF version is not supported.</source>
        <translation>Diese GGUF-Version wird nicht unterstützt.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="23"/>
        <source>The file is truncated (an incomplete download?).</source>
        <translation>Die Datei ist abgeschnitten (ein unvollständiger Download?).</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="25"/>
        <source>The file is damaged.</source>
        <translation>Die Datei ist beschädigt.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="27"/>
        <source>The model&apos;s metadata has an unexpected type.</source>
        <translation>Die Metadaten des Modells haben einen unerwarteten Typ.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="29"/>
        <source>The model is missing required metadata or tensors.</source>
        <translation>Dem Modell fehlen erforderliche Metadaten oder Tensoren.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="31"/>
        <source>This model architecture is not supported.</source>
        <translation>Diese Modellarchitektur wird nicht unterstützt.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="33"/>
        <source>The model uses a tensor type that is not supported.</source>
        <translation>Das Modell verwendet einen nicht unterstützten Tensortyp.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="36"/>
        <source>The model&apos;s tokenizer is not supported.</source>
        <translation>Der Tokenizer des Modells wird nicht unterstützt.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="38"/>
        <source>A tensor&apos;s shape does not match the model&apos;s parameters.</source>
        <translation>Die Form eines Tensors passt nicht zu den Parametern des Modells.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="41"/>
        <source>The request is not valid for this model.</source>
        <translation>Die Anfrage ist für dieses Modell nicht gültig.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="43"/>
        <source>There is not enough memory.</source>
        <translation>Es ist nicht genug Speicher vorhanden.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="47"/>
        <source>The model&apos;s chat template cannot be used.</source>
        <translation>Die Chatvorlage des Modells kann nicht verwendet werden.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="50"/>
        <source>The compute device failed.</source>
        <translation>Das Rechengerät ist ausgefallen.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="52"/>
        <source>No model is loaded.</source>
        <translation>Es ist kein Modell geladen.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="54"/>
        <source>The model is busy.</source>
        <translation>Das Modell ist beschäftigt.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="56"/>
        <source>Something went wrong.</source>
        <translation>Etwas ist schiefgegangen.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="64"/>
        <source>Choose a .gguf model file.</source>
        <translation>Wählen Sie eine .gguf-Modelldatei.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="67"/>
        <source>Download the model again.</source>
        <translation>Laden Sie das Modell erneut herunter.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="72"/>
        <source>Choose a model in a supported format.</source>
        <translation>Wählen Sie ein Modell in einem unterstützten Format.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="74"/>
        <source>Lower the context length or choose a smaller model.</source>
        <translation>Verringern Sie die Kontextlänge oder wählen Sie ein kleineres Modell.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="78"/>
        <source>Choose the CPU in the settings.</source>
        <translation>Wählen Sie in den Einstellungen die CPU.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="80"/>
        <source>Open a model first.</source>
        <translation>Öffnen Sie zuerst ein Modell.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="45"/>
        <source>Loading was cancelled.</source>
        <translation>Das Laden wurde abgebrochen.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="98"/>
        <source>The file %1 does not exist.</source>
        <translation>Die Datei %1 existiert nicht.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="101"/>
        <source>The file %1 cannot be read.</source>
        <translation>Die Datei %1 kann nicht gelesen werden.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="106"/>
        <source>The file is empty, so it is not a model.</source>
        <translation>Die Datei ist leer und daher kein Modell.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="107"/>
        <source>This is not a GGUF model file: it does not start with the bytes “GGUF”.</source>
        <translation>Dies ist keine GGUF-Modelldatei: Sie beginnt nicht mit den Bytes „GGUF“.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="111"/>
        <source>The file is truncated: at least %1 bytes expected, %2 present — the download was probably interrupted.</source>
        <translation>Die Datei ist unvollständig: mindestens %1 Bytes erwartet, %2 vorhanden – der Download wurde wahrscheinlich unterbrochen.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="117"/>
        <source>The file is truncated: it ends after %1 bytes, inside its header — the download was probably interrupted.</source>
        <translation>Die Datei ist unvollständig: Sie endet nach %1 Bytes, mitten im Header – der Download wurde wahrscheinlich unterbrochen.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="122"/>
        <source>The file is truncated — the download was probably interrupted.</source>
        <translation>Die Datei ist unvollständig – der Download wurde wahrscheinlich unterbrochen.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="125"/>
        <source>The file is damaged: its header contradicts itself.</source>
        <translation>Die Datei ist beschädigt: Ihr Header widerspricht sich.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="128"/>
        <source>This GGUF version is not supported (SmolDesk reads versions 2 and 3).</source>
        <translation>Diese GGUF-Version wird nicht unterstützt (SmolDesk liest die Versionen 2 und 3).</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="132"/>
        <source>The architecture “%1” is not supported (supported: %2).</source>
        <translation>Die Architektur „%1“ wird nicht unterstützt (unterstützt: %2).</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="138"/>
        <source>The tensor type %1 is not supported.</source>
        <translation>Der Tensortyp %1 wird nicht unterstützt.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="143"/>
        <source>Not enough memory: the model needs %1, %2 are free.</source>
        <translation>Nicht genug Speicher: Das Modell braucht %1, frei sind %2.</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <location filename="../app/src/exporter.cpp" line="22"/>
        <source>done</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="23"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="24"/>
        <source>denied</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="25"/>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="28"/>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="36"/>
        <source>Sources:</source>
        <translation>Quellen:</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="43"/>
        <source>page %1</source>
        <translation>Seite %1</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="45"/>
        <source>read whole</source>
        <translation>ganz gelesen</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="48"/>
        <source>lines %1–%2</source>
        <translation>Zeilen %1–%2</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="50"/>
        <source>line %1</source>
        <translation>Zeile %1</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="64"/>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="67"/>
        <source>System prompt:</source>
        <translation>Systemprompt:</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="73"/>
        <source>Tool %1 (%2): %3</source>
        <translation>Tool %1 (%2): %3</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="81"/>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="82"/>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="87"/>
        <source>(version %1 of %2)</source>
        <translation>(Version %1 von %2)</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="88"/>
        <source>(answer %1 of %2)</source>
        <translation>(Antwort %1 von %2)</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="97"/>
        <source>(1 image attached)</source>
        <translation>(1 Bild angehängt)</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="98"/>
        <source>(%1 images attached)</source>
        <translation>(%1 Bilder angehängt)</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <location filename="../app/qml/Main.qml" line="250"/>
        <source>Conversation exported to %1</source>
        <translation>Unterhaltung exportiert nach %1</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="13"/>
        <source>%1 — SmolDesk</source>
        <translation>%1 — SmolDesk</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="122"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="69"/>
        <source>&amp;Open model…</source>
        <translation>Modell ö&amp;ffnen …</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="127"/>
        <source>Recent models</source>
        <translation>Zuletzt verwendete Modelle</translation>
    </message>
    <message>
        <source>&amp;Download SmolLM3-3B…</source>
        <translation type="vanished">SmolLM3-3B &amp;herunterladen …</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="162"/>
        <source>Export as &amp;Markdown…</source>
        <translation>Als &amp;Markdown exportieren …</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="163"/>
        <source>Export as &amp;JSON…</source>
        <translation>Als &amp;JSON exportieren …</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="70"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="168"/>
        <source>&amp;Chat</source>
        <translation>&amp;Chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="81"/>
        <source>&amp;New chat</source>
        <translation>&amp;Neuer Chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="82"/>
        <source>&amp;Stop</source>
        <translation>&amp;Stopp</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="172"/>
        <source>&amp;Regenerate answer</source>
        <translation>Antwort neu &amp;erzeugen</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="173"/>
        <source>&amp;Copy conversation</source>
        <translation>Unterhaltung &amp;kopieren</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="176"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="178"/>
        <source>&amp;Model information</source>
        <translation>&amp;Modellinformationen</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="83"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen …</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="143"/>
        <source>Remote models</source>
        <translation>Entfernte Modelle</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="158"/>
        <source>Add an endpoint…</source>
        <translation>Endpunkt hinzufügen …</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="160"/>
        <source>&amp;Download a model…</source>
        <translation>Ein Modell &amp;herunterladen …</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="182"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="184"/>
        <source>&amp;About SmolDesk</source>
        <translation>&amp;Über SmolDesk</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="192"/>
        <source>Open a GGUF model</source>
        <translation>GGUF-Modell öffnen</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="195"/>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF-Modelle (*.gguf)</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="195"/>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="203"/>
        <source>Export conversation</source>
        <translation>Unterhaltung exportieren</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="208"/>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="208"/>
        <source>Markdown files (*.md)</source>
        <translation>Markdown-Dateien (*.md)</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="193"/>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="194"/>
        <location filename="../app/qml/Main.qml" line="205"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="204"/>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
</context>
<context>
    <name>MessageDelegate</name>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="228"/>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="330"/>
        <source>Interrupted: SmolDesk closed before this answer was complete.</source>
        <translation>Unterbrochen: SmolDesk wurde beendet, bevor diese Antwort fertig war.</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="82"/>
        <source>Not in the model&apos;s context any more</source>
        <translation>Nicht mehr im Kontext des Modells</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="104"/>
        <source>Image %1 of the prompt</source>
        <translation>Bild %1 der Nachricht</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="131"/>
        <source>Your message</source>
        <translation>Ihre Nachricht</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="203"/>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="253"/>
        <source>[%1] %2, p. %3</source>
        <translation>[%1] %2, S. %3</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="254"/>
        <source>[%1] %2</source>
        <translation>[%1] %2</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="256"/>
        <source>Source %1</source>
        <translation>Quelle %1</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="360"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="362"/>
        <source>Copy message</source>
        <translation>Nachricht kopieren</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="385"/>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="388"/>
        <location filename="../app/qml/MessageDelegate.qml" line="424"/>
        <source>Edit prompt</source>
        <translation>Eingabe bearbeiten</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="395"/>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="398"/>
        <source>Regenerate answer</source>
        <translation>Antwort neu erzeugen</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="401"/>
        <source>Write another answer; this one stays (‹ › switches between them)</source>
        <translation>Eine weitere Antwort schreiben; diese bleibt erhalten (‹ › wechselt zwischen ihnen)</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="429"/>
        <source>The edited prompt starts a new branch: this version and its answers stay, behind the ‹ › arrows.</source>
        <translation>Die bearbeitete Eingabe beginnt einen neuen Zweig: Diese Version und ihre Antworten bleiben hinter den Pfeilen ‹ › erhalten.</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="438"/>
        <source>Prompt text</source>
        <translation>Eingabetext</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="456"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="458"/>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="360"/>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="278"/>
        <source>Reading your message…</source>
        <translation>Ihre Nachricht wird gelesen …</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="279"/>
        <source>Writing…</source>
        <translation>Schreibt …</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="280"/>
        <source>Reading your message… %1% (%2 tokens/s)</source>
        <translation>Ihre Nachricht wird gelesen … %1 % (%2 Token/s)</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="164"/>
        <source>The demo model has no chat mode: it continues your words (in italics) as a story.</source>
        <translation>Das Demo-Modell kann nicht chatten: Es setzt Ihre Worte (kursiv) als Geschichte fort.</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="165"/>
        <source>This model has no chat template: it continues your words (in italics).</source>
        <translation>Dieses Modell hat keine Chatvorlage: Es setzt Ihre Worte (kursiv) fort.</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="374"/>
        <source>Retry</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="376"/>
        <source>Ask for the answer again</source>
        <translation>Die Antwort erneut anfordern</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="379"/>
        <source>This prompt has no answer yet: send it to the model again</source>
        <translation>Diese Eingabe hat noch keine Antwort: Senden Sie sie erneut an das Modell</translation>
    </message>
</context>
<context>
    <name>ModelBanner</name>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="29"/>
        <source>Preparing the GPU (first start only)…</source>
        <translation>Die GPU wird vorbereitet (nur beim ersten Start) …</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="30"/>
        <source>Loading %1…</source>
        <translation>%1 wird geladen …</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="39"/>
        <source>Loading progress</source>
        <translation>Ladefortschritt</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="43"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="44"/>
        <source>Cancel loading</source>
        <translation>Laden abbrechen</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="58"/>
        <source>Open another model…</source>
        <translation>Anderes Modell öffnen …</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="61"/>
        <location filename="../app/qml/ModelBanner.qml" line="78"/>
        <location filename="../app/qml/ModelBanner.qml" line="94"/>
        <location filename="../app/qml/ModelBanner.qml" line="119"/>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="113"/>
        <source>Retry</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="114"/>
        <source>Ask for the answer again</source>
        <translation>Die Antwort erneut anfordern</translation>
    </message>
</context>
<context>
    <name>ModelPanel</name>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="79"/>
        <source>always, at a low, medium or high effort</source>
        <translation>immer, mit geringem, mittlerem oder hohem Aufwand</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="45"/>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="46"/>
        <source>Hide model information</source>
        <translation>Modellinformationen ausblenden</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="51"/>
        <source>No model selected</source>
        <translation>Kein Modell ausgewählt</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="73"/>
        <source>Architecture</source>
        <translation>Architektur</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="74"/>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="75"/>
        <source>Quantization</source>
        <translation>Quantisierung</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="76"/>
        <source>File size</source>
        <translation>Dateigröße</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="77"/>
        <source>Trained context</source>
        <translation>Trainierter Kontext</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="77"/>
        <location filename="../app/qml/ModelPanel.qml" line="119"/>
        <source>%1 tokens</source>
        <translation>%1 Token</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="78"/>
        <source>Chat template</source>
        <translation>Chatvorlage</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="79"/>
        <source>Thinking</source>
        <translation>Denken</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="79"/>
        <source>supported</source>
        <translation>unterstützt</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="79"/>
        <source>not supported</source>
        <translation>nicht unterstützt</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="82"/>
        <source>Memory estimate</source>
        <translation>Speicherbedarf</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="83"/>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="84"/>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="84"/>
        <source>%1 at %2 tokens</source>
        <translation>%1 bei %2 Token</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="85"/>
        <source>Needed</source>
        <translation>Benötigt</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="86"/>
        <source>Available</source>
        <translation>Verfügbar</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="87"/>
        <source>Experts per token</source>
        <translation>Experten pro Token</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="93"/>
        <source>A mixture of experts: the file stays mapped and each token reads about %1 of it. Memory use grows toward %2 as the conversation uses more experts; with less free memory it still runs, reading experts from the disk.</source>
        <translation>Ein Mixture-of-Experts-Modell: Die Datei bleibt in den Speicher eingeblendet, und jedes Token liest etwa %1 davon. Der Speicherbedarf nähert sich %2, je mehr Experten die Unterhaltung nutzt; mit weniger freiem Speicher läuft es trotzdem und liest die Experten von der Festplatte.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="104"/>
        <source>Fits in the available memory.</source>
        <translation>Passt in den verfügbaren Speicher.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="105"/>
        <source>Tight: other programs may be slowed down.</source>
        <translation>Knapp: Andere Programme könnten langsamer werden.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="106"/>
        <source>Probably too large for the available memory. You can still try, or lower the context length.</source>
        <translation>Wahrscheinlich zu groß für den verfügbaren Speicher. Sie können es trotzdem versuchen oder die Kontextlänge verringern.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="107"/>
        <source>Available memory is unknown.</source>
        <translation>Der verfügbare Speicher ist unbekannt.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="112"/>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="112"/>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="119"/>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="136"/>
        <source>Open another model…</source>
        <translation>Anderes Modell öffnen …</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="116"/>
        <source>GPU not used</source>
        <translation>GPU nicht verwendet</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="18"/>
        <source>the model&apos;s own chat template</source>
        <translation>die eigene Chatvorlage des Modells</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="19"/>
        <source>none in the file; the built-in ChatML template is used</source>
        <translation>keine in der Datei; die eingebaute ChatML-Vorlage wird verwendet</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="20"/>
        <source>none; the model continues your text (plain continuation, no chat turns)</source>
        <translation>keine; das Modell setzt Ihren Text fort (reine Fortsetzung, keine Chat-Beiträge)</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="56"/>
        <source>Endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="57"/>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="64"/>
        <source>Your prompts and this chat&apos;s earlier turns are sent to %1 to be answered.</source>
        <translation>Ihre Eingaben und die früheren Beiträge dieses Chats werden zur Beantwortung an %1 gesendet.</translation>
    </message>
</context>
<context>
    <name>RemoteEndpoint</name>
    <message>
        <location filename="../app/remote/remote_endpoint.cpp" line="24"/>
        <source>“%1” is not an endpoint address: give one such as http://localhost:8080/v1.</source>
        <translation>„%1“ ist keine Endpunktadresse: Geben Sie eine wie http://localhost:8080/v1 an.</translation>
    </message>
</context>
<context>
    <name>RemoteErrors</name>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="14"/>
        <source>The server said: “%1”</source>
        <translation>Der Server meldete: „%1“</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="20"/>
        <source>1 second</source>
        <translation>1 Sekunde</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="21"/>
        <source>%1 seconds</source>
        <translation>%1 Sekunden</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="44"/>
        <source>The endpoint “%1” refused the API key (HTTP %2): check the key.</source>
        <translation>Der Endpunkt „%1“ hat den API-Schlüssel abgelehnt (HTTP %2): Prüfen Sie den Schlüssel.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="51"/>
        <source>The endpoint “%1” has no model “%2” (HTTP 404): pick one of its models again.</source>
        <translation>Der Endpunkt „%1“ hat kein Modell „%2“ (HTTP 404): Wählen Sie erneut eines seiner Modelle.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="57"/>
        <source>The endpoint “%1” has no OpenAI API at this address (HTTP 404): check the base URL.</source>
        <translation>Der Endpunkt „%1“ bietet unter dieser Adresse keine OpenAI-API (HTTP 404): Prüfen Sie die Basis-URL.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="65"/>
        <source>The endpoint “%1” is limiting requests (HTTP 429): try again in %2.</source>
        <translation>Der Endpunkt „%1“ begrenzt die Anfragen (HTTP 429): Versuchen Sie es in %2 erneut.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="69"/>
        <source>The endpoint “%1” is limiting requests (HTTP 429): try again later.</source>
        <translation>Der Endpunkt „%1“ begrenzt die Anfragen (HTTP 429): Versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="76"/>
        <source>The endpoint “%1” is busy or starting (HTTP 503): try again in %2.</source>
        <translation>Der Endpunkt „%1“ ist ausgelastet oder startet gerade (HTTP 503): Versuchen Sie es in %2 erneut.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="79"/>
        <source>The endpoint “%1” failed with a server error (HTTP %2).</source>
        <translation>Beim Endpunkt „%1“ ist ein Serverfehler aufgetreten (HTTP %2).</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="85"/>
        <source>The endpoint “%1” rejected the request (HTTP %2).</source>
        <translation>Der Endpunkt „%1“ hat die Anfrage abgelehnt (HTTP %2).</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="96"/>
        <source>Nothing answers at %1: the endpoint “%2” is not running, or the address is wrong.</source>
        <translation>Unter %1 antwortet nichts: Der Endpunkt „%2“ läuft nicht, oder die Adresse ist falsch.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="101"/>
        <source>The host of the endpoint “%1” (%2) cannot be found.</source>
        <translation>Der Host des Endpunkts „%1“ (%2) wurde nicht gefunden.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="106"/>
        <source>The endpoint “%1” did not answer in time.</source>
        <translation>Der Endpunkt „%1“ hat nicht rechtzeitig geantwortet.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="109"/>
        <location filename="../app/remote/remote_errors.cpp" line="125"/>
        <source>The secure connection to the endpoint “%1” failed: %2</source>
        <translation>Die sichere Verbindung zum Endpunkt „%1“ ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="112"/>
        <source>the TLS handshake failed.</source>
        <translation>Der TLS-Handshake ist fehlgeschlagen.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="118"/>
        <source>The endpoint “%1” closed the connection without answering.</source>
        <translation>Der Endpunkt „%1“ hat die Verbindung ohne Antwort geschlossen.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="129"/>
        <source>The endpoint “%1” cannot be reached (network error %2).</source>
        <translation>Der Endpunkt „%1“ ist nicht erreichbar (Netzwerkfehler %2).</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="138"/>
        <source>The endpoint “%1” reported an error while it answered.</source>
        <translation>Der Endpunkt „%1“ hat während der Antwort einen Fehler gemeldet.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="143"/>
        <source>The endpoint “%1” sent an event too large to read.</source>
        <translation>Der Endpunkt „%1“ hat ein Ereignis gesendet, das zu groß zum Lesen ist.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="147"/>
        <source>The endpoint “%1” sent an answer that is not an OpenAI chat completion (%2).</source>
        <translation>Der Endpunkt „%1“ hat eine Antwort gesendet, die keine OpenAI-Chat-Completion ist (%2).</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="158"/>
        <source>The endpoint “%1” closed the connection before the answer was complete.</source>
        <translation>Der Endpunkt „%1“ hat die Verbindung geschlossen, bevor die Antwort vollständig war.</translation>
    </message>
</context>
<context>
    <name>RemoteSettings</name>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="33"/>
        <source>%1 Models: %2</source>
        <translation>%1 Modelle: %2</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="42"/>
        <source>Chat with models on another machine through any OpenAI-compatible server (vLLM, llama-server, Ollama, LM Studio, another SmolDesk). Their models appear under File ▸ Remote models.</source>
        <translation>Chatten Sie mit Modellen auf einem anderen Rechner über einen beliebigen OpenAI-kompatiblen Server (vLLM, llama-server, Ollama, LM Studio, ein anderes SmolDesk). Ihre Modelle erscheinen unter Datei ▸ Entfernte Modelle.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="49"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="54"/>
        <source>GPU box</source>
        <translation>GPU-Rechner</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="55"/>
        <source>Endpoint name</source>
        <translation>Name des Endpunkts</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="57"/>
        <location filename="../app/qml/RemoteSettings.qml" line="63"/>
        <source>Base URL</source>
        <translation>Basis-URL</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="65"/>
        <location filename="../app/qml/RemoteSettings.qml" line="72"/>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="71"/>
        <source>none, or kept as stored</source>
        <translation>keiner, oder wie gespeichert</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="80"/>
        <source>API keys are kept in the system&apos;s secret store, never in the settings file, the log or the diagnostics.</source>
        <translation>API-Schlüssel werden im Schlüsselspeicher des Systems aufbewahrt, nie in der Einstellungsdatei, im Protokoll oder in der Diagnose.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="81"/>
        <source>No secret store answers on this system: API keys are kept in a file only you can read (permissions 0600) beside the settings, never in the settings file, the log or the diagnostics.</source>
        <translation>Auf diesem System antwortet kein Schlüsselspeicher: API-Schlüssel werden in einer nur für Sie lesbaren Datei (Rechte 0600) neben den Einstellungen aufbewahrt, nie in der Einstellungsdatei, im Protokoll oder in der Diagnose.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="87"/>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="91"/>
        <location filename="../app/qml/RemoteSettings.qml" line="170"/>
        <source>Connecting…</source>
        <translation>Verbindung wird hergestellt …</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="97"/>
        <source>Save endpoint</source>
        <translation>Endpunkt speichern</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="105"/>
        <source>Saved. Listing its models…</source>
        <translation>Gespeichert. Seine Modelle werden abgerufen …</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="149"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="152"/>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="156"/>
        <source>Check again</source>
        <translation>Erneut prüfen</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="161"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="176"/>
        <source>API key stored.</source>
        <translation>API-Schlüssel gespeichert.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="176"/>
        <source>No API key.</source>
        <translation>Kein API-Schlüssel.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="177"/>
        <source>Models: %1</source>
        <translation>Modelle: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="177"/>
        <source>No models listed yet.</source>
        <translation>Noch keine Modelle abgerufen.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="26"/>
        <source>Saved “%1”. Its models are under File ▸ Remote models.</source>
        <translation>„%1“ gespeichert. Seine Modelle stehen unter Datei ▸ Entfernte Modelle.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="27"/>
        <source>Saved “%1”, but it did not answer: see its card below.</source>
        <translation>„%1“ gespeichert, aber er antwortet nicht: siehe seine Karte unten.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="409"/>
        <source>Reasoning effort</source>
        <translation>Denkaufwand</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="413"/>
        <source>High when Think is on</source>
        <translation>Hoch, wenn Denken an ist</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="416"/>
        <source>High reasoning effort when Think is on</source>
        <translation>Hoher Denkaufwand, wenn Denken an ist</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="424"/>
        <source>%1 cannot stop reasoning entirely: with Think off it still reasons, briefly (low effort). With Think on it reasons at medium effort, or high.</source>
        <translation>%1 kann das Nachdenken nicht ganz abschalten: Mit ausgeschaltetem Denken denkt es trotzdem kurz nach (geringer Aufwand). Mit eingeschaltetem Denken denkt es mit mittlerem oder hohem Aufwand nach.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="79"/>
        <source>No Vulkan device can be used: %1 The CPU is used.</source>
        <translation>Kein Vulkan-Gerät ist nutzbar: %1 Die CPU wird verwendet.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="19"/>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="127"/>
        <source>General</source>
        <translation>Allgemein</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="128"/>
        <source>Sampling</source>
        <translation>Sampling</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="129"/>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="153"/>
        <location filename="../app/qml/SettingsDialog.qml" line="161"/>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="182"/>
        <location filename="../app/qml/SettingsDialog.qml" line="192"/>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="59"/>
        <source>Automatic (GPU when possible)</source>
        <translation>Automatisch (GPU, wenn möglich)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="61"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="131"/>
        <source>Tools</source>
        <translation>Tools</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="132"/>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="133"/>
        <source>Documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="151"/>
        <source>%1 runs on its server: device, GPU check, threads, context length and resuming chats apply to local models only.</source>
        <translation>%1 läuft auf seinem Server: Gerät, GPU-Prüfung, Threads, Kontextlänge und das Fortsetzen von Chats gelten nur für lokale Modelle.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="166"/>
        <location filename="../app/qml/SettingsDialog.qml" line="178"/>
        <source>Appearance</source>
        <translation>Erscheinungsbild</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="174"/>
        <source>Like the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="175"/>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="176"/>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="215"/>
        <source>GPU check</source>
        <translation>GPU-Prüfung</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="225"/>
        <source>Checking every GPU kernel against the CPU…</source>
        <translation>Jeder GPU-Kernel wird mit der CPU verglichen …</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="227"/>
        <source>Not run yet: it runs before a GPU&apos;s first use.</source>
        <translation>Noch nicht ausgeführt: Die Prüfung läuft vor dem ersten Einsatz einer GPU.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="228"/>
        <source>%1 (driver %2): all %3 kernels correct, checked %4 in %5 s.</source>
        <translation>%1 (Treiber %2): alle %3 Kernel korrekt, geprüft am %4 in %5 s.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="232"/>
        <source>%1 (driver %2): %3</source>
        <translation>%1 (Treiber %2): %3</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="236"/>
        <source>Check again</source>
        <translation>Erneut prüfen</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="246"/>
        <location filename="../app/qml/SettingsDialog.qml" line="253"/>
        <source>CPU safe mode</source>
        <translation>CPU-Sicherheitsmodus</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="259"/>
        <source>Use only the CPU (entered by itself after a crash at GPU start)</source>
        <translation>Nur die CPU verwenden (schaltet sich nach einem Absturz beim GPU-Start selbst ein)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="263"/>
        <location filename="../app/qml/SettingsDialog.qml" line="271"/>
        <source>Resume chats</source>
        <translation>Chats fortsetzen</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="276"/>
        <source>Keep each chat&apos;s model state on disk, so a long chat continues at once when you come back to it (up to 2 GB)</source>
        <translation>Den Modellzustand jedes Chats auf der Festplatte behalten, damit ein langer Chat sofort weitergeht, wenn Sie zu ihm zurückkehren (bis zu 2 GB)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="280"/>
        <location filename="../app/qml/SettingsDialog.qml" line="291"/>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="293"/>
        <location filename="../app/qml/SettingsDialog.qml" line="302"/>
        <source>GPU layers</source>
        <translation>GPU-Schichten</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="303"/>
        <source>Layers of the model on the GPU when it does not fit there whole; the rest run on the CPU</source>
        <translation>Schichten des Modells auf der GPU, wenn es dort nicht ganz Platz hat; der Rest läuft auf der CPU</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="305"/>
        <location filename="../app/qml/SettingsDialog.qml" line="313"/>
        <source>Speculative decoding</source>
        <translation>Spekulatives Dekodieren</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="310"/>
        <source>Automatic (repeated text)</source>
        <translation>Automatisch (wiederholter Text)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="310"/>
        <location filename="../app/qml/SettingsDialog.qml" line="317"/>
        <source>Draft model</source>
        <translation>Entwurfsmodell</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="314"/>
        <source>Guesses several tokens ahead and lets the model check them in one step; the answer is the same, only faster when the guesses are right</source>
        <translation>Sagt mehrere Token voraus und lässt das Modell sie in einem Schritt prüfen; die Antwort bleibt gleich, sie kommt nur schneller, wenn die Vorhersagen stimmen</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="328"/>
        <source>None chosen: repeated text is used</source>
        <translation>Keines ausgewählt: Wiederholter Text wird verwendet</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="350"/>
        <source>Device, threads, context length and speculative decoding apply the next time the model loads.</source>
        <translation>Gerät, Threads, Kontextlänge und spekulatives Dekodieren gelten ab dem nächsten Laden des Modells.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="528"/>
        <source>Choose a draft model</source>
        <translation>Entwurfsmodell auswählen</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="529"/>
        <source>Choose</source>
        <translation>Auswählen</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="530"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="531"/>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF-Modelle (*.gguf)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="531"/>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="288"/>
        <location filename="../app/qml/SettingsDialog.qml" line="289"/>
        <location filename="../app/qml/SettingsDialog.qml" line="299"/>
        <location filename="../app/qml/SettingsDialog.qml" line="300"/>
        <source>Automatic</source>
        <translation>Automatisch</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="335"/>
        <location filename="../app/qml/SettingsDialog.qml" line="343"/>
        <source>Context length</source>
        <translation>Kontextlänge</translation>
    </message>
    <message>
        <source>Device, threads and context length apply the next time the model loads.</source>
        <translation type="vanished">Gerät, Threads und Kontextlänge gelten ab dem nächsten Laden des Modells.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="354"/>
        <source>Reload the model now</source>
        <translation>Modell jetzt neu laden</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="365"/>
        <location filename="../app/qml/SettingsDialog.qml" line="366"/>
        <source>Temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="367"/>
        <location filename="../app/qml/SettingsDialog.qml" line="368"/>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="369"/>
        <location filename="../app/qml/SettingsDialog.qml" line="370"/>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="371"/>
        <location filename="../app/qml/SettingsDialog.qml" line="372"/>
        <source>Min-p</source>
        <translation>Min-p</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="373"/>
        <location filename="../app/qml/SettingsDialog.qml" line="374"/>
        <source>Repeat penalty</source>
        <translation>Wiederholungsstrafe</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="375"/>
        <location filename="../app/qml/SettingsDialog.qml" line="382"/>
        <source>Seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="379"/>
        <location filename="../app/qml/SettingsDialog.qml" line="380"/>
        <source>Random</source>
        <translation>Zufällig</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="384"/>
        <source>Max tokens</source>
        <translation>Max. Token</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="385"/>
        <source>Maximum answer length in tokens</source>
        <translation>Maximale Antwortlänge in Token</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="386"/>
        <source>Thinking budget</source>
        <translation>Denkbudget</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="393"/>
        <location filename="../app/qml/SettingsDialog.qml" line="394"/>
        <source>Unlimited</source>
        <translation>Unbegrenzt</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="396"/>
        <source>Thinking budget in tokens</source>
        <translation>Denkbudget in Token</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="431"/>
        <source>These values are kept for %1.</source>
        <translation>Diese Werte gelten für %1.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="435"/>
        <source>Reset to the model&apos;s recommended values</source>
        <translation>Auf die empfohlenen Werte des Modells zurücksetzen</translation>
    </message>
    <message>
        <source>System prompt of this chat</source>
        <translation type="vanished">Systemprompt dieses Chats</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="454"/>
        <source>For example: You are a concise assistant.</source>
        <translation>Zum Beispiel: Du bist ein knapper Assistent.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="445"/>
        <source>Default for new chats with this model</source>
        <translation>Standard für neue Chats mit diesem Modell</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="456"/>
        <source>Default system prompt</source>
        <translation>Standard-Systemprompt</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="340"/>
        <location filename="../app/qml/SettingsDialog.qml" line="341"/>
        <source>Model default</source>
        <translation>Modellstandard</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="34"/>
        <source>cannot be used</source>
        <translation>nicht nutzbar</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="36"/>
        <source>dedicated GPU, %1</source>
        <translation>dedizierte GPU, %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="37"/>
        <source>integrated GPU, %1</source>
        <translation>integrierte GPU, %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="38"/>
        <source>virtual GPU, %1</source>
        <translation>virtuelle GPU, %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="39"/>
        <source>runs on the CPU, slower than the CPU backend</source>
        <translation>läuft auf der CPU, langsamer als das CPU-Backend</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="40"/>
        <source>other Vulkan device, %1</source>
        <translation>anderes Vulkan-Gerät, %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="60"/>
        <source>Uses the best GPU, else SmolDesk&apos;s own CPU backend.</source>
        <translation>Verwendet die beste GPU, sonst das eigene CPU-Backend von SmolDesk.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="64"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="67"/>
        <source>A CPU implementation of Vulkan: slower than the CPU backend, useful for testing only.</source>
        <translation>Eine CPU-Implementierung von Vulkan: langsamer als das CPU-Backend, nur zum Testen nützlich.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="72"/>
        <source>Vulkan device %1 (not found)</source>
        <translation>Vulkan-Gerät %1 (nicht gefunden)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="73"/>
        <source>This device is not present now; the model runs on the CPU.</source>
        <translation>Dieses Gerät ist derzeit nicht vorhanden; das Modell läuft auf der CPU.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="76"/>
        <source>CPU safe mode is on: GPUs are neither listed nor used.</source>
        <translation>Der CPU-Sicherheitsmodus ist aktiv: GPUs werden weder aufgelistet noch verwendet.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="80"/>
        <source>No Vulkan device was found: the CPU is used.</source>
        <translation>Es wurde kein Vulkan-Gerät gefunden: Die CPU wird verwendet.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="22"/>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="398"/>
        <source>New chats</source>
        <translation>Neue Chats</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="401"/>
        <source>Think before answering</source>
        <translation>Vor der Antwort nachdenken</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="405"/>
        <source>Think in new chats</source>
        <translation>In neuen Chats nachdenken</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="130"/>
        <source>API server</source>
        <translation>API-Server</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="310"/>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="331"/>
        <source>Choose…</source>
        <translation>Auswählen …</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="479"/>
        <location filename="../app/qml/SettingsDialog.qml" line="485"/>
        <source>Local API server</source>
        <translation>Lokaler API-Server</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="484"/>
        <source>Let other programs use the loaded model</source>
        <translation>Andere Programme dürfen das geladene Modell nutzen</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="487"/>
        <location filename="../app/qml/SettingsDialog.qml" line="496"/>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="504"/>
        <source>Running at %1 (OpenAI-compatible: /v1/chat/completions, /v1/completions, /v1/models).</source>
        <translation>Läuft unter %1 (OpenAI-kompatibel: /v1/chat/completions, /v1/completions, /v1/models).</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="505"/>
        <source>Not running: %1</source>
        <translation>Läuft nicht: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="506"/>
        <source>Off.</source>
        <translation>Aus.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="513"/>
        <source>The server listens on this computer only (127.0.0.1); when the port is taken the next free one is used. Requests wait behind the chat for the one model. The request log is part of Copy diagnostics in the About dialog.</source>
        <translation>Der Server ist nur auf diesem Computer erreichbar (127.0.0.1); ist der Port belegt, wird der nächste freie genommen. Anfragen warten hinter dem Chat auf das eine Modell. Das Anfrageprotokoll ist Teil von „Diagnose kopieren“ im Dialog „Über“.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="469"/>
        <source>A chat&apos;s own system prompt is set with the System prompt button beside its prompt box.</source>
        <translation>Den Systemprompt eines einzelnen Chats legen Sie mit der Schaltfläche „Systemprompt“ neben dessen Eingabefeld fest.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="54"/>
        <source>The only Vulkan device, “%1”, is a CPU implementation: there is no GPU to check.</source>
        <translation>Das einzige Vulkan-Gerät, „%1“, ist eine CPU-Implementierung: Es gibt keine GPU zu prüfen.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="55"/>
        <source>No Vulkan GPU was found: there is no GPU to check.</source>
        <translation>Es wurde keine Vulkan-GPU gefunden: Es gibt keine GPU zu prüfen.</translation>
    </message>
</context>
<context>
    <name>Sidebar</name>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="19"/>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="21"/>
        <source>Start a new chat</source>
        <translation>Neuen Chat beginnen</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="23"/>
        <source>Ctrl+N</source>
        <translation>Strg+N</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="32"/>
        <source>Search chats</source>
        <translation>Chats durchsuchen</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="33"/>
        <source>Search conversations</source>
        <translation>Unterhaltungen durchsuchen</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="75"/>
        <source>Conversations</source>
        <translation>Unterhaltungen</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="128"/>
        <source>Conversation actions</source>
        <translation>Aktionen für die Unterhaltung</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="133"/>
        <source>Rename…</source>
        <translation>Umbenennen …</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="134"/>
        <source>Export as Markdown…</source>
        <translation>Als Markdown exportieren …</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="135"/>
        <source>Export as JSON…</source>
        <translation>Als JSON exportieren …</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="137"/>
        <location filename="../app/qml/Sidebar.qml" line="189"/>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="148"/>
        <source>No chat matches “%1”.</source>
        <translation>Kein Chat passt zu „%1“.</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="148"/>
        <source>Your chats appear here.</source>
        <translation>Ihre Chats erscheinen hier.</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="161"/>
        <source>Rename chat</source>
        <translation>Chat umbenennen</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="171"/>
        <source>Chat title</source>
        <translation>Chattitel</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="186"/>
        <source>Delete chat</source>
        <translation>Chat löschen</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="193"/>
        <source>Delete “%1”? This cannot be undone.</source>
        <translation>„%1“ löschen? Das kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="164"/>
        <source>Rename</source>
        <translation>Umbenennen</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="165"/>
        <location filename="../app/qml/Sidebar.qml" line="190"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="62"/>
        <source>Clear the search</source>
        <translation>Suche leeren</translation>
    </message>
</context>
<context>
    <name>SourceViewer</name>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="51"/>
        <source>page %1</source>
        <translation>Seite %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="52"/>
        <source>line %1</source>
        <translation>Zeile %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="56"/>
        <source>Open in system viewer</source>
        <translation>Im Systemprogramm öffnen</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="62"/>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="72"/>
        <source>The PDF viewer is not installed (Qt PDF Quick); open the file in your system&apos;s viewer.</source>
        <translation>Der PDF-Betrachter ist nicht installiert (Qt PDF Quick); öffnen Sie die Datei im Programm Ihres Systems.</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="73"/>
        <source>%1 cannot be read as a PDF.</source>
        <translation>%1 kann nicht als PDF gelesen werden.</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="114"/>
        <source>Text of %1</source>
        <translation>Text von %1</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="28"/>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="31"/>
        <source>Loading…</source>
        <translation>Wird geladen …</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="31"/>
        <source>No model loaded</source>
        <translation>Kein Modell geladen</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="64"/>
        <source>GPU not used…</source>
        <translation>GPU nicht verwendet …</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="71"/>
        <source>GPU not used: %1</source>
        <translation>GPU nicht verwendet: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="72"/>
        <source>Opens the model information</source>
        <translation>Öffnet die Modellinformationen</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="76"/>
        <source>CPU safe mode</source>
        <translation>CPU-Sicherheitsmodus</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="106"/>
        <source>%1 tokens/s</source>
        <translation>%1 Token/s</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="109"/>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="119"/>
        <source>Context used</source>
        <translation>Belegter Kontext</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="124"/>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="133"/>
        <source>Context: %1 tokens</source>
        <translation>Kontext: %1 Token</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="83"/>
        <source>API %1</source>
        <translation>API %1</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="91"/>
        <source>The local API server runs at this address: click to copy it</source>
        <translation>Der lokale API-Server läuft unter dieser Adresse: zum Kopieren klicken</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="92"/>
        <source>Copy the API server address</source>
        <translation>Adresse des API-Servers kopieren</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="95"/>
        <source>Address copied</source>
        <translation>Adresse kopiert</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="45"/>
        <source>on %1</source>
        <translation>auf %1</translation>
    </message>
</context>
<context>
    <name>ThinkingBlock</name>
    <message>
        <location filename="../app/qml/ThinkingBlock.qml" line="41"/>
        <source>Thinking…</source>
        <translation>Denkt nach …</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/ThinkingBlock.qml" line="41"/>
        <source>Thought for %n s</source>
        <translation>
            <numerusform>%n s nachgedacht</numerusform>
            <numerusform>%n s nachgedacht</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/ThinkingBlock.qml" line="60"/>
        <source>Thought</source>
        <translation>Gedanke</translation>
    </message>
</context>
<context>
    <name>ToolCallCard</name>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="25"/>
        <source>Tool call %1 on %2</source>
        <translation>Tool-Aufruf %1 auf %2</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="29"/>
        <source>Waiting for your consent</source>
        <translation>Wartet auf Ihre Zustimmung</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="30"/>
        <source>Running…</source>
        <translation>Läuft …</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="31"/>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="32"/>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="33"/>
        <source>Denied</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="34"/>
        <source>Stopped</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="35"/>
        <source>Interrupted</source>
        <translation>Unterbrochen</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="50"/>
        <source>Tool: %1</source>
        <translation>Tool: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="57"/>
        <source>on %1</source>
        <translation>auf %1</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="57"/>
        <source>in your documents</source>
        <translation>in Ihren Dokumenten</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="87"/>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="95"/>
        <source>Allow once</source>
        <translation>Einmal erlauben</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="97"/>
        <source>Allow this call of %1 once</source>
        <translation>Diesen Aufruf von %1 einmal erlauben</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="102"/>
        <source>Always allow this tool</source>
        <translation>Dieses Tool immer erlauben</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="103"/>
        <source>Always allow %1 of %2</source>
        <translation>%1 von %2 immer erlauben</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="108"/>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="109"/>
        <source>Deny this call of %1</source>
        <translation>Diesen Aufruf von %1 ablehnen</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="116"/>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="117"/>
        <source>Stop this call of %1</source>
        <translation>Diesen Aufruf von %1 anhalten</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="124"/>
        <source>Hide result</source>
        <translation>Ergebnis ausblenden</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="124"/>
        <source>Show result (%1 characters)</source>
        <translation>Ergebnis anzeigen (%1 Zeichen)</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="125"/>
        <source>Hide the result</source>
        <translation>Ergebnis ausblenden</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="125"/>
        <source>Show the result</source>
        <translation>Ergebnis anzeigen</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="142"/>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="147"/>
        <source>Show all</source>
        <translation>Alles anzeigen</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="148"/>
        <source>Show the whole result</source>
        <translation>Das ganze Ergebnis anzeigen</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="170"/>
        <source>Image %1 of the result (%2)</source>
        <translation>Bild %1 des Ergebnisses (%2)</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/ToolCallCard.qml" line="177"/>
        <source>%n more image(s) not shown (too large or not an image SmolDesk can show).</source>
        <translation>
            <numerusform>%n weiteres Bild wird nicht angezeigt (zu groß oder kein Bild, das SmolDesk anzeigen kann).</numerusform>
            <numerusform>%n weitere Bilder werden nicht angezeigt (zu groß oder keine Bilder, die SmolDesk anzeigen kann).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ToolServerDialog</name>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="17"/>
        <source>Add a tool server</source>
        <translation>Tool-Server hinzufügen</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="17"/>
        <source>Edit tool server</source>
        <translation>Tool-Server bearbeiten</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="21"/>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="22"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="59"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="60"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="61"/>
        <source>Connection</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="63"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="66"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="73"/>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="64"/>
        <source>HTTP address</source>
        <translation>HTTP-Adresse</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="72"/>
        <source>for example npx</source>
        <translation>zum Beispiel npx</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="75"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="87"/>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="86"/>
        <source>one per line</source>
        <translation>eines pro Zeile</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="95"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="105"/>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="104"/>
        <source>NAME=value, one per line (kept out of the log)</source>
        <translation>NAME=Wert, eine pro Zeile (erscheint nicht im Protokoll)</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="113"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="120"/>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="122"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="129"/>
        <source>Bearer token</source>
        <translation>Bearer-Token</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="128"/>
        <source>optional</source>
        <translation>optional</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="131"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="139"/>
        <source>Time limit per request</source>
        <translation>Zeitlimit pro Anfrage</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="137"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
</context>
<context>
    <name>ToolsSettings</name>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="19"/>
        <source>Add server…</source>
        <translation>Server hinzufügen …</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="24"/>
        <source>Import mcp.json…</source>
        <translation>mcp.json importieren …</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="28"/>
        <location filename="../app/qml/ToolsSettings.qml" line="35"/>
        <source>Tool rounds per answer</source>
        <translation>Tool-Runden pro Antwort</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="50"/>
        <source>No tool servers yet. Add one (a command such as npx -y @modelcontextprotocol/server-filesystem ~/Documents, or an http:// address), or import the mcp.json of Claude Desktop, Cursor or LM Studio. The model asks before every call; nothing runs without your consent.</source>
        <translation>Noch keine Tool-Server. Fügen Sie einen hinzu (einen Befehl wie npx -y @modelcontextprotocol/server-filesystem ~/Documents oder eine http://-Adresse) oder importieren Sie die mcp.json von Claude Desktop, Cursor oder LM Studio. Das Modell fragt vor jedem Aufruf; ohne Ihre Zustimmung läuft nichts.</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="89"/>
        <source>Use %1</source>
        <translation>%1 verwenden</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="104"/>
        <source>Reconnect</source>
        <translation>Neu verbinden</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="110"/>
        <source>Edit…</source>
        <translation>Bearbeiten …</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="115"/>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="129"/>
        <source>Hide tools</source>
        <translation>Tools ausblenden</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="129"/>
        <source>Show 1 tool</source>
        <translation>1 Tool anzeigen</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="129"/>
        <source>Show %1 tools</source>
        <translation>%1 Tools anzeigen</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="158"/>
        <source>Revoke “Always allow”</source>
        <translation>„Immer erlauben“ widerrufen</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="170"/>
        <source>Import MCP servers</source>
        <translation>MCP-Server importieren</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="171"/>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="172"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="173"/>
        <source>MCP configuration (*.json)</source>
        <translation>MCP-Konfiguration (*.json)</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="173"/>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>WelcomeView</name>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="28"/>
        <source>What can I help with?</source>
        <translation>Wobei kann ich helfen?</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="28"/>
        <source>Welcome to SmolDesk</source>
        <translation>Willkommen bei SmolDesk</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="42"/>
        <source>Loading %1…</source>
        <translation>%1 wird geladen …</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="44"/>
        <source>The tiny bundled demo model is loaded. It only tells short children&apos;s stories, but it works offline. For real answers, download SmolLM3 or open a GGUF model you already have.</source>
        <translation>Das kleine mitgelieferte Demomodell ist geladen. Es erzählt nur kurze Kindergeschichten (auf Englisch), funktioniert aber offline. Für echte Antworten laden Sie SmolLM3 herunter oder öffnen ein vorhandenes GGUF-Modell.</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="49"/>
        <source>Everything runs on this computer. Nothing you type leaves it.</source>
        <translation>Alles läuft auf diesem Rechner. Nichts, was Sie eingeben, verlässt ihn.</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="50"/>
        <source>Chat with language models that run entirely on this computer. Start with SmolLM3, or open a GGUF model you already have.</source>
        <translation>Chatten Sie mit Sprachmodellen, die vollständig auf diesem Rechner laufen. Beginnen Sie mit SmolLM3 oder öffnen Sie ein vorhandenes GGUF-Modell.</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="62"/>
        <source>Download %1 (%2)</source>
        <translation>%1 herunterladen (%2)</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="63"/>
        <source>Download the recommended model</source>
        <translation>Empfohlenes Modell herunterladen</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="70"/>
        <source>More models…</source>
        <translation>Weitere Modelle …</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="71"/>
        <source>Choose another model to download</source>
        <translation>Ein anderes Modell zum Herunterladen wählen</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="76"/>
        <source>Open a GGUF file…</source>
        <translation>GGUF-Datei öffnen …</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="77"/>
        <source>Open a GGUF file</source>
        <translation>GGUF-Datei öffnen</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="91"/>
        <source>Download progress</source>
        <translation>Downloadfortschritt</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="97"/>
        <source>Checking the download…</source>
        <translation>Download wird geprüft …</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="99"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="113"/>
        <source>Tip: drop a .gguf file anywhere on this window.</source>
        <translation>Tipp: Ziehen Sie eine .gguf-Datei einfach auf dieses Fenster.</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="46"/>
        <source>%1 answers from the endpoint “%2” at %3. What you type is sent to that server.</source>
        <translation>%1 antwortet vom Endpunkt „%2“ unter %3. Was Sie eingeben, wird an diesen Server gesendet.</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::Catalogue</name>
    <message>
        <location filename="../app/src/catalogue.cpp" line="54"/>
        <source>Fits this computer</source>
        <translation>Passt auf diesen Computer</translation>
    </message>
    <message>
        <location filename="../app/src/catalogue.cpp" line="56"/>
        <source>Needs about %1; %2 are free</source>
        <translation>Braucht etwa %1; %2 sind frei</translation>
    </message>
    <message>
        <location filename="../app/src/catalogue.cpp" line="61"/>
        <source>Needs about %1</source>
        <translation>Braucht etwa %1</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ChatController</name>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="137"/>
        <source>The tool “%1” is left out of your chats: its parameters cannot be held to their schema (%2)</source>
        <translation>Das Werkzeug „%1“ wird in Ihren Chats weggelassen: Seine Parameter lassen sich nicht an ihr Schema binden (%2)</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="72"/>
        <source>The conversation database cannot be opened: %1</source>
        <translation>Die Datenbank der Unterhaltungen kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="267"/>
        <source>The call was interrupted before it ran.</source>
        <translation>Der Aufruf wurde unterbrochen, bevor er ausgeführt wurde.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="383"/>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="467"/>
        <source>This model cannot see images: no mmproj file was given or found next to it.</source>
        <translation>Dieses Modell kann keine Bilder sehen: Es wurde keine mmproj-Datei angegeben oder daneben gefunden.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="472"/>
        <source>Image</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>%1 tokens/s · first token %2 ms · %3 tokens</source>
        <translation type="vanished">%1 Token/s · erstes Token %2 ms · %3 Token</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="vanished">angehalten</translation>
    </message>
    <message>
        <source>context full</source>
        <translation type="vanished">Kontext voll</translation>
    </message>
    <message>
        <source>length limit</source>
        <translation type="vanished">Längenlimit</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="766"/>
        <location filename="../app/src/chat_controller.cpp" line="785"/>
        <source>The prompt alone does not fit into the context of %1 tokens.</source>
        <translation>Die Eingabe allein passt nicht in den Kontext von %1 Token.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="922"/>
        <source>The conversation cannot be exported: %1</source>
        <translation>Die Unterhaltung kann nicht exportiert werden: %1</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ChatDocuments</name>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="28"/>
        <source>1 file</source>
        <translation>1 Datei</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="28"/>
        <source>%1 files</source>
        <translation>%1 Dateien</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="31"/>
        <source>Using: %1 — %2</source>
        <translation>Verwendet: %1 — %2</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="33"/>
        <source>Using: %1 folders — %2</source>
        <translation>Verwendet: %1 Ordner — %2</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="34"/>
        <source>Using: Documents — %1</source>
        <translation>Verwendet: Dokumente — %1</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="29"/>
        <source>Documents off</source>
        <translation>Dokumente aus</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="72"/>
        <source>Using: %1</source>
        <translation>Verwendet: %1</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="73"/>
        <source>Using: %1 files</source>
        <translation>Verwendet: %1 Dateien</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ChatImages</name>
    <message>
        <location filename="../app/src/chat_images.cpp" line="33"/>
        <source>The image is empty.</source>
        <translation>Das Bild ist leer.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_images.cpp" line="49"/>
        <source>This data URL holds no base64 image.</source>
        <translation>Diese Daten-URL enthält kein Base64-Bild.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_images.cpp" line="57"/>
        <source>The image %1 cannot be read: %2</source>
        <translation>Das Bild %1 kann nicht gelesen werden: %2</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::Downloader</name>
    <message>
        <location filename="../app/src/downloader.cpp" line="34"/>
        <source>the server refused the connection</source>
        <translation>der Server hat die Verbindung abgelehnt</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="36"/>
        <source>the server closed the connection</source>
        <translation>der Server hat die Verbindung geschlossen</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="38"/>
        <source>the server stopped answering</source>
        <translation>der Server antwortet nicht mehr</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="40"/>
        <source>the secure connection could not be set up</source>
        <translation>die sichere Verbindung konnte nicht aufgebaut werden</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="43"/>
        <source>the network went away</source>
        <translation>das Netzwerk ist weg</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="45"/>
        <source>the network failed</source>
        <translation>das Netzwerk hat versagt</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="80"/>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="82"/>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="105"/>
        <source>The model catalogue is missing.</source>
        <translation>Der Modellkatalog fehlt.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="114"/>
        <source>The model catalogue has no entry “%1”.</source>
        <translation>Der Modellkatalog hat keinen Eintrag „%1“.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="159"/>
        <location filename="../app/src/downloader.cpp" line="216"/>
        <source>Cannot write &apos;%1&apos;: %2</source>
        <translation>„%1“ kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="182"/>
        <source>The server redirected the download to an unencrypted address; it was stopped.</source>
        <translation>Der Server hat den Download an eine unverschlüsselte Adresse umgeleitet; er wurde angehalten.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="252"/>
        <source>The server answered HTTP %1 (%2).</source>
        <translation>Der Server antwortete mit HTTP %1 (%2).</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="262"/>
        <source>There is no connection to %1 (%2). Check the network and try again.</source>
        <translation>Keine Verbindung zu %1 (%2). Prüfen Sie das Netzwerk und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="266"/>
        <source>The download stopped after %1: %2. Start it again to resume.</source>
        <translation>Der Download brach nach %1 ab: %2. Starten Sie ihn erneut, um fortzusetzen.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="293"/>
        <source>The server did not say the file&apos;s checksum, so the download cannot be verified; it was not kept.</source>
        <translation>Der Server hat die Prüfsumme der Datei nicht genannt, daher lässt sich der Download nicht prüfen; er wurde nicht behalten.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="303"/>
        <source>The download stopped after %1 of %2. Start it again to resume.</source>
        <translation>Der Download brach nach %1 von %2 ab. Starten Sie ihn erneut, um fortzusetzen.</translation>
    </message>
    <message>
        <source>The download was interrupted: %1. Start it again to resume.</source>
        <translation type="vanished">Der Download wurde unterbrochen: %1. Starten Sie ihn erneut, um fortzusetzen.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="309"/>
        <source>The download has %1 bytes, expected %2.</source>
        <translation>Der Download hat %1 Bytes, erwartet wurden %2.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="318"/>
        <source>The download is damaged (sha256 mismatch). Please try again.</source>
        <translation>Der Download ist beschädigt (sha256 stimmt nicht). Bitte versuchen Sie es erneut.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="324"/>
        <source>Cannot move the download to &apos;%1&apos;.</source>
        <translation>Der Download kann nicht nach „%1“ verschoben werden.</translation>
    </message>
    <message>
        <source>%1 of %2 bytes arrived</source>
        <translation type="vanished">%1 von %2 Bytes angekommen</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::LanguageManager</name>
    <message>
        <location filename="../app/src/language_manager.cpp" line="12"/>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ModelManager</name>
    <message>
        <location filename="../app/src/model_manager.cpp" line="204"/>
        <source>There is no remote endpoint “%1” any more: add it again in Settings ▸ Models.</source>
        <translation>Den entfernten Endpunkt „%1“ gibt es nicht mehr: Fügen Sie ihn unter Einstellungen ▸ Modelle erneut hinzu.</translation>
    </message>
    <message>
        <location filename="../app/src/model_manager.cpp" line="214"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../app/src/model_manager.cpp" line="215"/>
        <source>remote</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <location filename="../app/src/model_manager.cpp" line="401"/>
        <source>The GPU stopped working, so SmolDesk continues on the CPU. %1</source>
        <translation>Die GPU funktioniert nicht mehr, daher arbeitet SmolDesk auf der CPU weiter. %1</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ModelSource</name>
    <message>
        <location filename="../app/src/model_source.h" line="35"/>
        <source>%1 reads documents with the local engine only.</source>
        <translation>%1 liest Dokumente nur mit der lokalen Engine.</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::RemoteEndpoints</name>
    <message>
        <location filename="../app/src/remote_endpoints.cpp" line="11"/>
        <source>Connected: 1 model.</source>
        <translation>Verbunden: 1 Modell.</translation>
    </message>
    <message>
        <location filename="../app/src/remote_endpoints.cpp" line="12"/>
        <source>Connected: %1 models.</source>
        <translation>Verbunden: %1 Modelle.</translation>
    </message>
    <message>
        <location filename="../app/src/remote_endpoints.cpp" line="98"/>
        <source>Give the endpoint a name.</source>
        <translation>Geben Sie dem Endpunkt einen Namen.</translation>
    </message>
    <message>
        <location filename="../app/src/remote_endpoints.cpp" line="113"/>
        <source>The API key cannot be stored.</source>
        <translation>Der API-Schlüssel kann nicht gespeichert werden.</translation>
    </message>
    <message>
        <location filename="../app/src/remote_endpoints.cpp" line="237"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::SourceViewer</name>
    <message>
        <location filename="../app/src/source_viewer.cpp" line="65"/>
        <source>%1 is no longer in %2: it was moved or deleted.</source>
        <translation>%1 ist nicht mehr in %2: Die Datei wurde verschoben oder gelöscht.</translation>
    </message>
    <message>
        <location filename="../app/src/source_viewer.cpp" line="71"/>
        <source>%1 is too large to show here; open it in your system&apos;s viewer.</source>
        <translation>%1 ist zu groß, um hier angezeigt zu werden; öffnen Sie die Datei im Programm Ihres Systems.</translation>
    </message>
    <message>
        <location filename="../app/src/source_viewer.cpp" line="82"/>
        <location filename="../app/src/source_viewer.cpp" line="101"/>
        <source>%1 cannot be read.</source>
        <translation>%1 kann nicht gelesen werden.</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ToolServers</name>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="59"/>
        <location filename="../app/src/tool_servers.cpp" line="72"/>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="62"/>
        <source>Connecting…</source>
        <translation>Verbindung wird hergestellt …</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="65"/>
        <source>Connected, 1 tool</source>
        <translation>Verbunden, 1 Tool</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="66"/>
        <source>Connected, %1 tools</source>
        <translation>Verbunden, %1 Tools</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="68"/>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="176"/>
        <source>Each environment line is NAME=value; “%1” is not.</source>
        <translation>Jede Umgebungszeile hat die Form NAME=Wert; „%1“ nicht.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="189"/>
        <source>Give the server a name.</source>
        <translation>Geben Sie dem Server einen Namen.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="190"/>
        <source>A server&apos;s name cannot contain “/”.</source>
        <translation>Der Name eines Servers darf kein „/“ enthalten.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="193"/>
        <source>There is already a server named “%1”.</source>
        <translation>Es gibt bereits einen Server namens „%1“.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="198"/>
        <source>The address must start with http:// or https://.</source>
        <translation>Die Adresse muss mit http:// oder https:// beginnen.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="200"/>
        <source>Give the command that starts the server, or choose HTTP and give its address.</source>
        <translation>Geben Sie den Befehl an, der den Server startet, oder wählen Sie HTTP und geben Sie seine Adresse an.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="221"/>
        <source>This server no longer exists.</source>
        <translation>Diesen Server gibt es nicht mehr.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="278"/>
        <source>Cannot read %1: %2.</source>
        <translation>%1 kann nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="280"/>
        <source>%1 is larger than 4 MB; it is not an MCP configuration.</source>
        <translation>%1 ist größer als 4 MB und daher keine MCP-Konfiguration.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="314"/>
        <source>Imported 1 server: %1.</source>
        <translation>1 Server importiert: %1.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="315"/>
        <source>Imported %1 servers: %2.</source>
        <translation>%1 Server importiert: %2.</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ToolTurn</name>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="32"/>
        <source>The tool server “%1” no longer offers “%2”; the call was not run.</source>
        <translation>Der Tool-Server „%1“ bietet „%2“ nicht mehr an; der Aufruf wurde nicht ausgeführt.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="111"/>
        <source>The model asked for more tools after %1 rounds, the limit set in Settings ▸ Tools; it was stopped.</source>
        <translation>Das Modell wollte nach %1 Runden, dem in Einstellungen ▸ Tools festgelegten Limit, weitere Tools aufrufen; es wurde angehalten.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="193"/>
        <source>There is no tool named “%1” in this chat.</source>
        <translation>In diesem Chat gibt es kein Tool namens „%1“.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="195"/>
        <source>The arguments of “%1” are not a JSON object.</source>
        <translation>Die Argumente von „%1“ sind kein JSON-Objekt.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="217"/>
        <source>The user denied this call of %1.</source>
        <translation>Der Benutzer hat diesen Aufruf von %1 abgelehnt.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="228"/>
        <location filename="../app/src/tool_turn.cpp" line="251"/>
        <source>The user stopped this call.</source>
        <translation>Der Benutzer hat diesen Aufruf angehalten.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="235"/>
        <source>The tool server “%1” is off.</source>
        <translation>Der Tool-Server „%1“ ist ausgeschaltet.</translation>
    </message>
</context>
<context>
    <name>smoldesk::library::FolderListModel</name>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="34"/>
        <source>page %1 has no text — scanned?</source>
        <translation>Seite %1 hat keinen Text – gescannt?</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/library/folder_list_model.cpp" line="39"/>
        <source>pages %1 and %n more have no text — scanned?</source>
        <translation>
            <numerusform>Seiten %1 und %n weitere haben keinen Text – gescannt?</numerusform>
            <numerusform>Seiten %1 und %n weitere haben keinen Text – gescannt?</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="42"/>
        <source>pages %1 and %2 have no text — scanned?</source>
        <translation>Seiten %1 und %2 haben keinen Text – gescannt?</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="53"/>
        <source>%1 is not a text file (it contains NUL bytes), so it was not indexed.</source>
        <translation>%1 ist keine Textdatei (sie enthält NUL-Bytes) und wurde darum nicht indiziert.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="55"/>
        <source>%1 has no text on its page (scanned? text in pictures cannot be read yet), so it was not indexed.</source>
        <translation>%1 hat auf seiner Seite keinen Text (gescannt? Text in Bildern kann noch nicht gelesen werden) und wurde darum nicht indiziert.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="59"/>
        <source>%1 has no text on any of its %2 pages (scanned? text in pictures cannot be read yet), so it was not indexed.</source>
        <translation>%1 hat auf keiner seiner %2 Seiten Text (gescannt? Text in Bildern kann noch nicht gelesen werden) und wurde darum nicht indiziert.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="63"/>
        <source>%1 has no pages.</source>
        <translation>%1 hat keine Seiten.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="65"/>
        <source>%1 is a PDF; PDF text extraction is not in this build yet.</source>
        <translation>%1 ist ein PDF; diese Version kann den Text von PDFs noch nicht lesen.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="67"/>
        <source>%1 is larger than 32 MiB; it was not indexed.</source>
        <translation>%1 ist größer als 32 MiB und wurde nicht indiziert.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="70"/>
        <source>Cannot read %1.</source>
        <translation>%1 kann nicht gelesen werden.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="70"/>
        <source>Cannot read %1: %2.</source>
        <translation>%1 kann nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="71"/>
        <source>%1 could not be read: %2</source>
        <translation>%1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="72"/>
        <source>%1 could not be embedded: %2</source>
        <translation>%1 konnte nicht eingebettet werden: %2</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="101"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>smoldesk::library::Library</name>
    <message>
        <location filename="../app/library/library.cpp" line="70"/>
        <source>The embedding model could not be used: %1 Search uses keywords until it can.</source>
        <translation>Das Embedding-Modell konnte nicht verwendet werden: %1 Bis dahin sucht die Suche nur nach Stichwörtern.</translation>
    </message>
    <message>
        <location filename="../app/library/library.cpp" line="142"/>
        <source>%1 is not a folder.</source>
        <translation>%1 ist kein Ordner.</translation>
    </message>
</context>
<context>
    <name>smoldesk::mcp::HttpTransport</name>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="25"/>
        <source>The MCP server “%1” has an address that is not an http or https URL.</source>
        <translation>Die Adresse des MCP-Servers „%1“ ist keine http- oder https-URL.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="101"/>
        <source>The MCP server “%1” refused the request (HTTP %2): check its bearer token or headers.</source>
        <translation>Der MCP-Server „%1“ hat die Anfrage abgelehnt (HTTP %2): Prüfen Sie sein Bearer-Token oder seine Header.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="105"/>
        <source>The MCP server “%1” ended the session (HTTP 404); turn it off and on to start a new one.</source>
        <translation>Der MCP-Server „%1“ hat die Sitzung beendet (HTTP 404); schalten Sie ihn aus und wieder ein, um eine neue zu beginnen.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="109"/>
        <source>The MCP server “%1” broke off its answer: %2.</source>
        <translation>Der MCP-Server „%1“ hat seine Antwort abgebrochen: %2.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="112"/>
        <source>The MCP server “%1” answered HTTP %2%3.</source>
        <translation>Der MCP-Server „%1“ antwortete mit HTTP %2%3.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="117"/>
        <source>The MCP server “%1” at %2 cannot be reached: %3.</source>
        <translation>Der MCP-Server „%1“ unter %2 ist nicht erreichbar: %3.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="146"/>
        <source>The MCP server “%1” closed its event stream without an answer.</source>
        <translation>Der MCP-Server „%1“ hat seinen Ereignisstrom ohne Antwort geschlossen.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="153"/>
        <source>The MCP server “%1” accepted a request without answering it.</source>
        <translation>Der MCP-Server „%1“ hat eine Anfrage angenommen, ohne sie zu beantworten.</translation>
    </message>
</context>
<context>
    <name>smoldesk::mcp::McpClient</name>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="61"/>
        <source>The MCP server “%1” sent a message larger than %2 MB; it was dropped.</source>
        <translation>Der MCP-Server „%1“ hat eine Nachricht über %2 MB gesendet; sie wurde verworfen.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="88"/>
        <source>The MCP server “%1” refused to start a session: %2</source>
        <translation>Der MCP-Server „%1“ hat es abgelehnt, eine Sitzung zu beginnen: %2</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="99"/>
        <source>The MCP server “%1” was turned off.</source>
        <translation>Der MCP-Server „%1“ wurde ausgeschaltet.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="131"/>
        <source>The MCP server “%1” speaks protocol version “%2”; SmolDesk speaks 2025-06-18 and 2025-03-26.</source>
        <translation>Der MCP-Server „%1“ verwendet die Protokollversion „%2“; SmolDesk unterstützt 2025-06-18 und 2025-03-26.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="159"/>
        <source>The MCP server “%1” could not list its tools: %2</source>
        <translation>Der MCP-Server „%1“ konnte seine Tools nicht auflisten: %2</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="201"/>
        <source>The MCP server “%1” did not answer %2 within its %3-second limit.</source>
        <translation>Der MCP-Server „%1“ hat auf %2 nicht innerhalb seines Limits von %3 Sekunden geantwortet.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="206"/>
        <source>It sent something that is not an MCP message: “%1”.</source>
        <translation>Er hat etwas gesendet, das keine MCP-Nachricht ist: „%1“.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="241"/>
        <source>The MCP server “%1” sent something that is not an MCP message (%2): “%3”.</source>
        <translation>Der MCP-Server „%1“ hat etwas gesendet, das keine MCP-Nachricht ist (%2): „%3“.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="297"/>
        <source>The MCP server “%1” cancelled the request: %2</source>
        <translation>Der MCP-Server „%1“ hat die Anfrage abgebrochen: %2</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="315"/>
        <source>The MCP server “%1” is not connected.</source>
        <translation>Der MCP-Server „%1“ ist nicht verbunden.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="327"/>
        <source>The MCP server “%1” could not run “%2”: %3</source>
        <translation>Der MCP-Server „%1“ konnte „%2“ nicht ausführen: %3</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="351"/>
        <source>The call was stopped.</source>
        <translation>Der Aufruf wurde angehalten.</translation>
    </message>
</context>
<context>
    <name>smoldesk::mcp::StdioTransport</name>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="77"/>
        <source>The MCP server “%1” could not be started (%2): %3.</source>
        <translation>Der MCP-Server „%1“ konnte nicht gestartet werden (%2): %3.</translation>
    </message>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="88"/>
        <source>crashed</source>
        <translation>ist abgestürzt</translation>
    </message>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="88"/>
        <source>exited with code %1</source>
        <translation>wurde mit Code %1 beendet</translation>
    </message>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="90"/>
        <source>The MCP server “%1” %2.</source>
        <translation>Der MCP-Server „%1“ %2.</translation>
    </message>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="91"/>
        <source>The MCP server “%1” %2: %3</source>
        <translation>Der MCP-Server „%1“ %2: %3</translation>
    </message>
</context>
</TS>
