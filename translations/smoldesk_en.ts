<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="13"/>
        <source>About SmolDesk</source>
        <translation>About SmolDesk</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="28"/>
        <source>Version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="38"/>
        <source>Language models on your own computer. No account, no cloud, no telemetry: nothing leaves this machine unless you download a model.</source>
        <translation>Language models on your own computer. No account, no cloud, no telemetry: nothing leaves this machine unless you download a model.</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="44"/>
        <source>Log file: %1</source>
        <translation>Log file: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="49"/>
        <source>Copied</source>
        <translation>Copied</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="49"/>
        <location filename="../app/qml/AboutDialog.qml" line="50"/>
        <source>Copy diagnostics</source>
        <translation>Copy diagnostics</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="15"/>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="36"/>
        <source>Language models on your own computer, or on a server you choose. No account, no telemetry. Right now %1 answers from the endpoint “%2” at %3: your prompts are sent to that server.</source>
        <translation>Language models on your own computer, or on a server you choose. No account, no telemetry. Right now %1 answers from the endpoint “%2” at %3: your prompts are sent to that server.</translation>
    </message>
</context>
<context>
    <name>AnswerStats</name>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="46"/>
        <source>stopped while reading your message</source>
        <translation>stopped while reading your message</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="47"/>
        <source>%1 tokens/s · first token %2 ms · %3 tokens</source>
        <translation>%1 tokens/s · first token %2 ms · %3 tokens</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="52"/>
        <source>%1 of %2 guessed tokens kept</source>
        <translation>%1 of %2 guessed tokens kept</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="55"/>
        <source>stopped</source>
        <translation>stopped</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="57"/>
        <source>context full</source>
        <translation>context full</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="59"/>
        <source>length limit</source>
        <translation>length limit</translation>
    </message>
</context>
<context>
    <name>BranchSwitcher</name>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="30"/>
        <source>Version %1 of %2 of this prompt</source>
        <translation>Version %1 of %2 of this prompt</translation>
    </message>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="31"/>
        <source>Answer %1 of %2</source>
        <translation>Answer %1 of %2</translation>
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
        <translation>Previous version of this prompt</translation>
    </message>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="44"/>
        <source>Previous answer</source>
        <translation>Previous answer</translation>
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
        <translation>Next version of this prompt</translation>
    </message>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="67"/>
        <source>Next answer</source>
        <translation>Next answer</translation>
    </message>
</context>
<context>
    <name>CatalogueDialog</name>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="18"/>
        <source>Download a model</source>
        <translation>Download a model</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="20"/>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="34"/>
        <source>Models are downloaded from Hugging Face into %1 and checked against their published checksum. Whether one fits is estimated from the memory that is free now.</source>
        <translation>Models are downloaded from Hugging Face into %1 and checked against their published checksum. Whether one fits is estimated from the memory that is free now.</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="63"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="69"/>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="69"/>
        <source>Download</source>
        <translation>Download</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="72"/>
        <source>Open %1</source>
        <translation>Open %1</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="73"/>
        <source>Download %1</source>
        <translation>Download %1</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <location filename="../app/qml/ChatView.qml" line="16"/>
        <source>Messages</source>
        <translation>Messages</translation>
    </message>
</context>
<context>
    <name>CodeBlock</name>
    <message>
        <location filename="../app/qml/CodeBlock.qml" line="25"/>
        <source>code</source>
        <translation>code</translation>
    </message>
    <message>
        <location filename="../app/qml/CodeBlock.qml" line="33"/>
        <source>Copied</source>
        <translation>Copied</translation>
    </message>
    <message>
        <location filename="../app/qml/CodeBlock.qml" line="33"/>
        <location filename="../app/qml/CodeBlock.qml" line="35"/>
        <source>Copy code</source>
        <translation>Copy code</translation>
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
        <translation>Let the model think longer before it answers (this chat only). %1 cannot stop reasoning entirely: with Think off it still reasons, briefly.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="280"/>
        <source>Ask anything… (Enter sends, Shift+Enter adds a line)</source>
        <translation>Ask anything… (Enter sends, Shift+Enter adds a line)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="204"/>
        <source>Files attached to this chat</source>
        <translation>Files attached to this chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="215"/>
        <source>Remove %1</source>
        <translation>Remove %1</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="226"/>
        <source>Remove the attached files</source>
        <translation>Remove the attached files</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="228"/>
        <source>Stop using the attached files in this chat</source>
        <translation>Stop using the attached files in this chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="247"/>
        <source>Attach an image to the prompt (PNG, JPEG or WebP) or documents to this chat; you can also paste or drop them</source>
        <translation>Attach an image to the prompt (PNG, JPEG or WebP) or documents to this chat; you can also paste or drop them</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="252"/>
        <source>Attach images…</source>
        <translation>Attach images…</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="254"/>
        <source>Attach documents…</source>
        <translation>Attach documents…</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="282"/>
        <source>Open a model to start chatting</source>
        <translation>Open a model to start chatting</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="284"/>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="328"/>
        <source>Think</source>
        <translation>Think</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="332"/>
        <source>Thinking</source>
        <translation>Thinking</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="323"/>
        <source>Let the model think before it answers (this chat only)</source>
        <translation>Let the model think before it answers (this chat only)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="438"/>
        <location filename="../app/qml/Composer.qml" line="440"/>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="437"/>
        <location filename="../app/qml/Composer.qml" line="440"/>
        <source>Send</source>
        <translation>Send</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="26"/>
        <source>Attach images</source>
        <translation>Attach images</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="27"/>
        <location filename="../app/qml/Composer.qml" line="38"/>
        <location filename="../app/qml/Composer.qml" line="245"/>
        <source>Attach</source>
        <translation>Attach</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="28"/>
        <location filename="../app/qml/Composer.qml" line="39"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="30"/>
        <source>Images (*.png *.jpg *.jpeg *.webp)</source>
        <translation>Images (*.png *.jpg *.jpeg *.webp)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="30"/>
        <location filename="../app/qml/Composer.qml" line="41"/>
        <source>All files (*)</source>
        <translation>All files (*)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="37"/>
        <source>Attach documents</source>
        <translation>Attach documents</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="41"/>
        <source>Documents (*.pdf *.docx *.odt *.md *.txt *.html *.htm)</source>
        <translation>Documents (*.pdf *.docx *.odt *.md *.txt *.html *.htm)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="175"/>
        <source>Attached image %1</source>
        <translation>Attached image %1</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="182"/>
        <source>Remove image %1</source>
        <translation>Remove image %1</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="184"/>
        <source>Remove this image</source>
        <translation>Remove this image</translation>
    </message>
    <message>
        <source>Attach an image</source>
        <translation type="vanished">Attach an image</translation>
    </message>
    <message>
        <source>Attach an image to the prompt (PNG, JPEG or WebP), or paste or drop one</source>
        <translation type="vanished">Attach an image to the prompt (PNG, JPEG or WebP), or paste or drop one</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="350"/>
        <source>Documents of this chat</source>
        <translation>Documents of this chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="353"/>
        <source>Answers draw on your document library; click to stop that in this chat</source>
        <translation>Answers draw on your document library; click to stop that in this chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="354"/>
        <source>Click to let answers draw on your document library in this chat</source>
        <translation>Click to let answers draw on your document library in this chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="380"/>
        <source>Tools %1/%2</source>
        <translation>Tools %1/%2</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="382"/>
        <source>Tool servers of this chat</source>
        <translation>Tool servers of this chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="386"/>
        <source>Choose which tool servers&apos; tools the model sees in this chat</source>
        <translation>Choose which tool servers&apos; tools the model sees in this chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="398"/>
        <source>Tools the model sees in this chat</source>
        <translation>Tools the model sees in this chat</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/Composer.qml" line="404"/>
        <source>%1 (%n tool(s))</source>
        <translation>
            <numerusform>%1 (%n tool)</numerusform>
            <numerusform>%1 (%n tools)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="405"/>
        <source>%1 (not connected)</source>
        <translation>%1 (not connected)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="407"/>
        <source>Offer the tools of %1</source>
        <translation>Offer the tools of %1</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="444"/>
        <source>Stop the answer</source>
        <translation>Stop the answer</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="444"/>
        <source>Send the prompt</source>
        <translation>Send the prompt</translation>
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
        <translation>Thinking depends on the model&apos;s chat template; load a model first</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="326"/>
        <source>Thinking is not available: the chat template of %1 has no thinking mode</source>
        <translation>Thinking is not available: the chat template of %1 has no thinking mode</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="124"/>
        <source>The context is full: this chat no longer fits into the model&apos;s %1 tokens. Leave the oldest turns out, or continue in a new chat.</source>
        <translation>The context is full: this chat no longer fits into the model&apos;s %1 tokens. Leave the oldest turns out, or continue in a new chat.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="127"/>
        <source>The context is %1% full. When it is full, the oldest turns have to be left out, or you continue in a new chat.</source>
        <translation>The context is %1% full. When it is full, the oldest turns have to be left out, or you continue in a new chat.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="134"/>
        <source>Drop oldest turns</source>
        <translation>Drop oldest turns</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="140"/>
        <source>New chat</source>
        <translation>New chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="281"/>
        <source>Ask anything… it is sent when the model has loaded</source>
        <translation>Ask anything… it is sent when the model has loaded</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="152"/>
        <source>Your message will be sent when %1 has loaded.</source>
        <translation>Your message will be sent when %1 has loaded.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="126"/>
        <source>The context is full: this chat no longer fits into the model&apos;s %1 tokens, and no older turn is left to leave out. Continue in a new chat.</source>
        <translation>The context is full: this chat no longer fits into the model&apos;s %1 tokens, and no older turn is left to leave out. Continue in a new chat.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="422"/>
        <source>System prompt ✓</source>
        <translation>System prompt ✓</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="422"/>
        <source>System prompt</source>
        <translation>System prompt</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="69"/>
        <location filename="../app/qml/Composer.qml" line="78"/>
        <location filename="../app/qml/Composer.qml" line="424"/>
        <source>System prompt of this chat</source>
        <translation>System prompt of this chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="428"/>
        <source>Give this chat instructions that the model follows in every answer</source>
        <translation>Give this chat instructions that the model follows in every answer</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="77"/>
        <source>For example: You are a concise assistant.</source>
        <translation>For example: You are a concise assistant.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="90"/>
        <source>Applies to the next answer. New chats start with the default from Settings.</source>
        <translation>Applies to the next answer. New chats start with the default from Settings.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="94"/>
        <source>Done</source>
        <translation>Done</translation>
    </message>
</context>
<context>
    <name>ContextDialogs</name>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="44"/>
        <source>The conversation is too long</source>
        <translation>The conversation is too long</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="68"/>
        <source>Drop oldest turns</source>
        <translation>Drop oldest turns</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="74"/>
        <source>Start a new chat</source>
        <translation>Start a new chat</translation>
    </message>
    <message>
        <source>Edit prompt</source>
        <translation type="vanished">Edit prompt</translation>
    </message>
    <message>
        <source>Sending the edited prompt removes every later message of this chat. Continue?</source>
        <translation type="vanished">Sending the edited prompt removes every later message of this chat. Continue?</translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="vanished">Send</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="84"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="44"/>
        <source>The message is too long</source>
        <translation>The message is too long</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="52"/>
        <source>The conversation needs %1 tokens, but the model&apos;s context holds %2. Drop the oldest turns (the system prompt stays), or continue in a new chat? Cancel puts your message back into the prompt box.</source>
        <translation>The conversation needs %1 tokens, but the model&apos;s context holds %2. Drop the oldest turns (the system prompt stays), or continue in a new chat? Cancel puts your message back into the prompt box.</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="55"/>
        <source>This message needs %1 tokens, but the model&apos;s context holds %2. Shorten it, or raise the context to %3 tokens in Settings ▸ General and reload the model.</source>
        <translation>This message needs %1 tokens, but the model&apos;s context holds %2. Shorten it, or raise the context to %3 tokens in Settings ▸ General and reload the model.</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="57"/>
        <source>This message needs %1 tokens, but the model&apos;s context holds %2, and the model takes no larger one. Shorten it.</source>
        <translation>This message needs %1 tokens, but the model&apos;s context holds %2, and the model takes no larger one. Shorten it.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/ContextDialogs.qml" line="60"/>
        <source>The definitions of %n tool(s) take part of the context: turning tools off for this chat leaves more room.</source>
        <translation>
            <numerusform>The definition of %n tool takes part of the context: turning tools off for this chat leaves more room.</numerusform>
            <numerusform>The definitions of %n tools take part of the context: turning tools off for this chat leaves more room.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="84"/>
        <source>Edit the message</source>
        <translation>Edit the message</translation>
    </message>
</context>
<context>
    <name>DocumentsSettings</name>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="24"/>
        <source>Indexing %1 of %2: %3</source>
        <translation>Indexing %1 of %2: %3</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="25"/>
        <source>Looking for files…</source>
        <translation>Looking for files…</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="27"/>
        <source>Paused after %1 of %2 files.</source>
        <translation>Paused after %1 of %2 files.</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="31"/>
        <source>Up to date.</source>
        <translation>Up to date.</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="39"/>
        <source>Add folder…</source>
        <translation>Add folder…</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="44"/>
        <source>Resume</source>
        <translation>Resume</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="44"/>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="50"/>
        <source>Rescan</source>
        <translation>Rescan</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="62"/>
        <source>Indexing progress</source>
        <translation>Indexing progress</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="76"/>
        <source>Embedding model</source>
        <translation>Embedding model</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="82"/>
        <source>None: keyword search only</source>
        <translation>None: keyword search only</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="86"/>
        <source>Choose…</source>
        <translation>Choose…</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="91"/>
        <source>Keyword only</source>
        <translation>Keyword only</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="100"/>
        <source>An embedding model (such as nomic-embed-text or bge-small in GGUF) lets search find passages by meaning as well as by words. Changing it indexes the library again.</source>
        <translation>An embedding model (such as nomic-embed-text or bge-small in GGUF) lets search find passages by meaning as well as by words. Changing it indexes the library again.</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="108"/>
        <source>No folders yet. Add one, or drop a folder on the window. Its documents (PDF, Word, OpenDocument, Markdown, HTML, text and source code) are indexed in the background and stay on this computer.</source>
        <translation>No folders yet. Add one, or drop a folder on the window. Its documents (PDF, Word, OpenDocument, Markdown, HTML, text and source code) are indexed in the background and stay on this computer.</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="150"/>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="152"/>
        <source>Remove %1 from the library</source>
        <translation>Remove %1 from the library</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/DocumentsSettings.qml" line="162"/>
        <source>Not found: its %n file(s) stay in the library until it is back or removed.</source>
        <translation>
            <numerusform>Not found: its %n file stays in the library until it is back or removed.</numerusform>
            <numerusform>Not found: its %n files stay in the library until it is back or removed.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="163"/>
        <source>Indexing…</source>
        <translation>Indexing…</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="164"/>
        <source>Waiting to be indexed.</source>
        <translation>Waiting to be indexed.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/DocumentsSettings.qml" line="165"/>
        <source>%n file(s).</source>
        <translation>
            <numerusform>%n file.</numerusform>
            <numerusform>%n files.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/DocumentsSettings.qml" line="166"/>
        <source>%n could not be read.</source>
        <translation>
            <numerusform>%n could not be read.</numerusform>
            <numerusform>%n could not be read.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/DocumentsSettings.qml" line="168"/>
        <source>%n with pages without text.</source>
        <translation>
            <numerusform>%n with pages without text.</numerusform>
            <numerusform>%n with pages without text.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="194"/>
        <source>Add a folder to the library</source>
        <translation>Add a folder to the library</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="195"/>
        <source>Add</source>
        <translation>Add</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="196"/>
        <location filename="../app/qml/DocumentsSettings.qml" line="203"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="201"/>
        <source>Choose an embedding model</source>
        <translation>Choose an embedding model</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="202"/>
        <source>Choose</source>
        <translation>Choose</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="204"/>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF models (*.gguf)</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="204"/>
        <source>All files (*)</source>
        <translation>All files (*)</translation>
    </message>
</context>
<context>
    <name>EngineText</name>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="26"/>
        <source>The GPU backend cannot compute with %1 tensors yet, so the CPU is used.</source>
        <translation>The GPU backend cannot compute with %1 tensors yet, so the CPU is used.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="30"/>
        <source>No usable Vulkan GPU was found, so the CPU is used.</source>
        <translation>No usable Vulkan GPU was found, so the CPU is used.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="33"/>
        <source>This build of SmolDesk has no Vulkan support, so the CPU is used.</source>
        <translation>This build of SmolDesk has no Vulkan support, so the CPU is used.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="36"/>
        <source>This build of SmolDesk has no Vulkan support.</source>
        <translation>This build of SmolDesk has no Vulkan support.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="39"/>
        <source>The GPU could not take the model (%1), so the CPU is used.</source>
        <translation>The GPU could not take the model (%1), so the CPU is used.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="44"/>
        <source>The device “%1” only supports Vulkan 1.0; SmolDesk needs 1.1.</source>
        <translation>The device “%1” only supports Vulkan 1.0; SmolDesk needs 1.1.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="49"/>
        <source>The device “%1” has no compute queue.</source>
        <translation>The device “%1” has no compute queue.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="54"/>
        <source>The device “%1” lacks 16-bit storage buffers, which SmolDesk&apos;s shaders need.</source>
        <translation>The device “%1” lacks 16-bit storage buffers, which SmolDesk&apos;s shaders need.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="61"/>
        <source>The device “%1” has too little shared memory or too small workgroups for SmolDesk&apos;s shaders.</source>
        <translation>The device “%1” has too little shared memory or too small workgroups for SmolDesk&apos;s shaders.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="67"/>
        <source>The device “%1” cannot bind storage buffers of 16 MiB.</source>
        <translation>The device “%1” cannot bind storage buffers of 16 MiB.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="73"/>
        <source>The only Vulkan device is “%1”, a CPU implementation slower than SmolDesk&apos;s own CPU backend.</source>
        <translation>The only Vulkan device is “%1”, a CPU implementation slower than SmolDesk&apos;s own CPU backend.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="78"/>
        <source>No Vulkan GPU is available.</source>
        <translation>No Vulkan GPU is available.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="80"/>
        <source>The Vulkan loader found no device.</source>
        <translation>The Vulkan loader found no device.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="82"/>
        <source>The Vulkan loader found no driver for this system.</source>
        <translation>The Vulkan loader found no driver for this system.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="85"/>
        <source>The GPU “%1” has %2 available, the model needs %3.</source>
        <translation>The GPU “%1” has %2 available, the model needs %3.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="90"/>
        <source>No Vulkan loader (%1) is installed.</source>
        <translation>No Vulkan loader (%1) is installed.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="95"/>
        <source>The Vulkan loader on this system only supports Vulkan 1.0; SmolDesk needs 1.1.</source>
        <translation>The Vulkan loader on this system only supports Vulkan 1.0; SmolDesk needs 1.1.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="100"/>
        <source>The Vulkan loader on this system is incomplete.</source>
        <translation>The Vulkan loader on this system is incomplete.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="103"/>
        <source>Creating a Vulkan instance failed with %1.</source>
        <translation>Creating a Vulkan instance failed with %1.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="150"/>
        <source>No Vulkan device was found.</source>
        <translation>No Vulkan device was found.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="146"/>
        <source>CPU (1 thread, %1)</source>
        <translation>CPU (1 thread, %1)</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="147"/>
        <source>CPU (%1 threads, %2)</source>
        <translation>CPU (%1 threads, %2)</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="114"/>
        <source>%1 of %2 layers on the GPU</source>
        <translation>%1 of %2 layers on the GPU</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="118"/>
        <source>%1 of %2 layers on the GPU, their experts on the CPU</source>
        <translation>%1 of %2 layers on the GPU, their experts on the CPU</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="123"/>
        <source>%1 of %2 layers on the GPU, the experts of %3 on the CPU</source>
        <translation>%1 of %2 layers on the GPU, the experts of %3 on the CPU</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="130"/>
        <source>%1, %2, the rest on %3</source>
        <translation>%1, %2, the rest on %3</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="137"/>
        <source>The model needs %1 of GPU memory but the GPU has %2 free, so it is split: %3, the rest on the CPU.</source>
        <translation>The model needs %1 of GPU memory but the GPU has %2 free, so it is split: %3, the rest on the CPU.</translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <location filename="../app/worker/error_text.cpp" line="17"/>
        <source>The file cannot be read.</source>
        <translation>The file cannot be read.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="19"/>
        <source>This is not a GGUF model file.</source>
        <translation>This is not a GGUF model file.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="21"/>
        <source>This GGUF version is not supported.</source>
        <translation>This GGUF version is not supported.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="23"/>
        <source>The file is truncated (an incomplete download?).</source>
        <translation>The file is truncated (an incomplete download?).</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="25"/>
        <source>The file is damaged.</source>
        <translation>The file is damaged.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="27"/>
        <source>The model&apos;s metadata has an unexpected type.</source>
        <translation>The model&apos;s metadata has an unexpected type.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="29"/>
        <source>The model is missing required metadata or tensors.</source>
        <translation>The model is missing required metadata or tensors.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="31"/>
        <source>This model architecture is not supported.</source>
        <translation>This model architecture is not supported.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="33"/>
        <source>The model uses a tensor type that is not supported.</source>
        <translation>The model uses a tensor type that is not supported.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="36"/>
        <source>The model&apos;s tokenizer is not supported.</source>
        <translation>The model&apos;s tokenizer is not supported.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="38"/>
        <source>A tensor&apos;s shape does not match the model&apos;s parameters.</source>
        <translation>A tensor&apos;s shape does not match the model&apos;s parameters.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="41"/>
        <source>The request is not valid for this model.</source>
        <translation>The request is not valid for this model.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="43"/>
        <source>There is not enough memory.</source>
        <translation>There is not enough memory.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="47"/>
        <source>The model&apos;s chat template cannot be used.</source>
        <translation>The model&apos;s chat template cannot be used.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="50"/>
        <source>The compute device failed.</source>
        <translation>The compute device failed.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="52"/>
        <source>No model is loaded.</source>
        <translation>No model is loaded.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="54"/>
        <source>The model is busy.</source>
        <translation>The model is busy.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="56"/>
        <source>Something went wrong.</source>
        <translation>Something went wrong.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="64"/>
        <source>Choose a .gguf model file.</source>
        <translation>Choose a .gguf model file.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="67"/>
        <source>Download the model again.</source>
        <translation>Download the model again.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="72"/>
        <source>Choose a model in a supported format.</source>
        <translation>Choose a model in a supported format.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="74"/>
        <source>Lower the context length or choose a smaller model.</source>
        <translation>Lower the context length or choose a smaller model.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="78"/>
        <source>Choose the CPU in the settings.</source>
        <translation>Choose the CPU in the settings.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="80"/>
        <source>Open a model first.</source>
        <translation>Open a model first.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="45"/>
        <source>Loading was cancelled.</source>
        <translation>Loading was cancelled.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="98"/>
        <source>The file %1 does not exist.</source>
        <translation>The file %1 does not exist.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="101"/>
        <source>The file %1 cannot be read.</source>
        <translation>The file %1 cannot be read.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="106"/>
        <source>The file is empty, so it is not a model.</source>
        <translation>The file is empty, so it is not a model.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="107"/>
        <source>This is not a GGUF model file: it does not start with the bytes “GGUF”.</source>
        <translation>This is not a GGUF model file: it does not start with the bytes “GGUF”.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="111"/>
        <source>The file is truncated: at least %1 bytes expected, %2 present — the download was probably interrupted.</source>
        <translation>The file is truncated: at least %1 bytes expected, %2 present — the download was probably interrupted.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="117"/>
        <source>The file is truncated: it ends after %1 bytes, inside its header — the download was probably interrupted.</source>
        <translation>The file is truncated: it ends after %1 bytes, inside its header — the download was probably interrupted.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="122"/>
        <source>The file is truncated — the download was probably interrupted.</source>
        <translation>The file is truncated — the download was probably interrupted.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="125"/>
        <source>The file is damaged: its header contradicts itself.</source>
        <translation>The file is damaged: its header contradicts itself.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="128"/>
        <source>This GGUF version is not supported (SmolDesk reads versions 2 and 3).</source>
        <translation>This GGUF version is not supported (SmolDesk reads versions 2 and 3).</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="132"/>
        <source>The architecture “%1” is not supported (supported: %2).</source>
        <translation>The architecture “%1” is not supported (supported: %2).</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="138"/>
        <source>The tensor type %1 is not supported.</source>
        <translation>The tensor type %1 is not supported.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="143"/>
        <source>Not enough memory: the model needs %1, %2 are free.</source>
        <translation>Not enough memory: the model needs %1, %2 are free.</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <location filename="../app/src/exporter.cpp" line="22"/>
        <source>done</source>
        <translation>done</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="23"/>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="24"/>
        <source>denied</source>
        <translation>denied</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="25"/>
        <source>stopped</source>
        <translation>stopped</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="28"/>
        <source>interrupted</source>
        <translation>interrupted</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="36"/>
        <source>Sources:</source>
        <translation>Sources:</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="43"/>
        <source>page %1</source>
        <translation>page %1</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="45"/>
        <source>read whole</source>
        <translation>read whole</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="48"/>
        <source>lines %1–%2</source>
        <translation>lines %1–%2</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="50"/>
        <source>line %1</source>
        <translation>line %1</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="64"/>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="67"/>
        <source>System prompt:</source>
        <translation>System prompt:</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="73"/>
        <source>Tool %1 (%2): %3</source>
        <translation>Tool %1 (%2): %3</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="81"/>
        <source>You</source>
        <translation>You</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="82"/>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="87"/>
        <source>(version %1 of %2)</source>
        <translation>(version %1 of %2)</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="88"/>
        <source>(answer %1 of %2)</source>
        <translation>(answer %1 of %2)</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="97"/>
        <source>(1 image attached)</source>
        <translation>(1 image attached)</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="98"/>
        <source>(%1 images attached)</source>
        <translation>(%1 images attached)</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <location filename="../app/qml/Main.qml" line="250"/>
        <source>Conversation exported to %1</source>
        <translation>Conversation exported to %1</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="13"/>
        <source>%1 — SmolDesk</source>
        <translation>%1 — SmolDesk</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="122"/>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="69"/>
        <source>&amp;Open model…</source>
        <translation>&amp;Open model…</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="127"/>
        <source>Recent models</source>
        <translation>Recent models</translation>
    </message>
    <message>
        <source>&amp;Download SmolLM3-3B…</source>
        <translation type="vanished">&amp;Download SmolLM3-3B…</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="162"/>
        <source>Export as &amp;Markdown…</source>
        <translation>Export as &amp;Markdown…</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="163"/>
        <source>Export as &amp;JSON…</source>
        <translation>Export as &amp;JSON…</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="70"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="168"/>
        <source>&amp;Chat</source>
        <translation>&amp;Chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="81"/>
        <source>&amp;New chat</source>
        <translation>&amp;New chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="82"/>
        <source>&amp;Stop</source>
        <translation>&amp;Stop</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="172"/>
        <source>&amp;Regenerate answer</source>
        <translation>&amp;Regenerate answer</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="173"/>
        <source>&amp;Copy conversation</source>
        <translation>&amp;Copy conversation</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="176"/>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="178"/>
        <source>&amp;Model information</source>
        <translation>&amp;Model information</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="83"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Settings…</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="143"/>
        <source>Remote models</source>
        <translation>Remote models</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="158"/>
        <source>Add an endpoint…</source>
        <translation>Add an endpoint…</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="160"/>
        <source>&amp;Download a model…</source>
        <translation>&amp;Download a model…</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="182"/>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="184"/>
        <source>&amp;About SmolDesk</source>
        <translation>&amp;About SmolDesk</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="192"/>
        <source>Open a GGUF model</source>
        <translation>Open a GGUF model</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="195"/>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF models (*.gguf)</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="195"/>
        <source>All files (*)</source>
        <translation>All files (*)</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="203"/>
        <source>Export conversation</source>
        <translation>Export conversation</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="208"/>
        <source>JSON files (*.json)</source>
        <translation>JSON files (*.json)</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="208"/>
        <source>Markdown files (*.md)</source>
        <translation>Markdown files (*.md)</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="193"/>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="194"/>
        <location filename="../app/qml/Main.qml" line="205"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="204"/>
        <source>Export</source>
        <translation>Export</translation>
    </message>
</context>
<context>
    <name>MessageDelegate</name>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="228"/>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="330"/>
        <source>Interrupted: SmolDesk closed before this answer was complete.</source>
        <translation>Interrupted: SmolDesk closed before this answer was complete.</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="82"/>
        <source>Not in the model&apos;s context any more</source>
        <translation>Not in the model&apos;s context any more</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="104"/>
        <source>Image %1 of the prompt</source>
        <translation>Image %1 of the prompt</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="131"/>
        <source>Your message</source>
        <translation>Your message</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="203"/>
        <source>Answer</source>
        <translation>Answer</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="253"/>
        <source>[%1] %2, p. %3</source>
        <translation>[%1] %2, p. %3</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="254"/>
        <source>[%1] %2</source>
        <translation>[%1] %2</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="256"/>
        <source>Source %1</source>
        <translation>Source %1</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="360"/>
        <source>Copy</source>
        <translation>Copy</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="362"/>
        <source>Copy message</source>
        <translation>Copy message</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="385"/>
        <source>Edit</source>
        <translation>Edit</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="388"/>
        <location filename="../app/qml/MessageDelegate.qml" line="424"/>
        <source>Edit prompt</source>
        <translation>Edit prompt</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="395"/>
        <source>Regenerate</source>
        <translation>Regenerate</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="398"/>
        <source>Regenerate answer</source>
        <translation>Regenerate answer</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="401"/>
        <source>Write another answer; this one stays (‹ › switches between them)</source>
        <translation>Write another answer; this one stays (‹ › switches between them)</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="429"/>
        <source>The edited prompt starts a new branch: this version and its answers stay, behind the ‹ › arrows.</source>
        <translation>The edited prompt starts a new branch: this version and its answers stay, behind the ‹ › arrows.</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="438"/>
        <source>Prompt text</source>
        <translation>Prompt text</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="456"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="458"/>
        <source>Send</source>
        <translation>Send</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="360"/>
        <source>Copied</source>
        <translation>Copied</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="278"/>
        <source>Reading your message…</source>
        <translation>Reading your message…</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="279"/>
        <source>Writing…</source>
        <translation>Writing…</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="280"/>
        <source>Reading your message… %1% (%2 tokens/s)</source>
        <translation>Reading your message… %1% (%2 tokens/s)</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="164"/>
        <source>The demo model has no chat mode: it continues your words (in italics) as a story.</source>
        <translation>The demo model has no chat mode: it continues your words (in italics) as a story.</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="165"/>
        <source>This model has no chat template: it continues your words (in italics).</source>
        <translation>This model has no chat template: it continues your words (in italics).</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="374"/>
        <source>Retry</source>
        <translation>Retry</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="376"/>
        <source>Ask for the answer again</source>
        <translation>Ask for the answer again</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="379"/>
        <source>This prompt has no answer yet: send it to the model again</source>
        <translation>This prompt has no answer yet: send it to the model again</translation>
    </message>
</context>
<context>
    <name>ModelBanner</name>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="29"/>
        <source>Preparing the GPU (first start only)…</source>
        <translation>Preparing the GPU (first start only)…</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="30"/>
        <source>Loading %1…</source>
        <translation>Loading %1…</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="39"/>
        <source>Loading progress</source>
        <translation>Loading progress</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="43"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="44"/>
        <source>Cancel loading</source>
        <translation>Cancel loading</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="58"/>
        <source>Open another model…</source>
        <translation>Open another model…</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="61"/>
        <location filename="../app/qml/ModelBanner.qml" line="78"/>
        <location filename="../app/qml/ModelBanner.qml" line="94"/>
        <location filename="../app/qml/ModelBanner.qml" line="119"/>
        <source>Dismiss</source>
        <translation>Dismiss</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="113"/>
        <source>Retry</source>
        <translation>Retry</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="114"/>
        <source>Ask for the answer again</source>
        <translation>Ask for the answer again</translation>
    </message>
</context>
<context>
    <name>ModelPanel</name>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="79"/>
        <source>always, at a low, medium or high effort</source>
        <translation>always, at a low, medium or high effort</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="45"/>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="46"/>
        <source>Hide model information</source>
        <translation>Hide model information</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="51"/>
        <source>No model selected</source>
        <translation>No model selected</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="73"/>
        <source>Architecture</source>
        <translation>Architecture</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="74"/>
        <source>Parameters</source>
        <translation>Parameters</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="75"/>
        <source>Quantization</source>
        <translation>Quantization</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="76"/>
        <source>File size</source>
        <translation>File size</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="77"/>
        <source>Trained context</source>
        <translation>Trained context</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="77"/>
        <location filename="../app/qml/ModelPanel.qml" line="119"/>
        <source>%1 tokens</source>
        <translation>%1 tokens</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="78"/>
        <source>Chat template</source>
        <translation>Chat template</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="79"/>
        <source>Thinking</source>
        <translation>Thinking</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="79"/>
        <source>supported</source>
        <translation>supported</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="79"/>
        <source>not supported</source>
        <translation>not supported</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="82"/>
        <source>Memory estimate</source>
        <translation>Memory estimate</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="83"/>
        <source>Weights</source>
        <translation>Weights</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="84"/>
        <source>KV cache</source>
        <translation>KV cache</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="84"/>
        <source>%1 at %2 tokens</source>
        <translation>%1 at %2 tokens</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="85"/>
        <source>Needed</source>
        <translation>Needed</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="86"/>
        <source>Available</source>
        <translation>Available</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="87"/>
        <source>Experts per token</source>
        <translation>Experts per token</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="93"/>
        <source>A mixture of experts: the file stays mapped and each token reads about %1 of it. Memory use grows toward %2 as the conversation uses more experts; with less free memory it still runs, reading experts from the disk.</source>
        <translation>A mixture of experts: the file stays mapped and each token reads about %1 of it. Memory use grows toward %2 as the conversation uses more experts; with less free memory it still runs, reading experts from the disk.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="104"/>
        <source>Fits in the available memory.</source>
        <translation>Fits in the available memory.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="105"/>
        <source>Tight: other programs may be slowed down.</source>
        <translation>Tight: other programs may be slowed down.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="106"/>
        <source>Probably too large for the available memory. You can still try, or lower the context length.</source>
        <translation>Probably too large for the available memory. You can still try, or lower the context length.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="107"/>
        <source>Available memory is unknown.</source>
        <translation>Available memory is unknown.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="112"/>
        <source>Device</source>
        <translation>Device</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="112"/>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="119"/>
        <source>Context</source>
        <translation>Context</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="136"/>
        <source>Open another model…</source>
        <translation>Open another model…</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="116"/>
        <source>GPU not used</source>
        <translation>GPU not used</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="18"/>
        <source>the model&apos;s own chat template</source>
        <translation>the model&apos;s own chat template</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="19"/>
        <source>none in the file; the built-in ChatML template is used</source>
        <translation>none in the file; the built-in ChatML template is used</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="20"/>
        <source>none; the model continues your text (plain continuation, no chat turns)</source>
        <translation>none; the model continues your text (plain continuation, no chat turns)</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="56"/>
        <source>Endpoint</source>
        <translation>Endpoint</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="57"/>
        <source>Address</source>
        <translation>Address</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="64"/>
        <source>Your prompts and this chat&apos;s earlier turns are sent to %1 to be answered.</source>
        <translation>Your prompts and this chat&apos;s earlier turns are sent to %1 to be answered.</translation>
    </message>
</context>
<context>
    <name>RemoteEndpoint</name>
    <message>
        <location filename="../app/remote/remote_endpoint.cpp" line="24"/>
        <source>“%1” is not an endpoint address: give one such as http://localhost:8080/v1.</source>
        <translation>“%1” is not an endpoint address: give one such as http://localhost:8080/v1.</translation>
    </message>
</context>
<context>
    <name>RemoteErrors</name>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="14"/>
        <source>The server said: “%1”</source>
        <translation>The server said: “%1”</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="20"/>
        <source>1 second</source>
        <translation>1 second</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="21"/>
        <source>%1 seconds</source>
        <translation>%1 seconds</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="44"/>
        <source>The endpoint “%1” refused the API key (HTTP %2): check the key.</source>
        <translation>The endpoint “%1” refused the API key (HTTP %2): check the key.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="51"/>
        <source>The endpoint “%1” has no model “%2” (HTTP 404): pick one of its models again.</source>
        <translation>The endpoint “%1” has no model “%2” (HTTP 404): pick one of its models again.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="57"/>
        <source>The endpoint “%1” has no OpenAI API at this address (HTTP 404): check the base URL.</source>
        <translation>The endpoint “%1” has no OpenAI API at this address (HTTP 404): check the base URL.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="65"/>
        <source>The endpoint “%1” is limiting requests (HTTP 429): try again in %2.</source>
        <translation>The endpoint “%1” is limiting requests (HTTP 429): try again in %2.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="69"/>
        <source>The endpoint “%1” is limiting requests (HTTP 429): try again later.</source>
        <translation>The endpoint “%1” is limiting requests (HTTP 429): try again later.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="76"/>
        <source>The endpoint “%1” is busy or starting (HTTP 503): try again in %2.</source>
        <translation>The endpoint “%1” is busy or starting (HTTP 503): try again in %2.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="79"/>
        <source>The endpoint “%1” failed with a server error (HTTP %2).</source>
        <translation>The endpoint “%1” failed with a server error (HTTP %2).</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="85"/>
        <source>The endpoint “%1” rejected the request (HTTP %2).</source>
        <translation>The endpoint “%1” rejected the request (HTTP %2).</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="96"/>
        <source>Nothing answers at %1: the endpoint “%2” is not running, or the address is wrong.</source>
        <translation>Nothing answers at %1: the endpoint “%2” is not running, or the address is wrong.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="101"/>
        <source>The host of the endpoint “%1” (%2) cannot be found.</source>
        <translation>The host of the endpoint “%1” (%2) cannot be found.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="106"/>
        <source>The endpoint “%1” did not answer in time.</source>
        <translation>The endpoint “%1” did not answer in time.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="109"/>
        <location filename="../app/remote/remote_errors.cpp" line="125"/>
        <source>The secure connection to the endpoint “%1” failed: %2</source>
        <translation>The secure connection to the endpoint “%1” failed: %2</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="112"/>
        <source>the TLS handshake failed.</source>
        <translation>the TLS handshake failed.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="118"/>
        <source>The endpoint “%1” closed the connection without answering.</source>
        <translation>The endpoint “%1” closed the connection without answering.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="129"/>
        <source>The endpoint “%1” cannot be reached (network error %2).</source>
        <translation>The endpoint “%1” cannot be reached (network error %2).</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="138"/>
        <source>The endpoint “%1” reported an error while it answered.</source>
        <translation>The endpoint “%1” reported an error while it answered.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="143"/>
        <source>The endpoint “%1” sent an event too large to read.</source>
        <translation>The endpoint “%1” sent an event too large to read.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="147"/>
        <source>The endpoint “%1” sent an answer that is not an OpenAI chat completion (%2).</source>
        <translation>The endpoint “%1” sent an answer that is not an OpenAI chat completion (%2).</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="158"/>
        <source>The endpoint “%1” closed the connection before the answer was complete.</source>
        <translation>The endpoint “%1” closed the connection before the answer was complete.</translation>
    </message>
</context>
<context>
    <name>RemoteSettings</name>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="33"/>
        <source>%1 Models: %2</source>
        <translation>%1 Models: %2</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="42"/>
        <source>Chat with models on another machine through any OpenAI-compatible server (vLLM, llama-server, Ollama, LM Studio, another SmolDesk). Their models appear under File ▸ Remote models.</source>
        <translation>Chat with models on another machine through any OpenAI-compatible server (vLLM, llama-server, Ollama, LM Studio, another SmolDesk). Their models appear under File ▸ Remote models.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="49"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="54"/>
        <source>GPU box</source>
        <translation>GPU box</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="55"/>
        <source>Endpoint name</source>
        <translation>Endpoint name</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="57"/>
        <location filename="../app/qml/RemoteSettings.qml" line="63"/>
        <source>Base URL</source>
        <translation>Base URL</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="65"/>
        <location filename="../app/qml/RemoteSettings.qml" line="72"/>
        <source>API key</source>
        <translation>API key</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="71"/>
        <source>none, or kept as stored</source>
        <translation>none, or kept as stored</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="80"/>
        <source>API keys are kept in the system&apos;s secret store, never in the settings file, the log or the diagnostics.</source>
        <translation>API keys are kept in the system&apos;s secret store, never in the settings file, the log or the diagnostics.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="81"/>
        <source>No secret store answers on this system: API keys are kept in a file only you can read (permissions 0600) beside the settings, never in the settings file, the log or the diagnostics.</source>
        <translation>No secret store answers on this system: API keys are kept in a file only you can read (permissions 0600) beside the settings, never in the settings file, the log or the diagnostics.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="87"/>
        <source>Test connection</source>
        <translation>Test connection</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="91"/>
        <location filename="../app/qml/RemoteSettings.qml" line="170"/>
        <source>Connecting…</source>
        <translation>Connecting…</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="97"/>
        <source>Save endpoint</source>
        <translation>Save endpoint</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="105"/>
        <source>Saved. Listing its models…</source>
        <translation>Saved. Listing its models…</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="149"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="152"/>
        <source>Edit</source>
        <translation>Edit</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="156"/>
        <source>Check again</source>
        <translation>Check again</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="161"/>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="176"/>
        <source>API key stored.</source>
        <translation>API key stored.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="176"/>
        <source>No API key.</source>
        <translation>No API key.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="177"/>
        <source>Models: %1</source>
        <translation>Models: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="177"/>
        <source>No models listed yet.</source>
        <translation>No models listed yet.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="26"/>
        <source>Saved “%1”. Its models are under File ▸ Remote models.</source>
        <translation>Saved “%1”. Its models are under File ▸ Remote models.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="27"/>
        <source>Saved “%1”, but it did not answer: see its card below.</source>
        <translation>Saved “%1”, but it did not answer: see its card below.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="409"/>
        <source>Reasoning effort</source>
        <translation>Reasoning effort</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="413"/>
        <source>High when Think is on</source>
        <translation>High when Think is on</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="416"/>
        <source>High reasoning effort when Think is on</source>
        <translation>High reasoning effort when Think is on</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="424"/>
        <source>%1 cannot stop reasoning entirely: with Think off it still reasons, briefly (low effort). With Think on it reasons at medium effort, or high.</source>
        <translation>%1 cannot stop reasoning entirely: with Think off it still reasons, briefly (low effort). With Think on it reasons at medium effort, or high.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="79"/>
        <source>No Vulkan device can be used: %1 The CPU is used.</source>
        <translation>No Vulkan device can be used: %1 The CPU is used.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="19"/>
        <source>Settings</source>
        <translation>Settings</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="127"/>
        <source>General</source>
        <translation>General</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="128"/>
        <source>Sampling</source>
        <translation>Sampling</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="129"/>
        <source>System prompt</source>
        <translation>System prompt</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="153"/>
        <location filename="../app/qml/SettingsDialog.qml" line="161"/>
        <source>Language</source>
        <translation>Language</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="182"/>
        <location filename="../app/qml/SettingsDialog.qml" line="192"/>
        <source>Device</source>
        <translation>Device</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="59"/>
        <source>Automatic (GPU when possible)</source>
        <translation>Automatic (GPU when possible)</translation>
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
        <translation>Models</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="133"/>
        <source>Documents</source>
        <translation>Documents</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="151"/>
        <source>%1 runs on its server: device, GPU check, threads, context length and resuming chats apply to local models only.</source>
        <translation>%1 runs on its server: device, GPU check, threads, context length and resuming chats apply to local models only.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="166"/>
        <location filename="../app/qml/SettingsDialog.qml" line="178"/>
        <source>Appearance</source>
        <translation>Appearance</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="174"/>
        <source>Like the system</source>
        <translation>Like the system</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="175"/>
        <source>Light</source>
        <translation>Light</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="176"/>
        <source>Dark</source>
        <translation>Dark</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="215"/>
        <source>GPU check</source>
        <translation>GPU check</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="225"/>
        <source>Checking every GPU kernel against the CPU…</source>
        <translation>Checking every GPU kernel against the CPU…</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="227"/>
        <source>Not run yet: it runs before a GPU&apos;s first use.</source>
        <translation>Not run yet: it runs before a GPU&apos;s first use.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="228"/>
        <source>%1 (driver %2): all %3 kernels correct, checked %4 in %5 s.</source>
        <translation>%1 (driver %2): all %3 kernels correct, checked %4 in %5 s.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="232"/>
        <source>%1 (driver %2): %3</source>
        <translation>%1 (driver %2): %3</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="236"/>
        <source>Check again</source>
        <translation>Check again</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="246"/>
        <location filename="../app/qml/SettingsDialog.qml" line="253"/>
        <source>CPU safe mode</source>
        <translation>CPU safe mode</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="259"/>
        <source>Use only the CPU (entered by itself after a crash at GPU start)</source>
        <translation>Use only the CPU (entered by itself after a crash at GPU start)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="263"/>
        <location filename="../app/qml/SettingsDialog.qml" line="271"/>
        <source>Resume chats</source>
        <translation>Resume chats</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="276"/>
        <source>Keep each chat&apos;s model state on disk, so a long chat continues at once when you come back to it (up to 2 GB)</source>
        <translation>Keep each chat&apos;s model state on disk, so a long chat continues at once when you come back to it (up to 2 GB)</translation>
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
        <translation>GPU layers</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="303"/>
        <source>Layers of the model on the GPU when it does not fit there whole; the rest run on the CPU</source>
        <translation>Layers of the model on the GPU when it does not fit there whole; the rest run on the CPU</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="305"/>
        <location filename="../app/qml/SettingsDialog.qml" line="313"/>
        <source>Speculative decoding</source>
        <translation>Speculative decoding</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="310"/>
        <source>Automatic (repeated text)</source>
        <translation>Automatic (repeated text)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="310"/>
        <location filename="../app/qml/SettingsDialog.qml" line="317"/>
        <source>Draft model</source>
        <translation>Draft model</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="314"/>
        <source>Guesses several tokens ahead and lets the model check them in one step; the answer is the same, only faster when the guesses are right</source>
        <translation>Guesses several tokens ahead and lets the model check them in one step; the answer is the same, only faster when the guesses are right</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="328"/>
        <source>None chosen: repeated text is used</source>
        <translation>None chosen: repeated text is used</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="350"/>
        <source>Device, threads, context length and speculative decoding apply the next time the model loads.</source>
        <translation>Device, threads, context length and speculative decoding apply the next time the model loads.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="528"/>
        <source>Choose a draft model</source>
        <translation>Choose a draft model</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="529"/>
        <source>Choose</source>
        <translation>Choose</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="530"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="531"/>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF models (*.gguf)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="531"/>
        <source>All files (*)</source>
        <translation>All files (*)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="288"/>
        <location filename="../app/qml/SettingsDialog.qml" line="289"/>
        <location filename="../app/qml/SettingsDialog.qml" line="299"/>
        <location filename="../app/qml/SettingsDialog.qml" line="300"/>
        <source>Automatic</source>
        <translation>Automatic</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="335"/>
        <location filename="../app/qml/SettingsDialog.qml" line="343"/>
        <source>Context length</source>
        <translation>Context length</translation>
    </message>
    <message>
        <source>Device, threads and context length apply the next time the model loads.</source>
        <translation type="vanished">Device, threads and context length apply the next time the model loads.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="354"/>
        <source>Reload the model now</source>
        <translation>Reload the model now</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="365"/>
        <location filename="../app/qml/SettingsDialog.qml" line="366"/>
        <source>Temperature</source>
        <translation>Temperature</translation>
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
        <translation>Repeat penalty</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="375"/>
        <location filename="../app/qml/SettingsDialog.qml" line="382"/>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="379"/>
        <location filename="../app/qml/SettingsDialog.qml" line="380"/>
        <source>Random</source>
        <translation>Random</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="384"/>
        <source>Max tokens</source>
        <translation>Max tokens</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="385"/>
        <source>Maximum answer length in tokens</source>
        <translation>Maximum answer length in tokens</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="386"/>
        <source>Thinking budget</source>
        <translation>Thinking budget</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="393"/>
        <location filename="../app/qml/SettingsDialog.qml" line="394"/>
        <source>Unlimited</source>
        <translation>Unlimited</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="396"/>
        <source>Thinking budget in tokens</source>
        <translation>Thinking budget in tokens</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="431"/>
        <source>These values are kept for %1.</source>
        <translation>These values are kept for %1.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="435"/>
        <source>Reset to the model&apos;s recommended values</source>
        <translation>Reset to the model&apos;s recommended values</translation>
    </message>
    <message>
        <source>System prompt of this chat</source>
        <translation type="vanished">System prompt of this chat</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="454"/>
        <source>For example: You are a concise assistant.</source>
        <translation>For example: You are a concise assistant.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="445"/>
        <source>Default for new chats with this model</source>
        <translation>Default for new chats with this model</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="456"/>
        <source>Default system prompt</source>
        <translation>Default system prompt</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="340"/>
        <location filename="../app/qml/SettingsDialog.qml" line="341"/>
        <source>Model default</source>
        <translation>Model default</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="34"/>
        <source>cannot be used</source>
        <translation>cannot be used</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="36"/>
        <source>dedicated GPU, %1</source>
        <translation>dedicated GPU, %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="37"/>
        <source>integrated GPU, %1</source>
        <translation>integrated GPU, %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="38"/>
        <source>virtual GPU, %1</source>
        <translation>virtual GPU, %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="39"/>
        <source>runs on the CPU, slower than the CPU backend</source>
        <translation>runs on the CPU, slower than the CPU backend</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="40"/>
        <source>other Vulkan device, %1</source>
        <translation>other Vulkan device, %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="60"/>
        <source>Uses the best GPU, else SmolDesk&apos;s own CPU backend.</source>
        <translation>Uses the best GPU, else SmolDesk&apos;s own CPU backend.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="64"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="67"/>
        <source>A CPU implementation of Vulkan: slower than the CPU backend, useful for testing only.</source>
        <translation>A CPU implementation of Vulkan: slower than the CPU backend, useful for testing only.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="72"/>
        <source>Vulkan device %1 (not found)</source>
        <translation>Vulkan device %1 (not found)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="73"/>
        <source>This device is not present now; the model runs on the CPU.</source>
        <translation>This device is not present now; the model runs on the CPU.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="76"/>
        <source>CPU safe mode is on: GPUs are neither listed nor used.</source>
        <translation>CPU safe mode is on: GPUs are neither listed nor used.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="80"/>
        <source>No Vulkan device was found: the CPU is used.</source>
        <translation>No Vulkan device was found: the CPU is used.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="22"/>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="398"/>
        <source>New chats</source>
        <translation>New chats</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="401"/>
        <source>Think before answering</source>
        <translation>Think before answering</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="405"/>
        <source>Think in new chats</source>
        <translation>Think in new chats</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="130"/>
        <source>API server</source>
        <translation>API server</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="310"/>
        <source>Off</source>
        <translation>Off</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="331"/>
        <source>Choose…</source>
        <translation>Choose…</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="479"/>
        <location filename="../app/qml/SettingsDialog.qml" line="485"/>
        <source>Local API server</source>
        <translation>Local API server</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="484"/>
        <source>Let other programs use the loaded model</source>
        <translation>Let other programs use the loaded model</translation>
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
        <translation>Running at %1 (OpenAI-compatible: /v1/chat/completions, /v1/completions, /v1/models).</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="505"/>
        <source>Not running: %1</source>
        <translation>Not running: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="506"/>
        <source>Off.</source>
        <translation>Off.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="513"/>
        <source>The server listens on this computer only (127.0.0.1); when the port is taken the next free one is used. Requests wait behind the chat for the one model. The request log is part of Copy diagnostics in the About dialog.</source>
        <translation>The server listens on this computer only (127.0.0.1); when the port is taken the next free one is used. Requests wait behind the chat for the one model. The request log is part of Copy diagnostics in the About dialog.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="469"/>
        <source>A chat&apos;s own system prompt is set with the System prompt button beside its prompt box.</source>
        <translation>A chat&apos;s own system prompt is set with the System prompt button beside its prompt box.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="54"/>
        <source>The only Vulkan device, “%1”, is a CPU implementation: there is no GPU to check.</source>
        <translation>The only Vulkan device, “%1”, is a CPU implementation: there is no GPU to check.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="55"/>
        <source>No Vulkan GPU was found: there is no GPU to check.</source>
        <translation>No Vulkan GPU was found: there is no GPU to check.</translation>
    </message>
</context>
<context>
    <name>Sidebar</name>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="19"/>
        <source>New chat</source>
        <translation>New chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="21"/>
        <source>Start a new chat</source>
        <translation>Start a new chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="23"/>
        <source>Ctrl+N</source>
        <translation>Ctrl+N</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="32"/>
        <source>Search chats</source>
        <translation>Search chats</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="33"/>
        <source>Search conversations</source>
        <translation>Search conversations</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="75"/>
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="128"/>
        <source>Conversation actions</source>
        <translation>Conversation actions</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="133"/>
        <source>Rename…</source>
        <translation>Rename…</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="134"/>
        <source>Export as Markdown…</source>
        <translation>Export as Markdown…</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="135"/>
        <source>Export as JSON…</source>
        <translation>Export as JSON…</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="137"/>
        <location filename="../app/qml/Sidebar.qml" line="189"/>
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="148"/>
        <source>No chat matches “%1”.</source>
        <translation>No chat matches “%1”.</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="148"/>
        <source>Your chats appear here.</source>
        <translation>Your chats appear here.</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="161"/>
        <source>Rename chat</source>
        <translation>Rename chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="171"/>
        <source>Chat title</source>
        <translation>Chat title</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="186"/>
        <source>Delete chat</source>
        <translation>Delete chat</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="193"/>
        <source>Delete “%1”? This cannot be undone.</source>
        <translation>Delete “%1”? This cannot be undone.</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="164"/>
        <source>Rename</source>
        <translation>Rename</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="165"/>
        <location filename="../app/qml/Sidebar.qml" line="190"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="62"/>
        <source>Clear the search</source>
        <translation>Clear the search</translation>
    </message>
</context>
<context>
    <name>SourceViewer</name>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="51"/>
        <source>page %1</source>
        <translation>page %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="52"/>
        <source>line %1</source>
        <translation>line %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="56"/>
        <source>Open in system viewer</source>
        <translation>Open in system viewer</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="62"/>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="72"/>
        <source>The PDF viewer is not installed (Qt PDF Quick); open the file in your system&apos;s viewer.</source>
        <translation>The PDF viewer is not installed (Qt PDF Quick); open the file in your system&apos;s viewer.</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="73"/>
        <source>%1 cannot be read as a PDF.</source>
        <translation>%1 cannot be read as a PDF.</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="114"/>
        <source>Text of %1</source>
        <translation>Text of %1</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="28"/>
        <source>%1 on %2</source>
        <translation>%1 on %2</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="31"/>
        <source>Loading…</source>
        <translation>Loading…</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="31"/>
        <source>No model loaded</source>
        <translation>No model loaded</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="64"/>
        <source>GPU not used…</source>
        <translation>GPU not used…</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="71"/>
        <source>GPU not used: %1</source>
        <translation>GPU not used: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="72"/>
        <source>Opens the model information</source>
        <translation>Opens the model information</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="76"/>
        <source>CPU safe mode</source>
        <translation>CPU safe mode</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="106"/>
        <source>%1 tokens/s</source>
        <translation>%1 tokens/s</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="109"/>
        <source>Context</source>
        <translation>Context</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="119"/>
        <source>Context used</source>
        <translation>Context used</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="124"/>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="133"/>
        <source>Context: %1 tokens</source>
        <translation>Context: %1 tokens</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="83"/>
        <source>API %1</source>
        <translation>API %1</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="91"/>
        <source>The local API server runs at this address: click to copy it</source>
        <translation>The local API server runs at this address: click to copy it</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="92"/>
        <source>Copy the API server address</source>
        <translation>Copy the API server address</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="95"/>
        <source>Address copied</source>
        <translation>Address copied</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="45"/>
        <source>on %1</source>
        <translation>on %1</translation>
    </message>
</context>
<context>
    <name>ThinkingBlock</name>
    <message>
        <location filename="../app/qml/ThinkingBlock.qml" line="41"/>
        <source>Thinking…</source>
        <translation>Thinking…</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/ThinkingBlock.qml" line="41"/>
        <source>Thought for %n s</source>
        <translation>
            <numerusform>Thought for %n s</numerusform>
            <numerusform>Thought for %n s</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/ThinkingBlock.qml" line="60"/>
        <source>Thought</source>
        <translation>Thought</translation>
    </message>
</context>
<context>
    <name>ToolCallCard</name>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="25"/>
        <source>Tool call %1 on %2</source>
        <translation>Tool call %1 on %2</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="29"/>
        <source>Waiting for your consent</source>
        <translation>Waiting for your consent</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="30"/>
        <source>Running…</source>
        <translation>Running…</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="31"/>
        <source>Done</source>
        <translation>Done</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="32"/>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="33"/>
        <source>Denied</source>
        <translation>Denied</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="34"/>
        <source>Stopped</source>
        <translation>Stopped</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="35"/>
        <source>Interrupted</source>
        <translation>Interrupted</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="50"/>
        <source>Tool: %1</source>
        <translation>Tool: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="57"/>
        <source>on %1</source>
        <translation>on %1</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="57"/>
        <source>in your documents</source>
        <translation>in your documents</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="87"/>
        <source>Arguments</source>
        <translation>Arguments</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="95"/>
        <source>Allow once</source>
        <translation>Allow once</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="97"/>
        <source>Allow this call of %1 once</source>
        <translation>Allow this call of %1 once</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="102"/>
        <source>Always allow this tool</source>
        <translation>Always allow this tool</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="103"/>
        <source>Always allow %1 of %2</source>
        <translation>Always allow %1 of %2</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="108"/>
        <source>Deny</source>
        <translation>Deny</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="109"/>
        <source>Deny this call of %1</source>
        <translation>Deny this call of %1</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="116"/>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="117"/>
        <source>Stop this call of %1</source>
        <translation>Stop this call of %1</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="124"/>
        <source>Hide result</source>
        <translation>Hide result</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="124"/>
        <source>Show result (%1 characters)</source>
        <translation>Show result (%1 characters)</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="125"/>
        <source>Hide the result</source>
        <translation>Hide the result</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="125"/>
        <source>Show the result</source>
        <translation>Show the result</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="142"/>
        <source>Result</source>
        <translation>Result</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="147"/>
        <source>Show all</source>
        <translation>Show all</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="148"/>
        <source>Show the whole result</source>
        <translation>Show the whole result</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="170"/>
        <source>Image %1 of the result (%2)</source>
        <translation>Image %1 of the result (%2)</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/ToolCallCard.qml" line="177"/>
        <source>%n more image(s) not shown (too large or not an image SmolDesk can show).</source>
        <translation>
            <numerusform>%n more image not shown (too large or not an image SmolDesk can show).</numerusform>
            <numerusform>%n more images not shown (too large or not images SmolDesk can show).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ToolServerDialog</name>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="17"/>
        <source>Add a tool server</source>
        <translation>Add a tool server</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="17"/>
        <source>Edit tool server</source>
        <translation>Edit tool server</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="21"/>
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="22"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
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
        <translation>Connection</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="63"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="66"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="73"/>
        <source>Command</source>
        <translation>Command</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="64"/>
        <source>HTTP address</source>
        <translation>HTTP address</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="72"/>
        <source>for example npx</source>
        <translation>for example npx</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="75"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="87"/>
        <source>Arguments</source>
        <translation>Arguments</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="86"/>
        <source>one per line</source>
        <translation>one per line</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="95"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="105"/>
        <source>Environment</source>
        <translation>Environment</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="104"/>
        <source>NAME=value, one per line (kept out of the log)</source>
        <translation>NAME=value, one per line (kept out of the log)</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="113"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="120"/>
        <source>Address</source>
        <translation>Address</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="122"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="129"/>
        <source>Bearer token</source>
        <translation>Bearer token</translation>
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
        <translation>Time limit per request</translation>
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
        <translation>Add server…</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="24"/>
        <source>Import mcp.json…</source>
        <translation>Import mcp.json…</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="28"/>
        <location filename="../app/qml/ToolsSettings.qml" line="35"/>
        <source>Tool rounds per answer</source>
        <translation>Tool rounds per answer</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="50"/>
        <source>No tool servers yet. Add one (a command such as npx -y @modelcontextprotocol/server-filesystem ~/Documents, or an http:// address), or import the mcp.json of Claude Desktop, Cursor or LM Studio. The model asks before every call; nothing runs without your consent.</source>
        <translation>No tool servers yet. Add one (a command such as npx -y @modelcontextprotocol/server-filesystem ~/Documents, or an http:// address), or import the mcp.json of Claude Desktop, Cursor or LM Studio. The model asks before every call; nothing runs without your consent.</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="89"/>
        <source>Use %1</source>
        <translation>Use %1</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="104"/>
        <source>Reconnect</source>
        <translation>Reconnect</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="110"/>
        <source>Edit…</source>
        <translation>Edit…</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="115"/>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="129"/>
        <source>Hide tools</source>
        <translation>Hide tools</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="129"/>
        <source>Show 1 tool</source>
        <translation>Show 1 tool</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="129"/>
        <source>Show %1 tools</source>
        <translation>Show %1 tools</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="158"/>
        <source>Revoke “Always allow”</source>
        <translation>Revoke “Always allow”</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="170"/>
        <source>Import MCP servers</source>
        <translation>Import MCP servers</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="171"/>
        <source>Import</source>
        <translation>Import</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="172"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="173"/>
        <source>MCP configuration (*.json)</source>
        <translation>MCP configuration (*.json)</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="173"/>
        <source>All files (*)</source>
        <translation>All files (*)</translation>
    </message>
</context>
<context>
    <name>WelcomeView</name>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="28"/>
        <source>What can I help with?</source>
        <translation>What can I help with?</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="28"/>
        <source>Welcome to SmolDesk</source>
        <translation>Welcome to SmolDesk</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="42"/>
        <source>Loading %1…</source>
        <translation>Loading %1…</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="44"/>
        <source>The tiny bundled demo model is loaded. It only tells short children&apos;s stories, but it works offline. For real answers, download SmolLM3 or open a GGUF model you already have.</source>
        <translation>The tiny bundled demo model is loaded. It only tells short children&apos;s stories, but it works offline. For real answers, download SmolLM3 or open a GGUF model you already have.</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="49"/>
        <source>Everything runs on this computer. Nothing you type leaves it.</source>
        <translation>Everything runs on this computer. Nothing you type leaves it.</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="50"/>
        <source>Chat with language models that run entirely on this computer. Start with SmolLM3, or open a GGUF model you already have.</source>
        <translation>Chat with language models that run entirely on this computer. Start with SmolLM3, or open a GGUF model you already have.</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="62"/>
        <source>Download %1 (%2)</source>
        <translation>Download %1 (%2)</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="63"/>
        <source>Download the recommended model</source>
        <translation>Download the recommended model</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="70"/>
        <source>More models…</source>
        <translation>More models…</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="71"/>
        <source>Choose another model to download</source>
        <translation>Choose another model to download</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="76"/>
        <source>Open a GGUF file…</source>
        <translation>Open a GGUF file…</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="77"/>
        <source>Open a GGUF file</source>
        <translation>Open a GGUF file</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="91"/>
        <source>Download progress</source>
        <translation>Download progress</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="97"/>
        <source>Checking the download…</source>
        <translation>Checking the download…</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="99"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="113"/>
        <source>Tip: drop a .gguf file anywhere on this window.</source>
        <translation>Tip: drop a .gguf file anywhere on this window.</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="46"/>
        <source>%1 answers from the endpoint “%2” at %3. What you type is sent to that server.</source>
        <translation>%1 answers from the endpoint “%2” at %3. What you type is sent to that server.</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::Catalogue</name>
    <message>
        <location filename="../app/src/catalogue.cpp" line="54"/>
        <source>Fits this computer</source>
        <translation>Fits this computer</translation>
    </message>
    <message>
        <location filename="../app/src/catalogue.cpp" line="56"/>
        <source>Needs about %1; %2 are free</source>
        <translation>Needs about %1; %2 are free</translation>
    </message>
    <message>
        <location filename="../app/src/catalogue.cpp" line="61"/>
        <source>Needs about %1</source>
        <translation>Needs about %1</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ChatController</name>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="137"/>
        <source>The tool “%1” is left out of your chats: its parameters cannot be held to their schema (%2)</source>
        <translation>The tool “%1” is left out of your chats: its parameters cannot be held to their schema (%2)</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="72"/>
        <source>The conversation database cannot be opened: %1</source>
        <translation>The conversation database cannot be opened: %1</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="267"/>
        <source>The call was interrupted before it ran.</source>
        <translation>The call was interrupted before it ran.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="383"/>
        <source>New chat</source>
        <translation>New chat</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="467"/>
        <source>This model cannot see images: no mmproj file was given or found next to it.</source>
        <translation>This model cannot see images: no mmproj file was given or found next to it.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="472"/>
        <source>Image</source>
        <translation>Image</translation>
    </message>
    <message>
        <source>%1 tokens/s · first token %2 ms · %3 tokens</source>
        <translation type="vanished">%1 tokens/s · first token %2 ms · %3 tokens</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="vanished">stopped</translation>
    </message>
    <message>
        <source>context full</source>
        <translation type="vanished">context full</translation>
    </message>
    <message>
        <source>length limit</source>
        <translation type="vanished">length limit</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="766"/>
        <location filename="../app/src/chat_controller.cpp" line="785"/>
        <source>The prompt alone does not fit into the context of %1 tokens.</source>
        <translation>The prompt alone does not fit into the context of %1 tokens.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="922"/>
        <source>The conversation cannot be exported: %1</source>
        <translation>The conversation cannot be exported: %1</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ChatDocuments</name>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="28"/>
        <source>1 file</source>
        <translation>1 file</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="28"/>
        <source>%1 files</source>
        <translation>%1 files</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="31"/>
        <source>Using: %1 — %2</source>
        <translation>Using: %1 — %2</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="33"/>
        <source>Using: %1 folders — %2</source>
        <translation>Using: %1 folders — %2</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="34"/>
        <source>Using: Documents — %1</source>
        <translation>Using: Documents — %1</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="29"/>
        <source>Documents off</source>
        <translation>Documents off</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="72"/>
        <source>Using: %1</source>
        <translation>Using: %1</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="73"/>
        <source>Using: %1 files</source>
        <translation>Using: %1 files</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ChatImages</name>
    <message>
        <location filename="../app/src/chat_images.cpp" line="33"/>
        <source>The image is empty.</source>
        <translation>The image is empty.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_images.cpp" line="49"/>
        <source>This data URL holds no base64 image.</source>
        <translation>This data URL holds no base64 image.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_images.cpp" line="57"/>
        <source>The image %1 cannot be read: %2</source>
        <translation>The image %1 cannot be read: %2</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::Downloader</name>
    <message>
        <location filename="../app/src/downloader.cpp" line="34"/>
        <source>the server refused the connection</source>
        <translation>the server refused the connection</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="36"/>
        <source>the server closed the connection</source>
        <translation>the server closed the connection</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="38"/>
        <source>the server stopped answering</source>
        <translation>the server stopped answering</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="40"/>
        <source>the secure connection could not be set up</source>
        <translation>the secure connection could not be set up</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="43"/>
        <source>the network went away</source>
        <translation>the network went away</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="45"/>
        <source>the network failed</source>
        <translation>the network failed</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="80"/>
        <source>%1 of %2</source>
        <translation>%1 of %2</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="82"/>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="105"/>
        <source>The model catalogue is missing.</source>
        <translation>The model catalogue is missing.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="114"/>
        <source>The model catalogue has no entry “%1”.</source>
        <translation>The model catalogue has no entry “%1”.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="159"/>
        <location filename="../app/src/downloader.cpp" line="216"/>
        <source>Cannot write &apos;%1&apos;: %2</source>
        <translation>Cannot write &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="182"/>
        <source>The server redirected the download to an unencrypted address; it was stopped.</source>
        <translation>The server redirected the download to an unencrypted address; it was stopped.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="252"/>
        <source>The server answered HTTP %1 (%2).</source>
        <translation>The server answered HTTP %1 (%2).</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="262"/>
        <source>There is no connection to %1 (%2). Check the network and try again.</source>
        <translation>There is no connection to %1 (%2). Check the network and try again.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="266"/>
        <source>The download stopped after %1: %2. Start it again to resume.</source>
        <translation>The download stopped after %1: %2. Start it again to resume.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="293"/>
        <source>The server did not say the file&apos;s checksum, so the download cannot be verified; it was not kept.</source>
        <translation>The server did not say the file&apos;s checksum, so the download cannot be verified; it was not kept.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="303"/>
        <source>The download stopped after %1 of %2. Start it again to resume.</source>
        <translation>The download stopped after %1 of %2. Start it again to resume.</translation>
    </message>
    <message>
        <source>The download was interrupted: %1. Start it again to resume.</source>
        <translation type="vanished">The download was interrupted: %1. Start it again to resume.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="309"/>
        <source>The download has %1 bytes, expected %2.</source>
        <translation>The download has %1 bytes, expected %2.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="318"/>
        <source>The download is damaged (sha256 mismatch). Please try again.</source>
        <translation>The download is damaged (sha256 mismatch). Please try again.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="324"/>
        <source>Cannot move the download to &apos;%1&apos;.</source>
        <translation>Cannot move the download to &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>%1 of %2 bytes arrived</source>
        <translation type="vanished">%1 of %2 bytes arrived</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::LanguageManager</name>
    <message>
        <location filename="../app/src/language_manager.cpp" line="12"/>
        <source>System language</source>
        <translation>System language</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ModelManager</name>
    <message>
        <location filename="../app/src/model_manager.cpp" line="204"/>
        <source>There is no remote endpoint “%1” any more: add it again in Settings ▸ Models.</source>
        <translation>There is no remote endpoint “%1” any more: add it again in Settings ▸ Models.</translation>
    </message>
    <message>
        <location filename="../app/src/model_manager.cpp" line="214"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../app/src/model_manager.cpp" line="215"/>
        <source>remote</source>
        <translation>remote</translation>
    </message>
    <message>
        <location filename="../app/src/model_manager.cpp" line="401"/>
        <source>The GPU stopped working, so SmolDesk continues on the CPU. %1</source>
        <translation>The GPU stopped working, so SmolDesk continues on the CPU. %1</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ModelSource</name>
    <message>
        <location filename="../app/src/model_source.h" line="35"/>
        <source>%1 reads documents with the local engine only.</source>
        <translation>%1 reads documents with the local engine only.</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::RemoteEndpoints</name>
    <message>
        <location filename="../app/src/remote_endpoints.cpp" line="11"/>
        <source>Connected: 1 model.</source>
        <translation>Connected: 1 model.</translation>
    </message>
    <message>
        <location filename="../app/src/remote_endpoints.cpp" line="12"/>
        <source>Connected: %1 models.</source>
        <translation>Connected: %1 models.</translation>
    </message>
    <message>
        <location filename="../app/src/remote_endpoints.cpp" line="98"/>
        <source>Give the endpoint a name.</source>
        <translation>Give the endpoint a name.</translation>
    </message>
    <message>
        <location filename="../app/src/remote_endpoints.cpp" line="113"/>
        <source>The API key cannot be stored.</source>
        <translation>The API key cannot be stored.</translation>
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
        <translation>%1 is no longer in %2: it was moved or deleted.</translation>
    </message>
    <message>
        <location filename="../app/src/source_viewer.cpp" line="71"/>
        <source>%1 is too large to show here; open it in your system&apos;s viewer.</source>
        <translation>%1 is too large to show here; open it in your system&apos;s viewer.</translation>
    </message>
    <message>
        <location filename="../app/src/source_viewer.cpp" line="82"/>
        <location filename="../app/src/source_viewer.cpp" line="101"/>
        <source>%1 cannot be read.</source>
        <translation>%1 cannot be read.</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ToolServers</name>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="59"/>
        <location filename="../app/src/tool_servers.cpp" line="72"/>
        <source>Off</source>
        <translation>Off</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="62"/>
        <source>Connecting…</source>
        <translation>Connecting…</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="65"/>
        <source>Connected, 1 tool</source>
        <translation>Connected, 1 tool</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="66"/>
        <source>Connected, %1 tools</source>
        <translation>Connected, %1 tools</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="68"/>
        <source>Failed: %1</source>
        <translation>Failed: %1</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="176"/>
        <source>Each environment line is NAME=value; “%1” is not.</source>
        <translation>Each environment line is NAME=value; “%1” is not.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="189"/>
        <source>Give the server a name.</source>
        <translation>Give the server a name.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="190"/>
        <source>A server&apos;s name cannot contain “/”.</source>
        <translation>A server&apos;s name cannot contain “/”.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="193"/>
        <source>There is already a server named “%1”.</source>
        <translation>There is already a server named “%1”.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="198"/>
        <source>The address must start with http:// or https://.</source>
        <translation>The address must start with http:// or https://.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="200"/>
        <source>Give the command that starts the server, or choose HTTP and give its address.</source>
        <translation>Give the command that starts the server, or choose HTTP and give its address.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="221"/>
        <source>This server no longer exists.</source>
        <translation>This server no longer exists.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="278"/>
        <source>Cannot read %1: %2.</source>
        <translation>Cannot read %1: %2.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="280"/>
        <source>%1 is larger than 4 MB; it is not an MCP configuration.</source>
        <translation>%1 is larger than 4 MB; it is not an MCP configuration.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="314"/>
        <source>Imported 1 server: %1.</source>
        <translation>Imported 1 server: %1.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="315"/>
        <source>Imported %1 servers: %2.</source>
        <translation>Imported %1 servers: %2.</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ToolTurn</name>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="32"/>
        <source>The tool server “%1” no longer offers “%2”; the call was not run.</source>
        <translation>The tool server “%1” no longer offers “%2”; the call was not run.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="111"/>
        <source>The model asked for more tools after %1 rounds, the limit set in Settings ▸ Tools; it was stopped.</source>
        <translation>The model asked for more tools after %1 rounds, the limit set in Settings ▸ Tools; it was stopped.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="193"/>
        <source>There is no tool named “%1” in this chat.</source>
        <translation>There is no tool named “%1” in this chat.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="195"/>
        <source>The arguments of “%1” are not a JSON object.</source>
        <translation>The arguments of “%1” are not a JSON object.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="217"/>
        <source>The user denied this call of %1.</source>
        <translation>The user denied this call of %1.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="228"/>
        <location filename="../app/src/tool_turn.cpp" line="251"/>
        <source>The user stopped this call.</source>
        <translation>The user stopped this call.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="235"/>
        <source>The tool server “%1” is off.</source>
        <translation>The tool server “%1” is off.</translation>
    </message>
</context>
<context>
    <name>smoldesk::library::FolderListModel</name>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="34"/>
        <source>page %1 has no text — scanned?</source>
        <translation>page %1 has no text — scanned?</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/library/folder_list_model.cpp" line="39"/>
        <source>pages %1 and %n more have no text — scanned?</source>
        <translation>
            <numerusform>pages %1 and %n more have no text — scanned?</numerusform>
            <numerusform>pages %1 and %n more have no text — scanned?</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="42"/>
        <source>pages %1 and %2 have no text — scanned?</source>
        <translation>pages %1 and %2 have no text — scanned?</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="53"/>
        <source>%1 is not a text file (it contains NUL bytes), so it was not indexed.</source>
        <translation>%1 is not a text file (it contains NUL bytes), so it was not indexed.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="55"/>
        <source>%1 has no text on its page (scanned? text in pictures cannot be read yet), so it was not indexed.</source>
        <translation>%1 has no text on its page (scanned? text in pictures cannot be read yet), so it was not indexed.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="59"/>
        <source>%1 has no text on any of its %2 pages (scanned? text in pictures cannot be read yet), so it was not indexed.</source>
        <translation>%1 has no text on any of its %2 pages (scanned? text in pictures cannot be read yet), so it was not indexed.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="63"/>
        <source>%1 has no pages.</source>
        <translation>%1 has no pages.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="65"/>
        <source>%1 is a PDF; PDF text extraction is not in this build yet.</source>
        <translation>%1 is a PDF; PDF text extraction is not in this build yet.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="67"/>
        <source>%1 is larger than 32 MiB; it was not indexed.</source>
        <translation>%1 is larger than 32 MiB; it was not indexed.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="70"/>
        <source>Cannot read %1.</source>
        <translation>Cannot read %1.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="70"/>
        <source>Cannot read %1: %2.</source>
        <translation>Cannot read %1: %2.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="71"/>
        <source>%1 could not be read: %2</source>
        <translation>%1 could not be read: %2</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="72"/>
        <source>%1 could not be embedded: %2</source>
        <translation>%1 could not be embedded: %2</translation>
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
        <translation>The embedding model could not be used: %1 Search uses keywords until it can.</translation>
    </message>
    <message>
        <location filename="../app/library/library.cpp" line="142"/>
        <source>%1 is not a folder.</source>
        <translation>%1 is not a folder.</translation>
    </message>
</context>
<context>
    <name>smoldesk::mcp::HttpTransport</name>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="25"/>
        <source>The MCP server “%1” has an address that is not an http or https URL.</source>
        <translation>The MCP server “%1” has an address that is not an http or https URL.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="101"/>
        <source>The MCP server “%1” refused the request (HTTP %2): check its bearer token or headers.</source>
        <translation>The MCP server “%1” refused the request (HTTP %2): check its bearer token or headers.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="105"/>
        <source>The MCP server “%1” ended the session (HTTP 404); turn it off and on to start a new one.</source>
        <translation>The MCP server “%1” ended the session (HTTP 404); turn it off and on to start a new one.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="109"/>
        <source>The MCP server “%1” broke off its answer: %2.</source>
        <translation>The MCP server “%1” broke off its answer: %2.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="112"/>
        <source>The MCP server “%1” answered HTTP %2%3.</source>
        <translation>The MCP server “%1” answered HTTP %2%3.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="117"/>
        <source>The MCP server “%1” at %2 cannot be reached: %3.</source>
        <translation>The MCP server “%1” at %2 cannot be reached: %3.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="146"/>
        <source>The MCP server “%1” closed its event stream without an answer.</source>
        <translation>The MCP server “%1” closed its event stream without an answer.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="153"/>
        <source>The MCP server “%1” accepted a request without answering it.</source>
        <translation>The MCP server “%1” accepted a request without answering it.</translation>
    </message>
</context>
<context>
    <name>smoldesk::mcp::McpClient</name>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="61"/>
        <source>The MCP server “%1” sent a message larger than %2 MB; it was dropped.</source>
        <translation>The MCP server “%1” sent a message larger than %2 MB; it was dropped.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="88"/>
        <source>The MCP server “%1” refused to start a session: %2</source>
        <translation>The MCP server “%1” refused to start a session: %2</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="99"/>
        <source>The MCP server “%1” was turned off.</source>
        <translation>The MCP server “%1” was turned off.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="131"/>
        <source>The MCP server “%1” speaks protocol version “%2”; SmolDesk speaks 2025-06-18 and 2025-03-26.</source>
        <translation>The MCP server “%1” speaks protocol version “%2”; SmolDesk speaks 2025-06-18 and 2025-03-26.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="159"/>
        <source>The MCP server “%1” could not list its tools: %2</source>
        <translation>The MCP server “%1” could not list its tools: %2</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="201"/>
        <source>The MCP server “%1” did not answer %2 within its %3-second limit.</source>
        <translation>The MCP server “%1” did not answer %2 within its %3-second limit.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="206"/>
        <source>It sent something that is not an MCP message: “%1”.</source>
        <translation>It sent something that is not an MCP message: “%1”.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="241"/>
        <source>The MCP server “%1” sent something that is not an MCP message (%2): “%3”.</source>
        <translation>The MCP server “%1” sent something that is not an MCP message (%2): “%3”.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="297"/>
        <source>The MCP server “%1” cancelled the request: %2</source>
        <translation>The MCP server “%1” cancelled the request: %2</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="315"/>
        <source>The MCP server “%1” is not connected.</source>
        <translation>The MCP server “%1” is not connected.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="327"/>
        <source>The MCP server “%1” could not run “%2”: %3</source>
        <translation>The MCP server “%1” could not run “%2”: %3</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="351"/>
        <source>The call was stopped.</source>
        <translation>The call was stopped.</translation>
    </message>
</context>
<context>
    <name>smoldesk::mcp::StdioTransport</name>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="77"/>
        <source>The MCP server “%1” could not be started (%2): %3.</source>
        <translation>The MCP server “%1” could not be started (%2): %3.</translation>
    </message>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="88"/>
        <source>crashed</source>
        <translation>crashed</translation>
    </message>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="88"/>
        <source>exited with code %1</source>
        <translation>exited with code %1</translation>
    </message>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="90"/>
        <source>The MCP server “%1” %2.</source>
        <translation>The MCP server “%1” %2.</translation>
    </message>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="91"/>
        <source>The MCP server “%1” %2: %3</source>
        <translation>The MCP server “%1” %2: %3</translation>
    </message>
</context>
</TS>
