<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
    <context>
        <name>AboutDialog</name>
        <message>
            <source>About SmolDesk</source>
            <translation>About SmolDesk</translation>
        </message>
        <message>
            <source>Version %1</source>
            <translation>Version %1</translation>
        </message>
        <message>
            <source>Language models on your own computer. No account, no cloud, no telemetry: nothing leaves this machine unless you download a model.</source>
            <translation>Language models on your own computer. No account, no cloud, no telemetry: nothing leaves this machine unless you download a model.</translation>
        </message>
        <message>
            <source>Log file: %1</source>
            <translation>Log file: %1</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>Copied</translation>
        </message>
        <message>
            <source>Copy diagnostics</source>
            <translation>Copy diagnostics</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Close</translation>
        </message>
    </context>
    <context>
        <name>ChatView</name>
        <message>
            <source>Messages</source>
            <translation>Messages</translation>
        </message>
    </context>
    <context>
        <name>CodeBlock</name>
        <message>
            <source>code</source>
            <translation>code</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>Copied</translation>
        </message>
        <message>
            <source>Copy code</source>
            <translation>Copy code</translation>
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
            <translation>Let the model think longer before it answers (this chat only). %1 cannot stop reasoning entirely: with Think off it still reasons, briefly.</translation>
        </message>
        <message>
            <source>Ask anything… (Enter sends, Shift+Enter adds a line)</source>
            <translation>Ask anything… (Enter sends, Shift+Enter adds a line)</translation>
        </message>
        <message>
            <source>Open a model to start chatting</source>
            <translation>Open a model to start chatting</translation>
        </message>
        <message>
            <source>Prompt</source>
            <translation>Prompt</translation>
        </message>
        <message>
            <source>Think</source>
            <translation>Think</translation>
        </message>
        <message>
            <source>Thinking</source>
            <translation>Thinking</translation>
        </message>
        <message>
            <source>Let the model think before it answers (this chat only)</source>
            <translation>Let the model think before it answers (this chat only)</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Stop</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>Send</translation>
        </message>
        <message>
            <source>Stop the answer</source>
            <translation>Stop the answer</translation>
        </message>
        <message>
            <source>Send the prompt</source>
            <translation>Send the prompt</translation>
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
            <translation>Thinking depends on the model&apos;s chat template; load a model first</translation>
        </message>
        <message>
            <source>Thinking is not available: the chat template of %1 has no thinking mode</source>
            <translation>Thinking is not available: the chat template of %1 has no thinking mode</translation>
        </message>
        <message>
            <source>The context is full: this chat no longer fits into the model&apos;s %1 tokens. Leave the oldest turns out, or continue in a new chat.</source>
            <translation>The context is full: this chat no longer fits into the model&apos;s %1 tokens. Leave the oldest turns out, or continue in a new chat.</translation>
        </message>
        <message>
            <source>The context is %1% full. When it is full, the oldest turns have to be left out, or you continue in a new chat.</source>
            <translation>The context is %1% full. When it is full, the oldest turns have to be left out, or you continue in a new chat.</translation>
        </message>
        <message>
            <source>Drop oldest turns</source>
            <translation>Drop oldest turns</translation>
        </message>
        <message>
            <source>New chat</source>
            <translation>New chat</translation>
        </message>
        <message>
            <source>Ask anything… it is sent when the model has loaded</source>
            <translation>Ask anything… it is sent when the model has loaded</translation>
        </message>
        <message>
            <source>Your message will be sent when %1 has loaded.</source>
            <translation>Your message will be sent when %1 has loaded.</translation>
        </message>
        <message>
            <source>The context is full: this chat no longer fits into the model&apos;s %1 tokens, and no older turn is left to leave out. Continue in a new chat.</source>
            <translation>The context is full: this chat no longer fits into the model&apos;s %1 tokens, and no older turn is left to leave out. Continue in a new chat.</translation>
        </message>
        <message>
            <source>System prompt ✓</source>
            <translation>System prompt ✓</translation>
        </message>
        <message>
            <source>System prompt</source>
            <translation>System prompt</translation>
        </message>
        <message>
            <source>System prompt of this chat</source>
            <translation>System prompt of this chat</translation>
        </message>
        <message>
            <source>Give this chat instructions that the model follows in every answer</source>
            <translation>Give this chat instructions that the model follows in every answer</translation>
        </message>
        <message>
            <source>For example: You are a concise assistant.</source>
            <translation>For example: You are a concise assistant.</translation>
        </message>
        <message>
            <source>Applies to the next answer. New chats start with the default from Settings.</source>
            <translation>Applies to the next answer. New chats start with the default from Settings.</translation>
        </message>
        <message>
            <source>Done</source>
            <translation>Done</translation>
        </message>
    </context>
    <context>
        <name>ContextDialogs</name>
        <message>
            <source>The conversation is too long</source>
            <translation>The conversation is too long</translation>
        </message>
        <message>
            <source>The conversation needs %1 tokens, but the model's context holds %2. Drop the oldest turns (the system prompt stays), or continue in a new chat?</source>
            <translation>The conversation needs %1 tokens, but the model's context holds %2. Drop the oldest turns (the system prompt stays), or continue in a new chat?</translation>
        </message>
        <message>
            <source>Drop oldest turns</source>
            <translation>Drop oldest turns</translation>
        </message>
        <message>
            <source>Start a new chat</source>
            <translation>Start a new chat</translation>
        </message>
        <message>
            <source>Edit prompt</source>
            <translation>Edit prompt</translation>
        </message>
        <message>
            <source>Sending the edited prompt removes every later message of this chat. Continue?</source>
            <translation>Sending the edited prompt removes every later message of this chat. Continue?</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>Send</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Cancel</translation>
        </message>
    </context>
    <context>
        <name>ErrorText</name>
        <message>
            <source>The file cannot be read.</source>
            <translation>The file cannot be read.</translation>
        </message>
        <message>
            <source>This is not a GGUF model file.</source>
            <translation>This is not a GGUF model file.</translation>
        </message>
        <message>
            <source>This GGUF version is not supported.</source>
            <translation>This GGUF version is not supported.</translation>
        </message>
        <message>
            <source>The file is truncated (an incomplete download?).</source>
            <translation>The file is truncated (an incomplete download?).</translation>
        </message>
        <message>
            <source>The file is damaged.</source>
            <translation>The file is damaged.</translation>
        </message>
        <message>
            <source>The model's metadata has an unexpected type.</source>
            <translation>The model's metadata has an unexpected type.</translation>
        </message>
        <message>
            <source>The model is missing required metadata or tensors.</source>
            <translation>The model is missing required metadata or tensors.</translation>
        </message>
        <message>
            <source>This model architecture is not supported.</source>
            <translation>This model architecture is not supported.</translation>
        </message>
        <message>
            <source>The model uses a tensor type that is not supported.</source>
            <translation>The model uses a tensor type that is not supported.</translation>
        </message>
        <message>
            <source>The model's tokenizer is not supported.</source>
            <translation>The model's tokenizer is not supported.</translation>
        </message>
        <message>
            <source>A tensor's shape does not match the model's parameters.</source>
            <translation>A tensor's shape does not match the model's parameters.</translation>
        </message>
        <message>
            <source>The request is not valid for this model.</source>
            <translation>The request is not valid for this model.</translation>
        </message>
        <message>
            <source>There is not enough memory.</source>
            <translation>There is not enough memory.</translation>
        </message>
        <message>
            <source>The model's chat template cannot be used.</source>
            <translation>The model's chat template cannot be used.</translation>
        </message>
        <message>
            <source>The compute device failed.</source>
            <translation>The compute device failed.</translation>
        </message>
        <message>
            <source>No model is loaded.</source>
            <translation>No model is loaded.</translation>
        </message>
        <message>
            <source>The model is busy.</source>
            <translation>The model is busy.</translation>
        </message>
        <message>
            <source>Something went wrong.</source>
            <translation>Something went wrong.</translation>
        </message>
        <message>
            <source>Choose a .gguf model file.</source>
            <translation>Choose a .gguf model file.</translation>
        </message>
        <message>
            <source>Download the model again.</source>
            <translation>Download the model again.</translation>
        </message>
        <message>
            <source>Choose a model in a supported format.</source>
            <translation>Choose a model in a supported format.</translation>
        </message>
        <message>
            <source>Lower the context length or choose a smaller model.</source>
            <translation>Lower the context length or choose a smaller model.</translation>
        </message>
        <message>
            <source>Choose the CPU in the settings.</source>
            <translation>Choose the CPU in the settings.</translation>
        </message>
        <message>
            <source>Open a model first.</source>
            <translation>Open a model first.</translation>
        </message>
        <message>
            <source>Loading was cancelled.</source>
            <translation>Loading was cancelled.</translation>
        </message>
        <message>
            <source>The file %1 does not exist.</source>
            <translation>The file %1 does not exist.</translation>
        </message>
        <message>
            <source>The file %1 cannot be read.</source>
            <translation>The file %1 cannot be read.</translation>
        </message>
        <message>
            <source>The file is empty, so it is not a model.</source>
            <translation>The file is empty, so it is not a model.</translation>
        </message>
        <message>
            <source>This is not a GGUF model file: it does not start with the bytes “GGUF”.</source>
            <translation>This is not a GGUF model file: it does not start with the bytes “GGUF”.</translation>
        </message>
        <message>
            <source>The file is truncated: at least %1 bytes expected, %2 present — the download was probably interrupted.</source>
            <translation>The file is truncated: at least %1 bytes expected, %2 present — the download was probably interrupted.</translation>
        </message>
        <message>
            <source>The file is truncated: it ends after %1 bytes, inside its header — the download was probably interrupted.</source>
            <translation>The file is truncated: it ends after %1 bytes, inside its header — the download was probably interrupted.</translation>
        </message>
        <message>
            <source>The file is truncated — the download was probably interrupted.</source>
            <translation>The file is truncated — the download was probably interrupted.</translation>
        </message>
        <message>
            <source>The file is damaged: its header contradicts itself.</source>
            <translation>The file is damaged: its header contradicts itself.</translation>
        </message>
        <message>
            <source>This GGUF version is not supported (SmolDesk reads versions 2 and 3).</source>
            <translation>This GGUF version is not supported (SmolDesk reads versions 2 and 3).</translation>
        </message>
        <message>
            <source>The architecture “%1” is not supported (supported: %2).</source>
            <translation>The architecture “%1” is not supported (supported: %2).</translation>
        </message>
        <message>
            <source>The tensor type %1 is not supported.</source>
            <translation>The tensor type %1 is not supported.</translation>
        </message>
        <message>
            <source>Not enough memory: the model needs %1, %2 are free.</source>
            <translation>Not enough memory: the model needs %1, %2 are free.</translation>
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
            <translation>System prompt:</translation>
        </message>
        <message>
            <source>You</source>
            <translation>You</translation>
        </message>
        <message>
            <source>Assistant</source>
            <translation>Assistant</translation>
        </message>
    </context>
    <context>
        <name>Main</name>
        <message>
            <source>Conversation exported to %1</source>
            <translation>Conversation exported to %1</translation>
        </message>
        <message>
            <source>%1 — SmolDesk</source>
            <translation>%1 — SmolDesk</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;File</translation>
        </message>
        <message>
            <source>&amp;Open model…</source>
            <translation>&amp;Open model…</translation>
        </message>
        <message>
            <source>Recent models</source>
            <translation>Recent models</translation>
        </message>
        <message>
            <source>&amp;Download SmolLM3-3B…</source>
            <translation>&amp;Download SmolLM3-3B…</translation>
        </message>
        <message>
            <source>Export as &amp;Markdown…</source>
            <translation>Export as &amp;Markdown…</translation>
        </message>
        <message>
            <source>Export as &amp;JSON…</source>
            <translation>Export as &amp;JSON…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Quit</translation>
        </message>
        <message>
            <source>&amp;Chat</source>
            <translation>&amp;Chat</translation>
        </message>
        <message>
            <source>&amp;New chat</source>
            <translation>&amp;New chat</translation>
        </message>
        <message>
            <source>&amp;Stop</source>
            <translation>&amp;Stop</translation>
        </message>
        <message>
            <source>&amp;Regenerate answer</source>
            <translation>&amp;Regenerate answer</translation>
        </message>
        <message>
            <source>&amp;Copy conversation</source>
            <translation>&amp;Copy conversation</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;View</translation>
        </message>
        <message>
            <source>&amp;Model information</source>
            <translation>&amp;Model information</translation>
        </message>
        <message>
            <source>&amp;Settings…</source>
            <translation>&amp;Settings…</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>&amp;Help</translation>
        </message>
        <message>
            <source>&amp;About SmolDesk</source>
            <translation>&amp;About SmolDesk</translation>
        </message>
        <message>
            <source>Open a GGUF model</source>
            <translation>Open a GGUF model</translation>
        </message>
        <message>
            <source>GGUF models (*.gguf)</source>
            <translation>GGUF models (*.gguf)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>All files (*)</translation>
        </message>
        <message>
            <source>Export conversation</source>
            <translation>Export conversation</translation>
        </message>
        <message>
            <source>JSON files (*.json)</source>
            <translation>JSON files (*.json)</translation>
        </message>
        <message>
            <source>Markdown files (*.md)</source>
            <translation>Markdown files (*.md)</translation>
        </message>
        <message>
            <source>Open</source>
            <translation>Open</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Cancel</translation>
        </message>
        <message>
            <source>Export</source>
            <translation>Export</translation>
        </message>
    </context>
    <context>
        <name>MessageDelegate</name>
        <message>
            <source>Table</source>
            <translation>Table</translation>
        </message>
        <message>
            <source>Interrupted: SmolDesk closed before this answer was complete.</source>
            <translation>Interrupted: SmolDesk closed before this answer was complete.</translation>
        </message>
        <message>
            <source>Not in the model's context any more</source>
            <translation>Not in the model's context any more</translation>
        </message>
        <message>
            <source>Your message</source>
            <translation>Your message</translation>
        </message>
        <message>
            <source>Answer</source>
            <translation>Answer</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>Copy</translation>
        </message>
        <message>
            <source>Copy message</source>
            <translation>Copy message</translation>
        </message>
        <message>
            <source>Edit</source>
            <translation>Edit</translation>
        </message>
        <message>
            <source>Edit prompt</source>
            <translation>Edit prompt</translation>
        </message>
        <message>
            <source>Regenerate</source>
            <translation>Regenerate</translation>
        </message>
        <message>
            <source>Regenerate answer</source>
            <translation>Regenerate answer</translation>
        </message>
        <message>
            <source>Prompt text</source>
            <translation>Prompt text</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Cancel</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>Send</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>Copied</translation>
        </message>
        <message>
            <source>Reading your message…</source>
            <translation>Reading your message…</translation>
        </message>
        <message>
            <source>Writing…</source>
            <translation>Writing…</translation>
        </message>
        <message>
            <source>Reading your message… %1% (%2 tokens/s)</source>
            <translation>Reading your message… %1% (%2 tokens/s)</translation>
        </message>
        <message>
            <source>The demo model has no chat mode: it continues your words (in italics) as a story.</source>
            <translation>The demo model has no chat mode: it continues your words (in italics) as a story.</translation>
        </message>
    </context>
    <context>
        <name>ModelBanner</name>
        <message>
            <source>Loading %1…</source>
            <translation>Loading %1…</translation>
        </message>
        <message>
            <source>Loading progress</source>
            <translation>Loading progress</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Cancel</translation>
        </message>
        <message>
            <source>Cancel loading</source>
            <translation>Cancel loading</translation>
        </message>
        <message>
            <source>Open another model…</source>
            <translation>Open another model…</translation>
        </message>
        <message>
            <source>Dismiss</source>
            <translation>Dismiss</translation>
        </message>
    </context>
    <context>
        <name>ModelPanel</name>
        <message>
            <source>always, at a low, medium or high effort</source>
            <translation>always, at a low, medium or high effort</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>Model</translation>
        </message>
        <message>
            <source>Hide model information</source>
            <translation>Hide model information</translation>
        </message>
        <message>
            <source>No model selected</source>
            <translation>No model selected</translation>
        </message>
        <message>
            <source>Architecture</source>
            <translation>Architecture</translation>
        </message>
        <message>
            <source>Parameters</source>
            <translation>Parameters</translation>
        </message>
        <message>
            <source>Quantization</source>
            <translation>Quantization</translation>
        </message>
        <message>
            <source>File size</source>
            <translation>File size</translation>
        </message>
        <message>
            <source>Trained context</source>
            <translation>Trained context</translation>
        </message>
        <message>
            <source>%1 tokens</source>
            <translation>%1 tokens</translation>
        </message>
        <message>
            <source>Chat template</source>
            <translation>Chat template</translation>
        </message>
        <message>
            <source>Thinking</source>
            <translation>Thinking</translation>
        </message>
        <message>
            <source>supported</source>
            <translation>supported</translation>
        </message>
        <message>
            <source>not supported</source>
            <translation>not supported</translation>
        </message>
        <message>
            <source>Memory estimate</source>
            <translation>Memory estimate</translation>
        </message>
        <message>
            <source>Weights</source>
            <translation>Weights</translation>
        </message>
        <message>
            <source>KV cache</source>
            <translation>KV cache</translation>
        </message>
        <message>
            <source>%1 at %2 tokens</source>
            <translation>%1 at %2 tokens</translation>
        </message>
        <message>
            <source>Needed</source>
            <translation>Needed</translation>
        </message>
        <message>
            <source>Available</source>
            <translation>Available</translation>
        </message>
        <message>
            <source>Fits in the available memory.</source>
            <translation>Fits in the available memory.</translation>
        </message>
        <message>
            <source>Tight: other programs may be slowed down.</source>
            <translation>Tight: other programs may be slowed down.</translation>
        </message>
        <message>
            <source>Probably too large for the available memory. You can still try, or lower the context length.</source>
            <translation>Probably too large for the available memory. You can still try, or lower the context length.</translation>
        </message>
        <message>
            <source>Available memory is unknown.</source>
            <translation>Available memory is unknown.</translation>
        </message>
        <message>
            <source>Device</source>
            <translation>Device</translation>
        </message>
        <message>
            <source>Context</source>
            <translation>Context</translation>
        </message>
        <message>
            <source>Open another model…</source>
            <translation>Open another model…</translation>
        </message>
        <message>
            <source>GPU not used</source>
            <translation>GPU not used</translation>
        </message>
        <message>
            <source>the model&apos;s own chat template</source>
            <translation>the model&apos;s own chat template</translation>
        </message>
        <message>
            <source>none in the file; the built-in ChatML template is used</source>
            <translation>none in the file; the built-in ChatML template is used</translation>
        </message>
        <message>
            <source>none; the model continues your text (plain continuation, no chat turns)</source>
            <translation>none; the model continues your text (plain continuation, no chat turns)</translation>
        </message>
    </context>
    <context>
        <name>SettingsDialog</name>
        <message>
            <source>Reasoning effort</source>
            <translation>Reasoning effort</translation>
        </message>
        <message>
            <source>High when Think is on</source>
            <translation>High when Think is on</translation>
        </message>
        <message>
            <source>High reasoning effort when Think is on</source>
            <translation>High reasoning effort when Think is on</translation>
        </message>
        <message>
            <source>%1 cannot stop reasoning entirely: with Think off it still reasons, briefly (low effort). With Think on it reasons at medium effort, or high.</source>
            <translation>%1 cannot stop reasoning entirely: with Think off it still reasons, briefly (low effort). With Think on it reasons at medium effort, or high.</translation>
        </message>
        <message>
            <source>No Vulkan device can be used: %1 The CPU is used.</source>
            <translation>No Vulkan device can be used: %1 The CPU is used.</translation>
        </message>
        <message>
            <source>Settings</source>
            <translation>Settings</translation>
        </message>
        <message>
            <source>General</source>
            <translation>General</translation>
        </message>
        <message>
            <source>Sampling</source>
            <translation>Sampling</translation>
        </message>
        <message>
            <source>System prompt</source>
            <translation>System prompt</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>Language</translation>
        </message>
        <message>
            <source>Device</source>
            <translation>Device</translation>
        </message>
        <message>
            <source>Automatic (GPU when possible)</source>
            <translation>Automatic (GPU when possible)</translation>
        </message>
        <message>
            <source>CPU</source>
            <translation>CPU</translation>
        </message>
        <message>
            <source>CPU safe mode</source>
            <translation>CPU safe mode</translation>
        </message>
        <message>
            <source>Use only the CPU (entered by itself after a crash at GPU start)</source>
            <translation>Use only the CPU (entered by itself after a crash at GPU start)</translation>
        </message>
        <message>
            <source>Resume chats</source>
            <translation>Resume chats</translation>
        </message>
        <message>
            <source>Keep each chat's model state on disk, so a long chat continues at once when you come back to it (up to 2 GB)</source>
            <translation>Keep each chat's model state on disk, so a long chat continues at once when you come back to it (up to 2 GB)</translation>
        </message>
        <message>
            <source>Threads</source>
            <translation>Threads</translation>
        </message>
        <message>
            <source>Automatic</source>
            <translation>Automatic</translation>
        </message>
        <message>
            <source>Context length</source>
            <translation>Context length</translation>
        </message>
        <message>
            <source>Device, threads and context length apply the next time the model loads.</source>
            <translation>Device, threads and context length apply the next time the model loads.</translation>
        </message>
        <message>
            <source>Reload the model now</source>
            <translation>Reload the model now</translation>
        </message>
        <message>
            <source>Temperature</source>
            <translation>Temperature</translation>
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
            <translation>Repeat penalty</translation>
        </message>
        <message>
            <source>Seed</source>
            <translation>Seed</translation>
        </message>
        <message>
            <source>Random</source>
            <translation>Random</translation>
        </message>
        <message>
            <source>Max tokens</source>
            <translation>Max tokens</translation>
        </message>
        <message>
            <source>Maximum answer length in tokens</source>
            <translation>Maximum answer length in tokens</translation>
        </message>
        <message>
            <source>Thinking budget</source>
            <translation>Thinking budget</translation>
        </message>
        <message>
            <source>Unlimited</source>
            <translation>Unlimited</translation>
        </message>
        <message>
            <source>Thinking budget in tokens</source>
            <translation>Thinking budget in tokens</translation>
        </message>
        <message>
            <source>These values are kept for %1.</source>
            <translation>These values are kept for %1.</translation>
        </message>
        <message>
            <source>Reset to the model's recommended values</source>
            <translation>Reset to the model's recommended values</translation>
        </message>
        <message>
            <source>System prompt of this chat</source>
            <translation>System prompt of this chat</translation>
        </message>
        <message>
            <source>For example: You are a concise assistant.</source>
            <translation>For example: You are a concise assistant.</translation>
        </message>
        <message>
            <source>Default for new chats with this model</source>
            <translation>Default for new chats with this model</translation>
        </message>
        <message>
            <source>Default system prompt</source>
            <translation>Default system prompt</translation>
        </message>
        <message>
            <source>Model default</source>
            <translation>Model default</translation>
        </message>
        <message>
            <source>cannot be used</source>
            <translation>cannot be used</translation>
        </message>
        <message>
            <source>dedicated GPU, %1</source>
            <translation>dedicated GPU, %1</translation>
        </message>
        <message>
            <source>integrated GPU, %1</source>
            <translation>integrated GPU, %1</translation>
        </message>
        <message>
            <source>virtual GPU, %1</source>
            <translation>virtual GPU, %1</translation>
        </message>
        <message>
            <source>runs on the CPU, slower than the CPU backend</source>
            <translation>runs on the CPU, slower than the CPU backend</translation>
        </message>
        <message>
            <source>other Vulkan device, %1</source>
            <translation>other Vulkan device, %1</translation>
        </message>
        <message>
            <source>Uses the best GPU, else SmolDesk&apos;s own CPU backend.</source>
            <translation>Uses the best GPU, else SmolDesk&apos;s own CPU backend.</translation>
        </message>
        <message>
            <source>%1 — %2</source>
            <translation>%1 — %2</translation>
        </message>
        <message>
            <source>A CPU implementation of Vulkan: slower than the CPU backend, useful for testing only.</source>
            <translation>A CPU implementation of Vulkan: slower than the CPU backend, useful for testing only.</translation>
        </message>
        <message>
            <source>Vulkan device %1 (not found)</source>
            <translation>Vulkan device %1 (not found)</translation>
        </message>
        <message>
            <source>This device is not present now; the model runs on the CPU.</source>
            <translation>This device is not present now; the model runs on the CPU.</translation>
        </message>
        <message>
            <source>CPU safe mode is on: GPUs are neither listed nor used.</source>
            <translation>CPU safe mode is on: GPUs are neither listed nor used.</translation>
        </message>
        <message>
            <source>No Vulkan device was found: the CPU is used.</source>
            <translation>No Vulkan device was found: the CPU is used.</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Close</translation>
        </message>
        <message>
            <source>New chats</source>
            <translation>New chats</translation>
        </message>
        <message>
            <source>Think before answering</source>
            <translation>Think before answering</translation>
        </message>
        <message>
            <source>Think in new chats</source>
            <translation>Think in new chats</translation>
        </message>
        <message>
            <source>API server</source>
            <translation>API server</translation>
        </message>
        <message>
            <source>Local API server</source>
            <translation>Local API server</translation>
        </message>
        <message>
            <source>Let other programs use the loaded model</source>
            <translation>Let other programs use the loaded model</translation>
        </message>
        <message>
            <source>Port</source>
            <translation>Port</translation>
        </message>
        <message>
            <source>Running at %1 (OpenAI-compatible: /v1/chat/completions, /v1/completions, /v1/models).</source>
            <translation>Running at %1 (OpenAI-compatible: /v1/chat/completions, /v1/completions, /v1/models).</translation>
        </message>
        <message>
            <source>Not running: %1</source>
            <translation>Not running: %1</translation>
        </message>
        <message>
            <source>Off.</source>
            <translation>Off.</translation>
        </message>
        <message>
            <source>The server listens on this computer only (127.0.0.1); when the port is taken the next free one is used. Requests wait behind the chat for the one model. The request log is part of Copy diagnostics in the About dialog.</source>
            <translation>The server listens on this computer only (127.0.0.1); when the port is taken the next free one is used. Requests wait behind the chat for the one model. The request log is part of Copy diagnostics in the About dialog.</translation>
        </message>
        <message>
            <source>A chat&apos;s own system prompt is set with the System prompt button beside its prompt box.</source>
            <translation>A chat&apos;s own system prompt is set with the System prompt button beside its prompt box.</translation>
        </message>
    </context>
    <context>
        <name>Sidebar</name>
        <message>
            <source>New chat</source>
            <translation>New chat</translation>
        </message>
        <message>
            <source>Start a new chat</source>
            <translation>Start a new chat</translation>
        </message>
        <message>
            <source>Ctrl+N</source>
            <translation>Ctrl+N</translation>
        </message>
        <message>
            <source>Search chats</source>
            <translation>Search chats</translation>
        </message>
        <message>
            <source>Search conversations</source>
            <translation>Search conversations</translation>
        </message>
        <message>
            <source>Conversations</source>
            <translation>Conversations</translation>
        </message>
        <message>
            <source>Conversation actions</source>
            <translation>Conversation actions</translation>
        </message>
        <message>
            <source>Rename…</source>
            <translation>Rename…</translation>
        </message>
        <message>
            <source>Export as Markdown…</source>
            <translation>Export as Markdown…</translation>
        </message>
        <message>
            <source>Export as JSON…</source>
            <translation>Export as JSON…</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>Delete</translation>
        </message>
        <message>
            <source>No chat matches “%1”.</source>
            <translation>No chat matches “%1”.</translation>
        </message>
        <message>
            <source>Your chats appear here.</source>
            <translation>Your chats appear here.</translation>
        </message>
        <message>
            <source>Rename chat</source>
            <translation>Rename chat</translation>
        </message>
        <message>
            <source>Chat title</source>
            <translation>Chat title</translation>
        </message>
        <message>
            <source>Delete chat</source>
            <translation>Delete chat</translation>
        </message>
        <message>
            <source>Delete “%1”? This cannot be undone.</source>
            <translation>Delete “%1”? This cannot be undone.</translation>
        </message>
        <message>
            <source>Rename</source>
            <translation>Rename</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Cancel</translation>
        </message>
    </context>
    <context>
        <name>StatusBar</name>
        <message>
            <source>%1 on %2</source>
            <translation>%1 on %2</translation>
        </message>
        <message>
            <source>Loading…</source>
            <translation>Loading…</translation>
        </message>
        <message>
            <source>No model loaded</source>
            <translation>No model loaded</translation>
        </message>
        <message>
            <source>GPU not used: %1</source>
            <translation>GPU not used: %1</translation>
        </message>
        <message>
            <source>CPU safe mode</source>
            <translation>CPU safe mode</translation>
        </message>
        <message>
            <source>%1 tokens/s</source>
            <translation>%1 tokens/s</translation>
        </message>
        <message>
            <source>Context</source>
            <translation>Context</translation>
        </message>
        <message>
            <source>Context used</source>
            <translation>Context used</translation>
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
            <translation>The local API server runs at this address: click to copy it</translation>
        </message>
        <message>
            <source>Copy the API server address</source>
            <translation>Copy the API server address</translation>
        </message>
        <message>
            <source>Address copied</source>
            <translation>Address copied</translation>
        </message>
        <message>
            <source>on %1</source>
            <translation>on %1</translation>
        </message>
    </context>
    <context>
        <name>ThinkingBlock</name>
        <message>
            <source>Thinking…</source>
            <translation>Thinking…</translation>
        </message>
        <message numerus="yes">
            <source>Thought for %n s</source>
            <translation>
                <numerusform>Thought for %n s</numerusform>
                <numerusform>Thought for %n s</numerusform>
            </translation>
        </message>
        <message>
            <source>Thought</source>
            <translation>Thought</translation>
        </message>
    </context>
    <context>
        <name>WelcomeView</name>
        <message>
            <source>What can I help with?</source>
            <translation>What can I help with?</translation>
        </message>
        <message>
            <source>Welcome to SmolDesk</source>
            <translation>Welcome to SmolDesk</translation>
        </message>
        <message>
            <source>The tiny bundled demo model is loaded. It only tells short children's stories, but it works offline. For real answers, download SmolLM3 or open a GGUF model you already have.</source>
            <translation>The tiny bundled demo model is loaded. It only tells short children's stories, but it works offline. For real answers, download SmolLM3 or open a GGUF model you already have.</translation>
        </message>
        <message>
            <source>Everything runs on this computer. Nothing you type leaves it.</source>
            <translation>Everything runs on this computer. Nothing you type leaves it.</translation>
        </message>
        <message>
            <source>Chat with language models that run entirely on this computer. Start with SmolLM3, or open a GGUF model you already have.</source>
            <translation>Chat with language models that run entirely on this computer. Start with SmolLM3, or open a GGUF model you already have.</translation>
        </message>
        <message>
            <source>Download %1 (%2)</source>
            <translation>Download %1 (%2)</translation>
        </message>
        <message>
            <source>Download the recommended model</source>
            <translation>Download the recommended model</translation>
        </message>
        <message>
            <source>Open a GGUF file…</source>
            <translation>Open a GGUF file…</translation>
        </message>
        <message>
            <source>Open a GGUF file</source>
            <translation>Open a GGUF file</translation>
        </message>
        <message>
            <source>Download progress</source>
            <translation>Download progress</translation>
        </message>
        <message>
            <source>Checking the download…</source>
            <translation>Checking the download…</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Cancel</translation>
        </message>
        <message>
            <source>Tip: drop a .gguf file anywhere on this window.</source>
            <translation>Tip: drop a .gguf file anywhere on this window.</translation>
        </message>
    </context>
    <context>
        <name>smoldesk::app::ChatController</name>
        <message>
            <source>The conversation database cannot be opened: %1</source>
            <translation>The conversation database cannot be opened: %1</translation>
        </message>
        <message>
            <source>New chat</source>
            <translation>New chat</translation>
        </message>
        <message>
            <source>%1 tokens/s · first token %2 ms · %3 tokens</source>
            <translation>%1 tokens/s · first token %2 ms · %3 tokens</translation>
        </message>
        <message>
            <source>stopped</source>
            <translation>stopped</translation>
        </message>
        <message>
            <source>context full</source>
            <translation>context full</translation>
        </message>
        <message>
            <source>length limit</source>
            <translation>length limit</translation>
        </message>
        <message>
            <source>The prompt alone does not fit into the context of %1 tokens.</source>
            <translation>The prompt alone does not fit into the context of %1 tokens.</translation>
        </message>
        <message>
            <source>The conversation cannot be exported: %1</source>
            <translation>The conversation cannot be exported: %1</translation>
        </message>
    </context>
    <context>
        <name>smoldesk::app::Downloader</name>
        <message>
            <source>%1 of %2</source>
            <translation>%1 of %2</translation>
        </message>
        <message>
            <source>%1/s</source>
            <translation>%1/s</translation>
        </message>
        <message>
            <source>The model catalogue is missing.</source>
            <translation>The model catalogue is missing.</translation>
        </message>
        <message>
            <source>Cannot write '%1': %2</source>
            <translation>Cannot write '%1': %2</translation>
        </message>
        <message>
            <source>The server answered HTTP %1 (%2).</source>
            <translation>The server answered HTTP %1 (%2).</translation>
        </message>
        <message>
            <source>The download was interrupted: %1. Start it again to resume.</source>
            <translation>The download was interrupted: %1. Start it again to resume.</translation>
        </message>
        <message>
            <source>The download has %1 bytes, expected %2.</source>
            <translation>The download has %1 bytes, expected %2.</translation>
        </message>
        <message>
            <source>The download is damaged (sha256 mismatch). Please try again.</source>
            <translation>The download is damaged (sha256 mismatch). Please try again.</translation>
        </message>
        <message>
            <source>Cannot move the download to '%1'.</source>
            <translation>Cannot move the download to '%1'.</translation>
        </message>
        <message>
            <source>%1 of %2 bytes arrived</source>
            <translation>%1 of %2 bytes arrived</translation>
        </message>
    </context>
    <context>
        <name>smoldesk::app::LanguageManager</name>
        <message>
            <source>System language</source>
            <translation>System language</translation>
        </message>
    </context>
    <context>
        <name>smoldesk::app::ModelManager</name>
        <message>
            <source>The GPU stopped working, so SmolDesk continues on the CPU. %1</source>
            <translation>The GPU stopped working, so SmolDesk continues on the CPU. %1</translation>
        </message>
    </context>
    <context>
        <name>EngineText</name>
        <message>
            <source>The GPU backend cannot compute with %1 tensors yet, so the CPU is used.</source>
            <translation>The GPU backend cannot compute with %1 tensors yet, so the CPU is used.</translation>
        </message>
        <message>
            <source>No usable Vulkan GPU was found, so the CPU is used.</source>
            <translation>No usable Vulkan GPU was found, so the CPU is used.</translation>
        </message>
        <message>
            <source>This build of SmolDesk has no Vulkan support, so the CPU is used.</source>
            <translation>This build of SmolDesk has no Vulkan support, so the CPU is used.</translation>
        </message>
        <message>
            <source>This build of SmolDesk has no Vulkan support.</source>
            <translation>This build of SmolDesk has no Vulkan support.</translation>
        </message>
        <message>
            <source>The GPU could not take the model (%1), so the CPU is used.</source>
            <translation>The GPU could not take the model (%1), so the CPU is used.</translation>
        </message>
        <message>
            <source>The device “%1” only supports Vulkan 1.0; SmolDesk needs 1.1.</source>
            <translation>The device “%1” only supports Vulkan 1.0; SmolDesk needs 1.1.</translation>
        </message>
        <message>
            <source>The device “%1” has no compute queue.</source>
            <translation>The device “%1” has no compute queue.</translation>
        </message>
        <message>
            <source>The device “%1” lacks 16-bit storage buffers, which SmolDesk's shaders need.</source>
            <translation>The device “%1” lacks 16-bit storage buffers, which SmolDesk's shaders need.</translation>
        </message>
        <message>
            <source>The device “%1” has too little shared memory or too small workgroups for SmolDesk's shaders.</source>
            <translation>The device “%1” has too little shared memory or too small workgroups for SmolDesk's shaders.</translation>
        </message>
        <message>
            <source>The device “%1” cannot bind storage buffers of 16 MiB.</source>
            <translation>The device “%1” cannot bind storage buffers of 16 MiB.</translation>
        </message>
        <message>
            <source>The only Vulkan device is “%1”, a CPU implementation slower than SmolDesk's own CPU backend.</source>
            <translation>The only Vulkan device is “%1”, a CPU implementation slower than SmolDesk's own CPU backend.</translation>
        </message>
        <message>
            <source>No Vulkan GPU is available.</source>
            <translation>No Vulkan GPU is available.</translation>
        </message>
        <message>
            <source>The Vulkan loader found no device.</source>
            <translation>The Vulkan loader found no device.</translation>
        </message>
        <message>
            <source>The Vulkan loader found no driver for this system.</source>
            <translation>The Vulkan loader found no driver for this system.</translation>
        </message>
        <message>
            <source>The GPU “%1” has %2 available, the model needs %3.</source>
            <translation>The GPU “%1” has %2 available, the model needs %3.</translation>
        </message>
        <message>
            <source>No Vulkan loader (%1) is installed.</source>
            <translation>No Vulkan loader (%1) is installed.</translation>
        </message>
        <message>
            <source>The Vulkan loader on this system only supports Vulkan 1.0; SmolDesk needs 1.1.</source>
            <translation>The Vulkan loader on this system only supports Vulkan 1.0; SmolDesk needs 1.1.</translation>
        </message>
        <message>
            <source>The Vulkan loader on this system is incomplete.</source>
            <translation>The Vulkan loader on this system is incomplete.</translation>
        </message>
        <message>
            <source>Creating a Vulkan instance failed with %1.</source>
            <translation>Creating a Vulkan instance failed with %1.</translation>
        </message>
        <message>
            <source>No Vulkan device was found.</source>
            <translation>No Vulkan device was found.</translation>
        </message>
        <message>
            <source>CPU (1 thread, %1)</source>
            <translation>CPU (1 thread, %1)</translation>
        </message>
        <message>
            <source>CPU (%1 threads, %2)</source>
            <translation>CPU (%1 threads, %2)</translation>
        </message>
    </context>
    <context>
        <name>AnswerStats</name>
        <message>
            <source>stopped while reading your message</source>
            <translation>stopped while reading your message</translation>
        </message>
        <message>
            <source>%1 tokens/s · first token %2 ms · %3 tokens</source>
            <translation>%1 tokens/s · first token %2 ms · %3 tokens</translation>
        </message>
        <message>
            <source>stopped</source>
            <translation>stopped</translation>
        </message>
        <message>
            <source>context full</source>
            <translation>context full</translation>
        </message>
        <message>
            <source>length limit</source>
            <translation>length limit</translation>
        </message>
    </context>
</TS>
