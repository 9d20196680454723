<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="13"/>
        <source>About SmolDesk</source>
        <translation>À propos de SmolDesk</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="28"/>
        <source>Version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="38"/>
        <source>Language models on your own computer. No account, no cloud, no telemetry: nothing leaves this machine unless you download a model.</source>
        <translation>Des modèles de langage sur votre propre ordinateur. Sans compte, sans cloud, sans télémétrie&#xa0;: rien ne quitte cette machine, sauf si vous téléchargez un modèle.</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="44"/>
        <source>Log file: %1</source>
        <translation>Fichier journal&#xa0;: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="49"/>
        <source>Copied</source>
        <translation>Copié</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="49"/>
        <location filename="../app/qml/AboutDialog.qml" line="50"/>
        <source>Copy diagnostics</source>
        <translation>Copier le diagnostic</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="15"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location filename="../app/qml/AboutDialog.qml" line="36"/>
        <source>Language models on your own computer, or on a server you choose. No account, no telemetry. Right now %1 answers from the endpoint “%2” at %3: your prompts are sent to that server.</source>
        <translation>Des modèles de langage sur votre propre ordinateur, ou sur un serveur de votre choix. Sans compte, sans télémétrie. En ce moment, %1 répond depuis le point d’accès «&#xa0;%2&#xa0;» à l’adresse %3&#xa0;: vos messages sont envoyés à ce serveur.</translation>
    </message>
</context>
<context>
    <name>AnswerStats</name>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="46"/>
        <source>stopped while reading your message</source>
        <translation>arrêté pendant la lecture de votre message</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="47"/>
        <source>%1 tokens/s · first token %2 ms · %3 tokens</source>
        <translation>%1 jetons/s · premier jeton %2 ms · %3 jetons</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="52"/>
        <source>%1 of %2 guessed tokens kept</source>
        <translation>%1 jetons devinés sur %2 conservés</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="55"/>
        <source>stopped</source>
        <translation>arrêté</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="57"/>
        <source>context full</source>
        <translation>contexte plein</translation>
    </message>
    <message>
        <location filename="../app/src/answer_stats.cpp" line="59"/>
        <source>length limit</source>
        <translation>limite de longueur</translation>
    </message>
</context>
<context>
    <name>BranchSwitcher</name>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="30"/>
        <source>Version %1 of %2 of this prompt</source>
        <translation>Version %1 sur %2 de ce message</translation>
    </message>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="31"/>
        <source>Answer %1 of %2</source>
        <translation>Réponse %1 sur %2</translation>
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
        <translation>Version précédente de ce message</translation>
    </message>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="44"/>
        <source>Previous answer</source>
        <translation>Réponse précédente</translation>
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
        <translation>Version suivante de ce message</translation>
    </message>
    <message>
        <location filename="../app/qml/BranchSwitcher.qml" line="67"/>
        <source>Next answer</source>
        <translation>Réponse suivante</translation>
    </message>
</context>
<context>
    <name>CatalogueDialog</name>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="18"/>
        <source>Download a model</source>
        <translation>Télécharger un modèle</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="20"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="34"/>
        <source>Models are downloaded from Hugging Face into %1 and checked against their published checksum. Whether one fits is estimated from the memory that is free now.</source>
        <translation>Les modèles sont téléchargés depuis Hugging Face dans %1 et vérifiés avec leur somme de contrôle publiée. S’il tient ou non est estimé d’après la mémoire libre en ce moment.</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="63"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="69"/>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="69"/>
        <source>Download</source>
        <translation>Télécharger</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="72"/>
        <source>Open %1</source>
        <translation>Ouvrir %1</translation>
    </message>
    <message>
        <location filename="../app/qml/CatalogueDialog.qml" line="73"/>
        <source>Download %1</source>
        <translation>Télécharger %1</translation>
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
        <translation>Copié</translation>
    </message>
    <message>
        <location filename="../app/qml/CodeBlock.qml" line="33"/>
        <location filename="../app/qml/CodeBlock.qml" line="35"/>
        <source>Copy code</source>
        <translation>Copier le code</translation>
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
        <translation>Laisser le modèle réfléchir plus longtemps avant de répondre (cette discussion seulement). %1 ne peut pas cesser complètement de réfléchir&#xa0;: sans Réflexion, il réfléchit quand même, brièvement.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="280"/>
        <source>Ask anything… (Enter sends, Shift+Enter adds a line)</source>
        <translation>Posez une question… (Entrée envoie, Maj+Entrée ajoute une ligne)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="204"/>
        <source>Files attached to this chat</source>
        <translation>Fichiers joints à cette conversation</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="215"/>
        <source>Remove %1</source>
        <translation>Retirer %1</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="226"/>
        <source>Remove the attached files</source>
        <translation>Retirer les fichiers joints</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="228"/>
        <source>Stop using the attached files in this chat</source>
        <translation>Ne plus utiliser les fichiers joints dans cette conversation</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="247"/>
        <source>Attach an image to the prompt (PNG, JPEG or WebP) or documents to this chat; you can also paste or drop them</source>
        <translation>Joindre une image au message (PNG, JPEG ou WebP) ou des documents à cette conversation&#xa0;; vous pouvez aussi les coller ou les déposer</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="252"/>
        <source>Attach images…</source>
        <translation>Joindre des images…</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="254"/>
        <source>Attach documents…</source>
        <translation>Joindre des documents…</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="282"/>
        <source>Open a model to start chatting</source>
        <translation>Ouvrez un modèle pour commencer</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="284"/>
        <source>Prompt</source>
        <translation>Message</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="328"/>
        <source>Think</source>
        <translation>Réfléchir</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="332"/>
        <source>Thinking</source>
        <translation>Réflexion</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="323"/>
        <source>Let the model think before it answers (this chat only)</source>
        <translation>Laisser le modèle réfléchir avant de répondre (cette discussion seulement)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="438"/>
        <location filename="../app/qml/Composer.qml" line="440"/>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="437"/>
        <location filename="../app/qml/Composer.qml" line="440"/>
        <source>Send</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="26"/>
        <source>Attach images</source>
        <translation>Joindre des images</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="27"/>
        <location filename="../app/qml/Composer.qml" line="38"/>
        <location filename="../app/qml/Composer.qml" line="245"/>
        <source>Attach</source>
        <translation>Joindre</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="28"/>
        <location filename="../app/qml/Composer.qml" line="39"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
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
        <translation>Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="37"/>
        <source>Attach documents</source>
        <translation>Joindre des documents</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="41"/>
        <source>Documents (*.pdf *.docx *.odt *.md *.txt *.html *.htm)</source>
        <translation>Documents (*.pdf *.docx *.odt *.md *.txt *.html *.htm)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="175"/>
        <source>Attached image %1</source>
        <translation>Image jointe %1</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="182"/>
        <source>Remove image %1</source>
        <translation>Retirer l’image %1</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="184"/>
        <source>Remove this image</source>
        <translation>Retirer cette image</translation>
    </message>
    <message>
        <source>Attach an image</source>
        <translation type="vanished">Joindre une image</translation>
    </message>
    <message>
        <source>Attach an image to the prompt (PNG, JPEG or WebP), or paste or drop one</source>
        <translation type="vanished">Joindre une image au message (PNG, JPEG ou WebP), ou en coller ou en déposer une</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="350"/>
        <source>Documents of this chat</source>
        <translation>Documents de cette discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="353"/>
        <source>Answers draw on your document library; click to stop that in this chat</source>
        <translation>Les réponses s’appuient sur votre bibliothèque de documents&#xa0;; cliquez pour l’arrêter dans cette discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="354"/>
        <source>Click to let answers draw on your document library in this chat</source>
        <translation>Cliquez pour que les réponses s’appuient sur votre bibliothèque de documents dans cette discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="380"/>
        <source>Tools %1/%2</source>
        <translation>Outils %1/%2</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="382"/>
        <source>Tool servers of this chat</source>
        <translation>Serveurs d’outils de cette discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="386"/>
        <source>Choose which tool servers&apos; tools the model sees in this chat</source>
        <translation>Choisissez les serveurs d’outils dont le modèle voit les outils dans cette discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="398"/>
        <source>Tools the model sees in this chat</source>
        <translation>Outils que le modèle voit ici</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/Composer.qml" line="404"/>
        <source>%1 (%n tool(s))</source>
        <translation>
            <numerusform>%1 (%n outil)</numerusform>
            <numerusform>%1 (%n outils)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="405"/>
        <source>%1 (not connected)</source>
        <translation>%1 (non connecté)</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="407"/>
        <source>Offer the tools of %1</source>
        <translation>Proposer les outils de %1</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="444"/>
        <source>Stop the answer</source>
        <translation>Arrêter la réponse</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="444"/>
        <source>Send the prompt</source>
        <translation>Envoyer le message</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="446"/>
        <source>Esc</source>
        <translation>Échap</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="446"/>
        <source>Enter</source>
        <translation>Entrée</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="325"/>
        <source>Thinking depends on the model&apos;s chat template; load a model first</source>
        <translation>La réflexion dépend du modèle de conversation&#xa0;; chargez d’abord un modèle</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="326"/>
        <source>Thinking is not available: the chat template of %1 has no thinking mode</source>
        <translation>La réflexion n’est pas disponible&#xa0;: le modèle de conversation de %1 n’a pas de mode réflexion</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="124"/>
        <source>The context is full: this chat no longer fits into the model&apos;s %1 tokens. Leave the oldest turns out, or continue in a new chat.</source>
        <translation>Le contexte est plein&#xa0;: cette discussion ne tient plus dans les %1 jetons du modèle. Laissez de côté les plus anciens échanges ou continuez dans une nouvelle discussion.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="127"/>
        <source>The context is %1% full. When it is full, the oldest turns have to be left out, or you continue in a new chat.</source>
        <translation>Le contexte est plein à %1 %. Une fois plein, les plus anciens échanges devront être laissés de côté, ou vous continuerez dans une nouvelle discussion.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="134"/>
        <source>Drop oldest turns</source>
        <translation>Retirer les plus anciens échanges</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="140"/>
        <source>New chat</source>
        <translation>Nouvelle discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="281"/>
        <source>Ask anything… it is sent when the model has loaded</source>
        <translation>Posez une question… elle sera envoyée dès que le modèle sera chargé</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="152"/>
        <source>Your message will be sent when %1 has loaded.</source>
        <translation>Votre message sera envoyé dès que %1 sera chargé.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="126"/>
        <source>The context is full: this chat no longer fits into the model&apos;s %1 tokens, and no older turn is left to leave out. Continue in a new chat.</source>
        <translation>Le contexte est plein&#xa0;: cette discussion ne tient plus dans les %1 jetons du modèle, et il ne reste aucun échange plus ancien à laisser de côté. Continuez dans une nouvelle discussion.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="422"/>
        <source>System prompt ✓</source>
        <translation>Prompt système ✓</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="422"/>
        <source>System prompt</source>
        <translation>Prompt système</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="69"/>
        <location filename="../app/qml/Composer.qml" line="78"/>
        <location filename="../app/qml/Composer.qml" line="424"/>
        <source>System prompt of this chat</source>
        <translation>Prompt système de cette discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="428"/>
        <source>Give this chat instructions that the model follows in every answer</source>
        <translation>Donnez à cette discussion des consignes que le modèle suit dans chaque réponse</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="77"/>
        <source>For example: You are a concise assistant.</source>
        <translation>Par exemple&#xa0;: Tu es un assistant concis.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="90"/>
        <source>Applies to the next answer. New chats start with the default from Settings.</source>
        <translation>S’applique à la prochaine réponse. Les nouvelles discussions commencent avec la valeur par défaut des Paramètres.</translation>
    </message>
    <message>
        <location filename="../app/qml/Composer.qml" line="94"/>
        <source>Done</source>
        <translation>Terminé</translation>
    </message>
</context>
<context>
    <name>ContextDialogs</name>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="44"/>
        <source>The conversation is too long</source>
        <translation>La discussion est trop longue</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="68"/>
        <source>Drop oldest turns</source>
        <translation>Retirer les plus anciens</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="74"/>
        <source>Start a new chat</source>
        <translation>Nouvelle discussion</translation>
    </message>
    <message>
        <source>Edit prompt</source>
        <translation type="vanished">Modifier le message</translation>
    </message>
    <message>
        <source>Sending the edited prompt removes every later message of this chat. Continue?</source>
        <translation type="vanished">Envoyer le message modifié supprime tous les messages suivants de cette discussion. Continuer&#xa0;?</translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="vanished">Envoyer</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="84"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="44"/>
        <source>The message is too long</source>
        <translation>Le message est trop long</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="52"/>
        <source>The conversation needs %1 tokens, but the model&apos;s context holds %2. Drop the oldest turns (the system prompt stays), or continue in a new chat? Cancel puts your message back into the prompt box.</source>
        <translation>La discussion demande %1 jetons, mais le contexte du modèle n’en contient que %2. Retirer les échanges les plus anciens (le prompt système est conservé) ou continuer dans une nouvelle discussion&#xa0;? Annuler remet votre message dans la zone de saisie.</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="55"/>
        <source>This message needs %1 tokens, but the model&apos;s context holds %2. Shorten it, or raise the context to %3 tokens in Settings ▸ General and reload the model.</source>
        <translation>Ce message a besoin de %1 jetons, mais le contexte du modèle n’en contient que %2. Raccourcissez-le, ou portez le contexte à %3 jetons dans Paramètres ▸ Général et rechargez le modèle.</translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="57"/>
        <source>This message needs %1 tokens, but the model&apos;s context holds %2, and the model takes no larger one. Shorten it.</source>
        <translation>Ce message a besoin de %1 jetons, mais le contexte du modèle n’en contient que %2, et le modèle n’en accepte pas de plus grand. Raccourcissez-le.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/ContextDialogs.qml" line="60"/>
        <source>The definitions of %n tool(s) take part of the context: turning tools off for this chat leaves more room.</source>
        <translation>
            <numerusform>La définition de %n outil occupe une partie du contexte&#xa0;: désactiver les outils pour cette discussion libère de la place.</numerusform>
            <numerusform>Les définitions de %n outils occupent une partie du contexte&#xa0;: désactiver les outils pour cette discussion libère de la place.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/ContextDialogs.qml" line="84"/>
        <source>Edit the message</source>
        <translation>Modifier le message</translation>
    </message>
</context>
<context>
    <name>DocumentsSettings</name>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="24"/>
        <source>Indexing %1 of %2: %3</source>
        <translation>Indexation de %1 sur %2&#xa0;: %3</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="25"/>
        <source>Looking for files…</source>
        <translation>Recherche des fichiers…</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="27"/>
        <source>Paused after %1 of %2 files.</source>
        <translation>En pause après %1 fichiers sur %2.</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="31"/>
        <source>Up to date.</source>
        <translation>À jour.</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="39"/>
        <source>Add folder…</source>
        <translation>Ajouter un dossier…</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="44"/>
        <source>Resume</source>
        <translation>Reprendre</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="44"/>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="50"/>
        <source>Rescan</source>
        <translation>Parcourir à nouveau</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="62"/>
        <source>Indexing progress</source>
        <translation>Progression de l’indexation</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="76"/>
        <source>Embedding model</source>
        <translation>Modèle d’embeddings</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="82"/>
        <source>None: keyword search only</source>
        <translation>Aucun&#xa0;: recherche par mots-clés seulement</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="86"/>
        <source>Choose…</source>
        <translation>Choisir…</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="91"/>
        <source>Keyword only</source>
        <translation>Mots-clés seulement</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="100"/>
        <source>An embedding model (such as nomic-embed-text or bge-small in GGUF) lets search find passages by meaning as well as by words. Changing it indexes the library again.</source>
        <translation>Un modèle d’embeddings (comme nomic-embed-text ou bge-small au format GGUF) permet à la recherche de trouver des passages par leur sens autant que par leurs mots. En changer indexe à nouveau la bibliothèque.</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="108"/>
        <source>No folders yet. Add one, or drop a folder on the window. Its documents (PDF, Word, OpenDocument, Markdown, HTML, text and source code) are indexed in the background and stay on this computer.</source>
        <translation>Aucun dossier pour l’instant. Ajoutez-en un, ou déposez un dossier sur la fenêtre. Ses documents (PDF, Word, OpenDocument, Markdown, HTML, texte et code source) sont indexés en arrière-plan et restent sur cet ordinateur.</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="150"/>
        <source>Remove</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="152"/>
        <source>Remove %1 from the library</source>
        <translation>Retirer %1 de la bibliothèque</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/DocumentsSettings.qml" line="162"/>
        <source>Not found: its %n file(s) stay in the library until it is back or removed.</source>
        <translation>
            <numerusform>Introuvable&#xa0;: son fichier (%n) reste dans la bibliothèque jusqu’à son retour ou son retrait.</numerusform>
            <numerusform>Introuvable&#xa0;: ses %n fichiers restent dans la bibliothèque jusqu’à son retour ou son retrait.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="163"/>
        <source>Indexing…</source>
        <translation>Indexation…</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="164"/>
        <source>Waiting to be indexed.</source>
        <translation>En attente d’indexation.</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/DocumentsSettings.qml" line="165"/>
        <source>%n file(s).</source>
        <translation>
            <numerusform>%n fichier.</numerusform>
            <numerusform>%n fichiers.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/DocumentsSettings.qml" line="166"/>
        <source>%n could not be read.</source>
        <translation>
            <numerusform>%n n’a pas pu être lu.</numerusform>
            <numerusform>%n n’ont pas pu être lus.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/DocumentsSettings.qml" line="168"/>
        <source>%n with pages without text.</source>
        <translation>
            <numerusform>%n avec des pages sans texte.</numerusform>
            <numerusform>%n avec des pages sans texte.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="194"/>
        <source>Add a folder to the library</source>
        <translation>Ajouter un dossier à la bibliothèque</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="195"/>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="196"/>
        <location filename="../app/qml/DocumentsSettings.qml" line="203"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="201"/>
        <source>Choose an embedding model</source>
        <translation>Choisir un modèle d’embeddings</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="202"/>
        <source>Choose</source>
        <translation>Choisir</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="204"/>
        <source>GGUF models (*.gguf)</source>
        <translation>Modèles GGUF (*.gguf)</translation>
    </message>
    <message>
        <location filename="../app/qml/DocumentsSettings.qml" line="204"/>
        <source>All files (*)</source>
        <translation>Tous les fichiers (*)</translation>
    </message>
</context>
<context>
    <name>EngineText</name>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="26"/>
        <source>The GPU backend cannot compute with %1 tensors yet, so the CPU is used.</source>
        <translation>Le moteur GPU ne sait pas encore calculer avec des tenseurs %1&#xa0;; le CPU est donc utilisé.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="30"/>
        <source>No usable Vulkan GPU was found, so the CPU is used.</source>
        <translation>Aucun GPU Vulkan utilisable n’a été trouvé&#xa0;; le CPU est donc utilisé.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="33"/>
        <source>This build of SmolDesk has no Vulkan support, so the CPU is used.</source>
        <translation>Cette version de SmolDesk ne prend pas en charge Vulkan&#xa0;; le CPU est donc utilisé.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="36"/>
        <source>This build of SmolDesk has no Vulkan support.</source>
        <translation>Cette version de SmolDesk ne prend pas en charge Vulkan.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="39"/>
        <source>The GPU could not take the model (%1), so the CPU is used.</source>
        <translation>Le GPU n’a pas pu accueillir le modèle (%1)&#xa0;; le CPU est donc utilisé.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="44"/>
        <source>The device “%1” only supports Vulkan 1.0; SmolDesk needs 1.1.</source>
        <translation>Le périphérique «&#xa0;%1&#xa0;» ne prend en charge que Vulkan 1.0&#xa0;; SmolDesk a besoin de la version 1.1.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="49"/>
        <source>The device “%1” has no compute queue.</source>
        <translation>Le périphérique «&#xa0;%1&#xa0;» n’a pas de file de calcul.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="54"/>
        <source>The device “%1” lacks 16-bit storage buffers, which SmolDesk&apos;s shaders need.</source>
        <translation>Le périphérique «&#xa0;%1&#xa0;» ne gère pas les tampons de stockage 16 bits dont les shaders de SmolDesk ont besoin.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="61"/>
        <source>The device “%1” has too little shared memory or too small workgroups for SmolDesk&apos;s shaders.</source>
        <translation>Le périphérique «&#xa0;%1&#xa0;» a trop peu de mémoire partagée ou des groupes de travail trop petits pour les shaders de SmolDesk.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="67"/>
        <source>The device “%1” cannot bind storage buffers of 16 MiB.</source>
        <translation>Le périphérique «&#xa0;%1&#xa0;» ne peut pas lier de tampons de stockage de 16 Mio.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="73"/>
        <source>The only Vulkan device is “%1”, a CPU implementation slower than SmolDesk&apos;s own CPU backend.</source>
        <translation>Le seul périphérique Vulkan est «&#xa0;%1&#xa0;», une implémentation sur CPU plus lente que le moteur CPU de SmolDesk.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="78"/>
        <source>No Vulkan GPU is available.</source>
        <translation>Aucun GPU Vulkan n’est disponible.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="80"/>
        <source>The Vulkan loader found no device.</source>
        <translation>Le chargeur Vulkan n’a trouvé aucun périphérique.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="82"/>
        <source>The Vulkan loader found no driver for this system.</source>
        <translation>Le chargeur Vulkan n’a trouvé aucun pilote pour ce système.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="85"/>
        <source>The GPU “%1” has %2 available, the model needs %3.</source>
        <translation>Le GPU «&#xa0;%1&#xa0;» dispose de %2, le modèle a besoin de %3.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="90"/>
        <source>No Vulkan loader (%1) is installed.</source>
        <translation>Aucun chargeur Vulkan (%1) n’est installé.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="95"/>
        <source>The Vulkan loader on this system only supports Vulkan 1.0; SmolDesk needs 1.1.</source>
        <translation>Le chargeur Vulkan de ce système ne prend en charge que Vulkan 1.0&#xa0;; SmolDesk a besoin de la version 1.1.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="100"/>
        <source>The Vulkan loader on this system is incomplete.</source>
        <translation>Le chargeur Vulkan de ce système est incomplet.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="103"/>
        <source>Creating a Vulkan instance failed with %1.</source>
        <translation>La création d’une instance Vulkan a échoué avec %1.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="150"/>
        <source>No Vulkan device was found.</source>
        <translation>Aucun périphérique Vulkan n’a été trouvé.</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="146"/>
        <source>CPU (1 thread, %1)</source>
        <translation>CPU (1 fil d’exécution, %1)</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="147"/>
        <source>CPU (%1 threads, %2)</source>
        <translation>CPU (%1 fils d’exécution, %2)</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="114"/>
        <source>%1 of %2 layers on the GPU</source>
        <translation>%1 couches sur %2 sur le GPU</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="118"/>
        <source>%1 of %2 layers on the GPU, their experts on the CPU</source>
        <translation>%1 couches sur %2 sur le GPU, leurs experts sur le CPU</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="123"/>
        <source>%1 of %2 layers on the GPU, the experts of %3 on the CPU</source>
        <translation>%1 couches sur %2 sur le GPU, les experts de %3 sur le CPU</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="130"/>
        <source>%1, %2, the rest on %3</source>
        <translation>%1, %2, le reste sur %3</translation>
    </message>
    <message>
        <location filename="../app/worker/engine_text.cpp" line="137"/>
        <source>The model needs %1 of GPU memory but the GPU has %2 free, so it is split: %3, the rest on the CPU.</source>
        <translation>Le modèle a besoin de %1 de mémoire GPU mais le GPU n’en a que %2 de libre&#xa0;; il est donc partagé&#xa0;: %3, le reste sur le CPU.</translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <location filename="../app/worker/error_text.cpp" line="17"/>
        <source>The file cannot be read.</source>
        <translation>Le fichier ne peut pas être lu.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="19"/>
        <source>This is not a GGUF model file.</source>
        <translation>Ce n’est pas un fichier de modèle GGUF.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="21"/>
        <source>This GGUF version is not supported.</source>
        <translation>Cette version de GGUF n’est pas prise en charge.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="23"/>
        <source>The file is truncated (an incomplete download?).</source>
        <translation>Le fichier est tronqué (téléchargement incomplet ?).</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="25"/>
        <source>The file is damaged.</source>
        <translation>Le fichier est endommagé.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="27"/>
        <source>The model&apos;s metadata has an unexpected type.</source>
        <translation>Les métadonnées du modèle ont un type inattendu.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="29"/>
        <source>The model is missing required metadata or tensors.</source>
        <translation>Il manque au modèle des métadonnées ou des tenseurs nécessaires.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="31"/>
        <source>This model architecture is not supported.</source>
        <translation>Cette architecture de modèle n’est pas prise en charge.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="33"/>
        <source>The model uses a tensor type that is not supported.</source>
        <translation>Le modèle utilise un type de tenseur non pris en charge.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="36"/>
        <source>The model&apos;s tokenizer is not supported.</source>
        <translation>Le tokenizer du modèle n’est pas pris en charge.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="38"/>
        <source>A tensor&apos;s shape does not match the model&apos;s parameters.</source>
        <translation>La forme d’un tenseur ne correspond pas aux paramètres du modèle.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="41"/>
        <source>The request is not valid for this model.</source>
        <translation>La requête n’est pas valide pour ce modèle.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="43"/>
        <source>There is not enough memory.</source>
        <translation>Il n’y a pas assez de mémoire.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="47"/>
        <source>The model&apos;s chat template cannot be used.</source>
        <translation>Le modèle de conversation du fichier est inutilisable.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="50"/>
        <source>The compute device failed.</source>
        <translation>Le périphérique de calcul a échoué.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="52"/>
        <source>No model is loaded.</source>
        <translation>Aucun modèle n’est chargé.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="54"/>
        <source>The model is busy.</source>
        <translation>Le modèle est occupé.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="56"/>
        <source>Something went wrong.</source>
        <translation>Une erreur s’est produite.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="64"/>
        <source>Choose a .gguf model file.</source>
        <translation>Choisissez un fichier de modèle .gguf.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="67"/>
        <source>Download the model again.</source>
        <translation>Téléchargez de nouveau le modèle.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="72"/>
        <source>Choose a model in a supported format.</source>
        <translation>Choisissez un modèle dans un format pris en charge.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="74"/>
        <source>Lower the context length or choose a smaller model.</source>
        <translation>Réduisez la longueur du contexte ou choisissez un modèle plus petit.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="78"/>
        <source>Choose the CPU in the settings.</source>
        <translation>Choisissez le processeur dans les paramètres.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="80"/>
        <source>Open a model first.</source>
        <translation>Ouvrez d’abord un modèle.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="45"/>
        <source>Loading was cancelled.</source>
        <translation>Le chargement a été annulé.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="98"/>
        <source>The file %1 does not exist.</source>
        <translation>Le fichier %1 n’existe pas.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="101"/>
        <source>The file %1 cannot be read.</source>
        <translation>Le fichier %1 ne peut pas être lu.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="106"/>
        <source>The file is empty, so it is not a model.</source>
        <translation>Le fichier est vide, ce n’est donc pas un modèle.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="107"/>
        <source>This is not a GGUF model file: it does not start with the bytes “GGUF”.</source>
        <translation>Ce n’est pas un fichier de modèle GGUF&#xa0;: il ne commence pas par les octets «&#xa0;GGUF&#xa0;».</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="111"/>
        <source>The file is truncated: at least %1 bytes expected, %2 present — the download was probably interrupted.</source>
        <translation>Le fichier est tronqué&#xa0;: au moins %1 octets attendus, %2 présents — le téléchargement a probablement été interrompu.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="117"/>
        <source>The file is truncated: it ends after %1 bytes, inside its header — the download was probably interrupted.</source>
        <translation>Le fichier est tronqué&#xa0;: il s’arrête après %1 octets, au milieu de son en-tête — le téléchargement a probablement été interrompu.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="122"/>
        <source>The file is truncated — the download was probably interrupted.</source>
        <translation>Le fichier est tronqué — le téléchargement a probablement été interrompu.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="125"/>
        <source>The file is damaged: its header contradicts itself.</source>
        <translation>Le fichier est endommagé&#xa0;: son en-tête se contredit.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="128"/>
        <source>This GGUF version is not supported (SmolDesk reads versions 2 and 3).</source>
        <translation>Cette version de GGUF n’est pas prise en charge (SmolDesk lit les versions 2 et 3).</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="132"/>
        <source>The architecture “%1” is not supported (supported: %2).</source>
        <translation>L’architecture «&#xa0;%1&#xa0;» n’est pas prise en charge (prises en charge&#xa0;: %2).</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="138"/>
        <source>The tensor type %1 is not supported.</source>
        <translation>Le type de tenseur %1 n’est pas pris en charge.</translation>
    </message>
    <message>
        <location filename="../app/worker/error_text.cpp" line="143"/>
        <source>Not enough memory: the model needs %1, %2 are free.</source>
        <translation>Mémoire insuffisante&#xa0;: le modèle a besoin de %1, %2 sont libres.</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <location filename="../app/src/exporter.cpp" line="22"/>
        <source>done</source>
        <translation>terminé</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="23"/>
        <source>failed</source>
        <translation>échoué</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="24"/>
        <source>denied</source>
        <translation>refusé</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="25"/>
        <source>stopped</source>
        <translation>arrêté</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="28"/>
        <source>interrupted</source>
        <translation>interrompu</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="36"/>
        <source>Sources:</source>
        <translation>Sources&#xa0;:</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="43"/>
        <source>page %1</source>
        <translation>page %1</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="45"/>
        <source>read whole</source>
        <translation>lu en entier</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="48"/>
        <source>lines %1–%2</source>
        <translation>lignes %1–%2</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="50"/>
        <source>line %1</source>
        <translation>ligne %1</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="64"/>
        <source>Chat</source>
        <translation>Discussion</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="67"/>
        <source>System prompt:</source>
        <translation>Prompt système&#xa0;:</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="73"/>
        <source>Tool %1 (%2): %3</source>
        <translation>Outil %1 (%2)&#xa0;: %3</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="81"/>
        <source>You</source>
        <translation>Vous</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="82"/>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="87"/>
        <source>(version %1 of %2)</source>
        <translation>(version %1 sur %2)</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="88"/>
        <source>(answer %1 of %2)</source>
        <translation>(réponse %1 sur %2)</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="97"/>
        <source>(1 image attached)</source>
        <translation>(1 image jointe)</translation>
    </message>
    <message>
        <location filename="../app/src/exporter.cpp" line="98"/>
        <source>(%1 images attached)</source>
        <translation>(%1 images jointes)</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <location filename="../app/qml/Main.qml" line="250"/>
        <source>Conversation exported to %1</source>
        <translation>Conversation exportée vers %1</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="13"/>
        <source>%1 — SmolDesk</source>
        <translation>%1 — SmolDesk</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="122"/>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="69"/>
        <source>&amp;Open model…</source>
        <translation>&amp;Ouvrir un modèle…</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="127"/>
        <source>Recent models</source>
        <translation>Modèles récents</translation>
    </message>
    <message>
        <source>&amp;Download SmolLM3-3B…</source>
        <translation type="vanished">&amp;Télécharger SmolLM3-3B…</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="162"/>
        <source>Export as &amp;Markdown…</source>
        <translation>Exporter en &amp;Markdown…</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="163"/>
        <source>Export as &amp;JSON…</source>
        <translation>Exporter en &amp;JSON…</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="70"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="168"/>
        <source>&amp;Chat</source>
        <translation>&amp;Discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="81"/>
        <source>&amp;New chat</source>
        <translation>&amp;Nouvelle discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="82"/>
        <source>&amp;Stop</source>
        <translation>&amp;Arrêter</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="172"/>
        <source>&amp;Regenerate answer</source>
        <translation>&amp;Régénérer la réponse</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="173"/>
        <source>&amp;Copy conversation</source>
        <translation>&amp;Copier la discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="176"/>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="178"/>
        <source>&amp;Model information</source>
        <translation>Informations sur le &amp;modèle</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="83"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Paramètres…</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="143"/>
        <source>Remote models</source>
        <translation>Modèles distants</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="158"/>
        <source>Add an endpoint…</source>
        <translation>Ajouter un point d’accès…</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="160"/>
        <source>&amp;Download a model…</source>
        <translation>&amp;Télécharger un modèle…</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="182"/>
        <source>&amp;Help</source>
        <translation>Ai&amp;de</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="184"/>
        <source>&amp;About SmolDesk</source>
        <translation>À &amp;propos de SmolDesk</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="192"/>
        <source>Open a GGUF model</source>
        <translation>Ouvrir un modèle GGUF</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="195"/>
        <source>GGUF models (*.gguf)</source>
        <translation>Modèles GGUF (*.gguf)</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="195"/>
        <source>All files (*)</source>
        <translation>Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="203"/>
        <source>Export conversation</source>
        <translation>Exporter la discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="208"/>
        <source>JSON files (*.json)</source>
        <translation>Fichiers JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="208"/>
        <source>Markdown files (*.md)</source>
        <translation>Fichiers Markdown (*.md)</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="193"/>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="194"/>
        <location filename="../app/qml/Main.qml" line="205"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../app/qml/Main.qml" line="204"/>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
</context>
<context>
    <name>MessageDelegate</name>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="228"/>
        <source>Table</source>
        <translation>Tableau</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="330"/>
        <source>Interrupted: SmolDesk closed before this answer was complete.</source>
        <translation>Interrompu&#xa0;: SmolDesk s’est fermé avant la fin de cette réponse.</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="82"/>
        <source>Not in the model&apos;s context any more</source>
        <translation>N’est plus dans le contexte du modèle</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="104"/>
        <source>Image %1 of the prompt</source>
        <translation>Image %1 du message</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="131"/>
        <source>Your message</source>
        <translation>Votre message</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="203"/>
        <source>Answer</source>
        <translation>Réponse</translation>
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
        <translation>Copier</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="362"/>
        <source>Copy message</source>
        <translation>Copier le message</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="385"/>
        <source>Edit</source>
        <translation>Modifier</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="388"/>
        <location filename="../app/qml/MessageDelegate.qml" line="424"/>
        <source>Edit prompt</source>
        <translation>Modifier le message</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="395"/>
        <source>Regenerate</source>
        <translation>Régénérer</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="398"/>
        <source>Regenerate answer</source>
        <translation>Régénérer la réponse</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="401"/>
        <source>Write another answer; this one stays (‹ › switches between them)</source>
        <translation>Écrire une autre réponse&#xa0;; celle-ci reste (‹ › passe de l’une à l’autre)</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="429"/>
        <source>The edited prompt starts a new branch: this version and its answers stay, behind the ‹ › arrows.</source>
        <translation>Le message modifié ouvre une nouvelle branche&#xa0;: cette version et ses réponses restent, derrière les flèches ‹ ›.</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="438"/>
        <source>Prompt text</source>
        <translation>Texte du message</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="456"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="458"/>
        <source>Send</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="360"/>
        <source>Copied</source>
        <translation>Copié</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="278"/>
        <source>Reading your message…</source>
        <translation>Lecture de votre message…</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="279"/>
        <source>Writing…</source>
        <translation>Rédaction…</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="280"/>
        <source>Reading your message… %1% (%2 tokens/s)</source>
        <translation>Lecture de votre message… %1 % (%2 jetons/s)</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="164"/>
        <source>The demo model has no chat mode: it continues your words (in italics) as a story.</source>
        <translation>Le modèle de démonstration ne sait pas converser&#xa0;: il poursuit vos mots (en italique) comme une histoire.</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="165"/>
        <source>This model has no chat template: it continues your words (in italics).</source>
        <translation>Ce modèle n’a pas de modèle de conversation&#xa0;: il poursuit vos mots (en italique).</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="374"/>
        <source>Retry</source>
        <translation>Réessayer</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="376"/>
        <source>Ask for the answer again</source>
        <translation>Redemander la réponse</translation>
    </message>
    <message>
        <location filename="../app/qml/MessageDelegate.qml" line="379"/>
        <source>This prompt has no answer yet: send it to the model again</source>
        <translation>Ce message n’a pas encore de réponse&#xa0;: envoyez-le de nouveau au modèle</translation>
    </message>
</context>
<context>
    <name>ModelBanner</name>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="29"/>
        <source>Preparing the GPU (first start only)…</source>
        <translation>Préparation du GPU (premier démarrage uniquement)…</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="30"/>
        <source>Loading %1…</source>
        <translation>Chargement de %1…</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="39"/>
        <source>Loading progress</source>
        <translation>Progression du chargement</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="43"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="44"/>
        <source>Cancel loading</source>
        <translation>Annuler le chargement</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="58"/>
        <source>Open another model…</source>
        <translation>Ouvrir un autre modèle…</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="61"/>
        <location filename="../app/qml/ModelBanner.qml" line="78"/>
        <location filename="../app/qml/ModelBanner.qml" line="94"/>
        <location filename="../app/qml/ModelBanner.qml" line="119"/>
        <source>Dismiss</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="113"/>
        <source>Retry</source>
        <translation>Réessayer</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelBanner.qml" line="114"/>
        <source>Ask for the answer again</source>
        <translation>Redemander la réponse</translation>
    </message>
</context>
<context>
    <name>ModelPanel</name>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="79"/>
        <source>always, at a low, medium or high effort</source>
        <translation>toujours, avec un effort faible, moyen ou élevé</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="45"/>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="46"/>
        <source>Hide model information</source>
        <translation>Masquer les informations sur le modèle</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="51"/>
        <source>No model selected</source>
        <translation>Aucun modèle sélectionné</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="73"/>
        <source>Architecture</source>
        <translation>Architecture</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="74"/>
        <source>Parameters</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="75"/>
        <source>Quantization</source>
        <translation>Quantification</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="76"/>
        <source>File size</source>
        <translation>Taille du fichier</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="77"/>
        <source>Trained context</source>
        <translation>Contexte d’entraînement</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="77"/>
        <location filename="../app/qml/ModelPanel.qml" line="119"/>
        <source>%1 tokens</source>
        <translation>%1 jetons</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="78"/>
        <source>Chat template</source>
        <translation>Modèle de conversation</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="79"/>
        <source>Thinking</source>
        <translation>Réflexion</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="79"/>
        <source>supported</source>
        <translation>prise en charge</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="79"/>
        <source>not supported</source>
        <translation>non prise en charge</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="82"/>
        <source>Memory estimate</source>
        <translation>Mémoire estimée</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="83"/>
        <source>Weights</source>
        <translation>Poids</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="84"/>
        <source>KV cache</source>
        <translation>Cache KV</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="84"/>
        <source>%1 at %2 tokens</source>
        <translation>%1 pour %2 jetons</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="85"/>
        <source>Needed</source>
        <translation>Nécessaire</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="86"/>
        <source>Available</source>
        <translation>Disponible</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="87"/>
        <source>Experts per token</source>
        <translation>Experts par jeton</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="93"/>
        <source>A mixture of experts: the file stays mapped and each token reads about %1 of it. Memory use grows toward %2 as the conversation uses more experts; with less free memory it still runs, reading experts from the disk.</source>
        <translation>Un mélange d’experts&#xa0;: le fichier reste projeté en mémoire et chaque jeton en lit environ %1. La mémoire utilisée se rapproche de %2 à mesure que la discussion sollicite plus d’experts&#xa0;; avec moins de mémoire libre, le modèle fonctionne quand même en lisant les experts depuis le disque.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="104"/>
        <source>Fits in the available memory.</source>
        <translation>Tient dans la mémoire disponible.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="105"/>
        <source>Tight: other programs may be slowed down.</source>
        <translation>Juste&#xa0;: d’autres programmes pourraient ralentir.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="106"/>
        <source>Probably too large for the available memory. You can still try, or lower the context length.</source>
        <translation>Probablement trop grand pour la mémoire disponible. Vous pouvez quand même essayer, ou réduire la longueur du contexte.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="107"/>
        <source>Available memory is unknown.</source>
        <translation>La mémoire disponible est inconnue.</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="112"/>
        <source>Device</source>
        <translation>Périphérique</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="112"/>
        <source>Server</source>
        <translation>Serveur</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="119"/>
        <source>Context</source>
        <translation>Contexte</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="136"/>
        <source>Open another model…</source>
        <translation>Ouvrir un autre modèle…</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="116"/>
        <source>GPU not used</source>
        <translation>GPU non utilisé</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="18"/>
        <source>the model&apos;s own chat template</source>
        <translation>le modèle de conversation du modèle</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="19"/>
        <source>none in the file; the built-in ChatML template is used</source>
        <translation>aucun dans le fichier&#xa0;; le modèle ChatML intégré est utilisé</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="20"/>
        <source>none; the model continues your text (plain continuation, no chat turns)</source>
        <translation>aucun&#xa0;; le modèle poursuit votre texte (simple continuation, sans tours de parole)</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="56"/>
        <source>Endpoint</source>
        <translation>Point d’accès</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="57"/>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <location filename="../app/qml/ModelPanel.qml" line="64"/>
        <source>Your prompts and this chat&apos;s earlier turns are sent to %1 to be answered.</source>
        <translation>Vos messages et les échanges précédents de cette discussion sont envoyés à %1, qui y répond.</translation>
    </message>
</context>
<context>
    <name>RemoteEndpoint</name>
    <message>
        <location filename="../app/remote/remote_endpoint.cpp" line="24"/>
        <source>“%1” is not an endpoint address: give one such as http://localhost:8080/v1.</source>
        <translation>«&#xa0;%1&#xa0;» n’est pas une adresse de point d’accès&#xa0;: indiquez-en une comme http://localhost:8080/v1.</translation>
    </message>
</context>
<context>
    <name>RemoteErrors</name>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="14"/>
        <source>The server said: “%1”</source>
        <translation>Le serveur a répondu&#xa0;: «&#xa0;%1&#xa0;»</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="20"/>
        <source>1 second</source>
        <translation>1 seconde</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="21"/>
        <source>%1 seconds</source>
        <translation>%1 secondes</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="44"/>
        <source>The endpoint “%1” refused the API key (HTTP %2): check the key.</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» a refusé la clé d’API (HTTP %2)&#xa0;: vérifiez la clé.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="51"/>
        <source>The endpoint “%1” has no model “%2” (HTTP 404): pick one of its models again.</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» n’a pas de modèle «&#xa0;%2&#xa0;» (HTTP 404)&#xa0;: choisissez à nouveau l’un de ses modèles.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="57"/>
        <source>The endpoint “%1” has no OpenAI API at this address (HTTP 404): check the base URL.</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» n’offre pas d’API OpenAI à cette adresse (HTTP 404)&#xa0;: vérifiez l’URL de base.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="65"/>
        <source>The endpoint “%1” is limiting requests (HTTP 429): try again in %2.</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» limite les requêtes (HTTP 429)&#xa0;: réessayez dans %2.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="69"/>
        <source>The endpoint “%1” is limiting requests (HTTP 429): try again later.</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» limite les requêtes (HTTP 429)&#xa0;: réessayez plus tard.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="76"/>
        <source>The endpoint “%1” is busy or starting (HTTP 503): try again in %2.</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» est occupé ou en cours de démarrage (HTTP 503)&#xa0;: réessayez dans %2.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="79"/>
        <source>The endpoint “%1” failed with a server error (HTTP %2).</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» a échoué sur une erreur du serveur (HTTP %2).</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="85"/>
        <source>The endpoint “%1” rejected the request (HTTP %2).</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» a rejeté la requête (HTTP %2).</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="96"/>
        <source>Nothing answers at %1: the endpoint “%2” is not running, or the address is wrong.</source>
        <translation>Rien ne répond à %1&#xa0;: le point d’accès «&#xa0;%2&#xa0;» n’est pas démarré, ou l’adresse est fausse.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="101"/>
        <source>The host of the endpoint “%1” (%2) cannot be found.</source>
        <translation>L’hôte du point d’accès «&#xa0;%1&#xa0;» (%2) est introuvable.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="106"/>
        <source>The endpoint “%1” did not answer in time.</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» n’a pas répondu à temps.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="109"/>
        <location filename="../app/remote/remote_errors.cpp" line="125"/>
        <source>The secure connection to the endpoint “%1” failed: %2</source>
        <translation>La connexion sécurisée au point d’accès «&#xa0;%1&#xa0;» a échoué&#xa0;: %2</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="112"/>
        <source>the TLS handshake failed.</source>
        <translation>la négociation TLS a échoué.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="118"/>
        <source>The endpoint “%1” closed the connection without answering.</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» a fermé la connexion sans répondre.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="129"/>
        <source>The endpoint “%1” cannot be reached (network error %2).</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» est injoignable (erreur réseau %2).</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="138"/>
        <source>The endpoint “%1” reported an error while it answered.</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» a signalé une erreur pendant sa réponse.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="143"/>
        <source>The endpoint “%1” sent an event too large to read.</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» a envoyé un événement trop grand pour être lu.</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="147"/>
        <source>The endpoint “%1” sent an answer that is not an OpenAI chat completion (%2).</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» a envoyé une réponse qui n’est pas une complétion de discussion OpenAI (%2).</translation>
    </message>
    <message>
        <location filename="../app/remote/remote_errors.cpp" line="158"/>
        <source>The endpoint “%1” closed the connection before the answer was complete.</source>
        <translation>Le point d’accès «&#xa0;%1&#xa0;» a fermé la connexion avant la fin de la réponse.</translation>
    </message>
</context>
<context>
    <name>RemoteSettings</name>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="33"/>
        <source>%1 Models: %2</source>
        <translation>%1 Modèles&#xa0;: %2</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="42"/>
        <source>Chat with models on another machine through any OpenAI-compatible server (vLLM, llama-server, Ollama, LM Studio, another SmolDesk). Their models appear under File ▸ Remote models.</source>
        <translation>Discutez avec des modèles sur une autre machine via n’importe quel serveur compatible OpenAI (vLLM, llama-server, Ollama, LM Studio, un autre SmolDesk). Leurs modèles apparaissent sous Fichier ▸ Modèles distants.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="49"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="54"/>
        <source>GPU box</source>
        <translation>Machine GPU</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="55"/>
        <source>Endpoint name</source>
        <translation>Nom du point d’accès</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="57"/>
        <location filename="../app/qml/RemoteSettings.qml" line="63"/>
        <source>Base URL</source>
        <translation>URL de base</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="65"/>
        <location filename="../app/qml/RemoteSettings.qml" line="72"/>
        <source>API key</source>
        <translation>Clé d’API</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="71"/>
        <source>none, or kept as stored</source>
        <translation>aucune, ou celle enregistrée</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="80"/>
        <source>API keys are kept in the system&apos;s secret store, never in the settings file, the log or the diagnostics.</source>
        <translation>Les clés d’API sont conservées dans le trousseau du système, jamais dans le fichier de paramètres, le journal ou les diagnostics.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="81"/>
        <source>No secret store answers on this system: API keys are kept in a file only you can read (permissions 0600) beside the settings, never in the settings file, the log or the diagnostics.</source>
        <translation>Aucun trousseau ne répond sur ce système&#xa0;: les clés d’API sont conservées dans un fichier que vous seul pouvez lire (permissions 0600) à côté des paramètres, jamais dans le fichier de paramètres, le journal ou les diagnostics.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="87"/>
        <source>Test connection</source>
        <translation>Tester la connexion</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="91"/>
        <location filename="../app/qml/RemoteSettings.qml" line="170"/>
        <source>Connecting…</source>
        <translation>Connexion…</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="97"/>
        <source>Save endpoint</source>
        <translation>Enregistrer le point d’accès</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="105"/>
        <source>Saved. Listing its models…</source>
        <translation>Enregistré. Liste de ses modèles…</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="149"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="152"/>
        <source>Edit</source>
        <translation>Modifier</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="156"/>
        <source>Check again</source>
        <translation>Vérifier à nouveau</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="161"/>
        <source>Remove</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="176"/>
        <source>API key stored.</source>
        <translation>Clé d’API enregistrée.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="176"/>
        <source>No API key.</source>
        <translation>Pas de clé d’API.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="177"/>
        <source>Models: %1</source>
        <translation>Modèles&#xa0;: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="177"/>
        <source>No models listed yet.</source>
        <translation>Aucun modèle listé pour l’instant.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="26"/>
        <source>Saved “%1”. Its models are under File ▸ Remote models.</source>
        <translation>«&#xa0;%1&#xa0;» enregistré. Ses modèles sont dans Fichier ▸ Modèles distants.</translation>
    </message>
    <message>
        <location filename="../app/qml/RemoteSettings.qml" line="27"/>
        <source>Saved “%1”, but it did not answer: see its card below.</source>
        <translation>«&#xa0;%1&#xa0;» enregistré, mais il ne répond pas&#xa0;: voyez sa fiche ci-dessous.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="409"/>
        <source>Reasoning effort</source>
        <translation>Effort de réflexion</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="413"/>
        <source>High when Think is on</source>
        <translation>Élevé quand la réflexion est activée</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="416"/>
        <source>High reasoning effort when Think is on</source>
        <translation>Effort de réflexion élevé quand la réflexion est activée</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="424"/>
        <source>%1 cannot stop reasoning entirely: with Think off it still reasons, briefly (low effort). With Think on it reasons at medium effort, or high.</source>
        <translation>%1 ne peut pas cesser complètement de réfléchir&#xa0;: sans Réflexion, il réfléchit quand même, brièvement (effort faible). Avec Réflexion, il réfléchit avec un effort moyen, ou élevé.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="79"/>
        <source>No Vulkan device can be used: %1 The CPU is used.</source>
        <translation>Aucun périphérique Vulkan n’est utilisable&#xa0;: %1 Le CPU est utilisé.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="19"/>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="127"/>
        <source>General</source>
        <translation>Général</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="128"/>
        <source>Sampling</source>
        <translation>Échantillonnage</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="129"/>
        <source>System prompt</source>
        <translation>Prompt système</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="153"/>
        <location filename="../app/qml/SettingsDialog.qml" line="161"/>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="182"/>
        <location filename="../app/qml/SettingsDialog.qml" line="192"/>
        <source>Device</source>
        <translation>Périphérique</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="59"/>
        <source>Automatic (GPU when possible)</source>
        <translation>Automatique (GPU si possible)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="61"/>
        <source>CPU</source>
        <translation>Processeur (CPU)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="131"/>
        <source>Tools</source>
        <translation>Outils</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="132"/>
        <source>Models</source>
        <translation>Modèles</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="133"/>
        <source>Documents</source>
        <translation>Documents</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="151"/>
        <source>%1 runs on its server: device, GPU check, threads, context length and resuming chats apply to local models only.</source>
        <translation>%1 tourne sur son serveur&#xa0;: le périphérique, la vérification du GPU, les threads, la longueur du contexte et la reprise des discussions ne concernent que les modèles locaux.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="166"/>
        <location filename="../app/qml/SettingsDialog.qml" line="178"/>
        <source>Appearance</source>
        <translation>Apparence</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="174"/>
        <source>Like the system</source>
        <translation>Comme le système</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="175"/>
        <source>Light</source>
        <translation>Clair</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="176"/>
        <source>Dark</source>
        <translation>Sombre</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="215"/>
        <source>GPU check</source>
        <translation>Vérification du GPU</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="225"/>
        <source>Checking every GPU kernel against the CPU…</source>
        <translation>Vérification de chaque noyau GPU par rapport au processeur…</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="227"/>
        <source>Not run yet: it runs before a GPU&apos;s first use.</source>
        <translation>Pas encore effectuée&#xa0;: elle a lieu avant la première utilisation d’un GPU.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="228"/>
        <source>%1 (driver %2): all %3 kernels correct, checked %4 in %5 s.</source>
        <translation>%1 (pilote %2)&#xa0;: les %3 noyaux sont corrects, vérifiés le %4 en %5 s.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="232"/>
        <source>%1 (driver %2): %3</source>
        <translation>%1 (pilote %2)&#xa0;: %3</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="236"/>
        <source>Check again</source>
        <translation>Vérifier à nouveau</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="246"/>
        <location filename="../app/qml/SettingsDialog.qml" line="253"/>
        <source>CPU safe mode</source>
        <translation>Mode sans échec CPU</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="259"/>
        <source>Use only the CPU (entered by itself after a crash at GPU start)</source>
        <translation>Utiliser uniquement le processeur (activé automatiquement après un plantage au démarrage du GPU)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="263"/>
        <location filename="../app/qml/SettingsDialog.qml" line="271"/>
        <source>Resume chats</source>
        <translation>Reprendre les discussions</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="276"/>
        <source>Keep each chat&apos;s model state on disk, so a long chat continues at once when you come back to it (up to 2 GB)</source>
        <translation>Garder l’état du modèle de chaque discussion sur le disque, pour qu’une longue discussion reprenne aussitôt quand vous y revenez (jusqu’à 2 Go)</translation>
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
        <translation>Couches sur le GPU</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="303"/>
        <source>Layers of the model on the GPU when it does not fit there whole; the rest run on the CPU</source>
        <translation>Couches du modèle sur le GPU quand il n’y tient pas en entier&#xa0;; le reste tourne sur le CPU</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="305"/>
        <location filename="../app/qml/SettingsDialog.qml" line="313"/>
        <source>Speculative decoding</source>
        <translation>Décodage spéculatif</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="310"/>
        <source>Automatic (repeated text)</source>
        <translation>Automatique (texte répété)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="310"/>
        <location filename="../app/qml/SettingsDialog.qml" line="317"/>
        <source>Draft model</source>
        <translation>Modèle brouillon</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="314"/>
        <source>Guesses several tokens ahead and lets the model check them in one step; the answer is the same, only faster when the guesses are right</source>
        <translation>Devine plusieurs jetons à l’avance et les fait vérifier par le modèle en une seule étape&#xa0;; la réponse est la même, seulement plus rapide quand les prédictions sont justes</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="328"/>
        <source>None chosen: repeated text is used</source>
        <translation>Aucun choisi&#xa0;: le texte répété est utilisé</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="350"/>
        <source>Device, threads, context length and speculative decoding apply the next time the model loads.</source>
        <translation>Le périphérique, les threads, la longueur du contexte et le décodage spéculatif s’appliquent au prochain chargement du modèle.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="528"/>
        <source>Choose a draft model</source>
        <translation>Choisir un modèle brouillon</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="529"/>
        <source>Choose</source>
        <translation>Choisir</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="530"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="531"/>
        <source>GGUF models (*.gguf)</source>
        <translation>Modèles GGUF (*.gguf)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="531"/>
        <source>All files (*)</source>
        <translation>Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="288"/>
        <location filename="../app/qml/SettingsDialog.qml" line="289"/>
        <location filename="../app/qml/SettingsDialog.qml" line="299"/>
        <location filename="../app/qml/SettingsDialog.qml" line="300"/>
        <source>Automatic</source>
        <translation>Automatique</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="335"/>
        <location filename="../app/qml/SettingsDialog.qml" line="343"/>
        <source>Context length</source>
        <translation>Longueur du contexte</translation>
    </message>
    <message>
        <source>Device, threads and context length apply the next time the model loads.</source>
        <translation type="vanished">Le périphérique, les threads et la longueur du contexte s’appliquent au prochain chargement du modèle.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="354"/>
        <source>Reload the model now</source>
        <translation>Recharger le modèle maintenant</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="365"/>
        <location filename="../app/qml/SettingsDialog.qml" line="366"/>
        <source>Temperature</source>
        <translation>Température</translation>
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
        <translation>Pénalité de répétition</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="375"/>
        <location filename="../app/qml/SettingsDialog.qml" line="382"/>
        <source>Seed</source>
        <translation>Graine</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="379"/>
        <location filename="../app/qml/SettingsDialog.qml" line="380"/>
        <source>Random</source>
        <translation>Aléatoire</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="384"/>
        <source>Max tokens</source>
        <translation>Jetons max.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="385"/>
        <source>Maximum answer length in tokens</source>
        <translation>Longueur maximale de la réponse en jetons</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="386"/>
        <source>Thinking budget</source>
        <translation>Budget de réflexion</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="393"/>
        <location filename="../app/qml/SettingsDialog.qml" line="394"/>
        <source>Unlimited</source>
        <translation>Illimité</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="396"/>
        <source>Thinking budget in tokens</source>
        <translation>Budget de réflexion en jetons</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="431"/>
        <source>These values are kept for %1.</source>
        <translation>Ces valeurs sont conservées pour %1.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="435"/>
        <source>Reset to the model&apos;s recommended values</source>
        <translation>Rétablir les valeurs recommandées du modèle</translation>
    </message>
    <message>
        <source>System prompt of this chat</source>
        <translation type="vanished">Prompt système de cette discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="454"/>
        <source>For example: You are a concise assistant.</source>
        <translation>Par exemple&#xa0;: Tu es un assistant concis.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="445"/>
        <source>Default for new chats with this model</source>
        <translation>Par défaut pour les nouvelles discussions avec ce modèle</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="456"/>
        <source>Default system prompt</source>
        <translation>Prompt système par défaut</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="340"/>
        <location filename="../app/qml/SettingsDialog.qml" line="341"/>
        <source>Model default</source>
        <translation>Valeur du modèle</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="34"/>
        <source>cannot be used</source>
        <translation>inutilisable</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="36"/>
        <source>dedicated GPU, %1</source>
        <translation>GPU dédié, %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="37"/>
        <source>integrated GPU, %1</source>
        <translation>GPU intégré, %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="38"/>
        <source>virtual GPU, %1</source>
        <translation>GPU virtuel, %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="39"/>
        <source>runs on the CPU, slower than the CPU backend</source>
        <translation>s’exécute sur le processeur, plus lent que le moteur processeur</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="40"/>
        <source>other Vulkan device, %1</source>
        <translation>autre périphérique Vulkan, %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="60"/>
        <source>Uses the best GPU, else SmolDesk&apos;s own CPU backend.</source>
        <translation>Utilise le meilleur GPU, sinon le moteur processeur de SmolDesk.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="64"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="67"/>
        <source>A CPU implementation of Vulkan: slower than the CPU backend, useful for testing only.</source>
        <translation>Une implémentation de Vulkan sur le processeur&#xa0;: plus lente que le moteur processeur, utile seulement pour des tests.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="72"/>
        <source>Vulkan device %1 (not found)</source>
        <translation>Périphérique Vulkan %1 (introuvable)</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="73"/>
        <source>This device is not present now; the model runs on the CPU.</source>
        <translation>Ce périphérique est absent pour l’instant&#xa0;; le modèle s’exécute sur le processeur.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="76"/>
        <source>CPU safe mode is on: GPUs are neither listed nor used.</source>
        <translation>Le mode sans échec CPU est actif&#xa0;: les GPU ne sont ni listés ni utilisés.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="80"/>
        <source>No Vulkan device was found: the CPU is used.</source>
        <translation>Aucun périphérique Vulkan n’a été trouvé&#xa0;: le processeur est utilisé.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="22"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="398"/>
        <source>New chats</source>
        <translation>Nouvelles discussions</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="401"/>
        <source>Think before answering</source>
        <translation>Réfléchir avant de répondre</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="405"/>
        <source>Think in new chats</source>
        <translation>Réfléchir dans les nouvelles discussions</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="130"/>
        <source>API server</source>
        <translation>Serveur d’API</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="310"/>
        <source>Off</source>
        <translation>Désactivé</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="331"/>
        <source>Choose…</source>
        <translation>Choisir…</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="479"/>
        <location filename="../app/qml/SettingsDialog.qml" line="485"/>
        <source>Local API server</source>
        <translation>Serveur d’API local</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="484"/>
        <source>Let other programs use the loaded model</source>
        <translation>Permettre à d’autres programmes d’utiliser le modèle chargé</translation>
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
        <translation>En marche à %1 (compatible OpenAI&#xa0;: /v1/chat/completions, /v1/completions, /v1/models).</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="505"/>
        <source>Not running: %1</source>
        <translation>Arrêté&#xa0;: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="506"/>
        <source>Off.</source>
        <translation>Désactivé.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="513"/>
        <source>The server listens on this computer only (127.0.0.1); when the port is taken the next free one is used. Requests wait behind the chat for the one model. The request log is part of Copy diagnostics in the About dialog.</source>
        <translation>Le serveur n’écoute que sur cet ordinateur (127.0.0.1)&#xa0;; si le port est pris, le suivant libre est utilisé. Les requêtes attendent derrière la conversation pour l’unique modèle. Le journal des requêtes fait partie de «&#xa0;Copier le diagnostic&#xa0;» dans la boîte À propos.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="469"/>
        <source>A chat&apos;s own system prompt is set with the System prompt button beside its prompt box.</source>
        <translation>Le prompt système propre à une discussion se règle avec le bouton «&#xa0;Prompt système&#xa0;» à côté de sa zone de saisie.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="54"/>
        <source>The only Vulkan device, “%1”, is a CPU implementation: there is no GPU to check.</source>
        <translation>Le seul périphérique Vulkan, «&#xa0;%1&#xa0;», est une implémentation sur le CPU&#xa0;: il n’y a pas de GPU à vérifier.</translation>
    </message>
    <message>
        <location filename="../app/qml/SettingsDialog.qml" line="55"/>
        <source>No Vulkan GPU was found: there is no GPU to check.</source>
        <translation>Aucun GPU Vulkan n’a été trouvé&#xa0;: il n’y a pas de GPU à vérifier.</translation>
    </message>
</context>
<context>
    <name>Sidebar</name>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="19"/>
        <source>New chat</source>
        <translation>Nouvelle discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="21"/>
        <source>Start a new chat</source>
        <translation>Nouvelle discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="23"/>
        <source>Ctrl+N</source>
        <translation>Ctrl+N</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="32"/>
        <source>Search chats</source>
        <translation>Rechercher</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="33"/>
        <source>Search conversations</source>
        <translation>Rechercher dans les discussions</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="75"/>
        <source>Conversations</source>
        <translation>Discussions</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="128"/>
        <source>Conversation actions</source>
        <translation>Actions de la discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="133"/>
        <source>Rename…</source>
        <translation>Renommer…</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="134"/>
        <source>Export as Markdown…</source>
        <translation>Exporter en Markdown…</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="135"/>
        <source>Export as JSON…</source>
        <translation>Exporter en JSON…</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="137"/>
        <location filename="../app/qml/Sidebar.qml" line="189"/>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="148"/>
        <source>No chat matches “%1”.</source>
        <translation>Aucune discussion ne correspond à «&#xa0;%1&#xa0;».</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="148"/>
        <source>Your chats appear here.</source>
        <translation>Vos discussions apparaissent ici.</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="161"/>
        <source>Rename chat</source>
        <translation>Renommer la discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="171"/>
        <source>Chat title</source>
        <translation>Titre de la discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="186"/>
        <source>Delete chat</source>
        <translation>Supprimer la discussion</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="193"/>
        <source>Delete “%1”? This cannot be undone.</source>
        <translation>Supprimer «&#xa0;%1&#xa0;»&#xa0;? Cette action est irréversible.</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="164"/>
        <source>Rename</source>
        <translation>Renommer</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="165"/>
        <location filename="../app/qml/Sidebar.qml" line="190"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../app/qml/Sidebar.qml" line="62"/>
        <source>Clear the search</source>
        <translation>Effacer la recherche</translation>
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
        <translation>ligne %1</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="56"/>
        <source>Open in system viewer</source>
        <translation>Ouvrir dans la visionneuse du système</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="62"/>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="72"/>
        <source>The PDF viewer is not installed (Qt PDF Quick); open the file in your system&apos;s viewer.</source>
        <translation>La visionneuse PDF n’est pas installée (Qt PDF Quick)&#xa0;; ouvrez le fichier dans la visionneuse de votre système.</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="73"/>
        <source>%1 cannot be read as a PDF.</source>
        <translation>%1 ne peut pas être lu comme un PDF.</translation>
    </message>
    <message>
        <location filename="../app/qml/SourceViewer.qml" line="114"/>
        <source>Text of %1</source>
        <translation>Texte de %1</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="28"/>
        <source>%1 on %2</source>
        <translation>%1 sur %2</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="31"/>
        <source>Loading…</source>
        <translation>Chargement…</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="31"/>
        <source>No model loaded</source>
        <translation>Aucun modèle chargé</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="64"/>
        <source>GPU not used…</source>
        <translation>GPU non utilisé…</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="71"/>
        <source>GPU not used: %1</source>
        <translation>GPU non utilisé&#xa0;: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="72"/>
        <source>Opens the model information</source>
        <translation>Ouvre les informations du modèle</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="76"/>
        <source>CPU safe mode</source>
        <translation>Mode sans échec CPU</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="106"/>
        <source>%1 tokens/s</source>
        <translation>%1 jetons/s</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="109"/>
        <source>Context</source>
        <translation>Contexte</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="119"/>
        <source>Context used</source>
        <translation>Contexte utilisé</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="124"/>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="133"/>
        <source>Context: %1 tokens</source>
        <translation>Contexte&#xa0;: %1 jetons</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="83"/>
        <source>API %1</source>
        <translation>API %1</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="91"/>
        <source>The local API server runs at this address: click to copy it</source>
        <translation>Le serveur d’API local tourne à cette adresse&#xa0;: cliquer pour la copier</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="92"/>
        <source>Copy the API server address</source>
        <translation>Copier l’adresse du serveur d’API</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="95"/>
        <source>Address copied</source>
        <translation>Adresse copiée</translation>
    </message>
    <message>
        <location filename="../app/qml/StatusBar.qml" line="45"/>
        <source>on %1</source>
        <translation>sur %1</translation>
    </message>
</context>
<context>
    <name>ThinkingBlock</name>
    <message>
        <location filename="../app/qml/ThinkingBlock.qml" line="41"/>
        <source>Thinking…</source>
        <translation>Réflexion…</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/ThinkingBlock.qml" line="41"/>
        <source>Thought for %n s</source>
        <translation>
            <numerusform>A réfléchi %n s</numerusform>
            <numerusform>A réfléchi %n s</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/qml/ThinkingBlock.qml" line="60"/>
        <source>Thought</source>
        <translation>Réflexion</translation>
    </message>
</context>
<context>
    <name>ToolCallCard</name>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="25"/>
        <source>Tool call %1 on %2</source>
        <translation>Appel de l’outil %1 sur %2</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="29"/>
        <source>Waiting for your consent</source>
        <translation>En attente de votre accord</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="30"/>
        <source>Running…</source>
        <translation>En cours…</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="31"/>
        <source>Done</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="32"/>
        <source>Failed</source>
        <translation>Échec</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="33"/>
        <source>Denied</source>
        <translation>Refusé</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="34"/>
        <source>Stopped</source>
        <translation>Arrêté</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="35"/>
        <source>Interrupted</source>
        <translation>Interrompu</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="50"/>
        <source>Tool: %1</source>
        <translation>Outil&#xa0;: %1</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="57"/>
        <source>on %1</source>
        <translation>sur %1</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="57"/>
        <source>in your documents</source>
        <translation>dans vos documents</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="87"/>
        <source>Arguments</source>
        <translation>Arguments</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="95"/>
        <source>Allow once</source>
        <translation>Autoriser une fois</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="97"/>
        <source>Allow this call of %1 once</source>
        <translation>Autoriser cet appel de %1 une fois</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="102"/>
        <source>Always allow this tool</source>
        <translation>Toujours autoriser cet outil</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="103"/>
        <source>Always allow %1 of %2</source>
        <translation>Toujours autoriser %1 de %2</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="108"/>
        <source>Deny</source>
        <translation>Refuser</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="109"/>
        <source>Deny this call of %1</source>
        <translation>Refuser cet appel de %1</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="116"/>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="117"/>
        <source>Stop this call of %1</source>
        <translation>Arrêter cet appel de %1</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="124"/>
        <source>Hide result</source>
        <translation>Masquer le résultat</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="124"/>
        <source>Show result (%1 characters)</source>
        <translation>Afficher le résultat (%1 caractères)</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="125"/>
        <source>Hide the result</source>
        <translation>Masquer le résultat</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="125"/>
        <source>Show the result</source>
        <translation>Afficher le résultat</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="142"/>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="147"/>
        <source>Show all</source>
        <translation>Tout afficher</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="148"/>
        <source>Show the whole result</source>
        <translation>Afficher le résultat complet</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolCallCard.qml" line="170"/>
        <source>Image %1 of the result (%2)</source>
        <translation>Image %1 du résultat (%2)</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/qml/ToolCallCard.qml" line="177"/>
        <source>%n more image(s) not shown (too large or not an image SmolDesk can show).</source>
        <translation>
            <numerusform>%n autre image n’est pas affichée (trop grande ou pas une image que SmolDesk sait afficher).</numerusform>
            <numerusform>%n autres images ne sont pas affichées (trop grandes ou pas des images que SmolDesk sait afficher).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ToolServerDialog</name>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="17"/>
        <source>Add a tool server</source>
        <translation>Ajouter un serveur d’outils</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="17"/>
        <source>Edit tool server</source>
        <translation>Modifier le serveur d’outils</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="21"/>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="22"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="59"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="60"/>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="61"/>
        <source>Connection</source>
        <translation>Connexion</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="63"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="66"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="73"/>
        <source>Command</source>
        <translation>Commande</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="64"/>
        <source>HTTP address</source>
        <translation>Adresse HTTP</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="72"/>
        <source>for example npx</source>
        <translation>par exemple npx</translation>
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
        <translation>un par ligne</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="95"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="105"/>
        <source>Environment</source>
        <translation>Environnement</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="104"/>
        <source>NAME=value, one per line (kept out of the log)</source>
        <translation>NOM=valeur, une par ligne (exclu du journal)</translation>
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
        <translation>Jeton Bearer</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="128"/>
        <source>optional</source>
        <translation>facultatif</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolServerDialog.qml" line="131"/>
        <location filename="../app/qml/ToolServerDialog.qml" line="139"/>
        <source>Time limit per request</source>
        <translation>Délai maximal par requête</translation>
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
        <translation>Ajouter un serveur…</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="24"/>
        <source>Import mcp.json…</source>
        <translation>Importer un mcp.json…</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="28"/>
        <location filename="../app/qml/ToolsSettings.qml" line="35"/>
        <source>Tool rounds per answer</source>
        <translation>Tours d’outils par réponse</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="50"/>
        <source>No tool servers yet. Add one (a command such as npx -y @modelcontextprotocol/server-filesystem ~/Documents, or an http:// address), or import the mcp.json of Claude Desktop, Cursor or LM Studio. The model asks before every call; nothing runs without your consent.</source>
        <translation>Aucun serveur d’outils pour l’instant. Ajoutez-en un (une commande comme npx -y @modelcontextprotocol/server-filesystem ~/Documents, ou une adresse http://), ou importez le mcp.json de Claude Desktop, Cursor ou LM Studio. Le modèle demande avant chaque appel&#xa0;; rien ne s’exécute sans votre accord.</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="89"/>
        <source>Use %1</source>
        <translation>Utiliser %1</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="104"/>
        <source>Reconnect</source>
        <translation>Reconnecter</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="110"/>
        <source>Edit…</source>
        <translation>Modifier…</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="115"/>
        <source>Remove</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="129"/>
        <source>Hide tools</source>
        <translation>Masquer les outils</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="129"/>
        <source>Show 1 tool</source>
        <translation>Afficher 1 outil</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="129"/>
        <source>Show %1 tools</source>
        <translation>Afficher %1 outils</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="158"/>
        <source>Revoke “Always allow”</source>
        <translation>Révoquer «&#xa0;Toujours autoriser&#xa0;»</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="170"/>
        <source>Import MCP servers</source>
        <translation>Importer des serveurs MCP</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="171"/>
        <source>Import</source>
        <translation>Importer</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="172"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="173"/>
        <source>MCP configuration (*.json)</source>
        <translation>Configuration MCP (*.json)</translation>
    </message>
    <message>
        <location filename="../app/qml/ToolsSettings.qml" line="173"/>
        <source>All files (*)</source>
        <translation>Tous les fichiers (*)</translation>
    </message>
</context>
<context>
    <name>WelcomeView</name>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="28"/>
        <source>What can I help with?</source>
        <translation>Comment puis-je vous aider&#xa0;?</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="28"/>
        <source>Welcome to SmolDesk</source>
        <translation>Bienvenue dans SmolDesk</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="42"/>
        <source>Loading %1…</source>
        <translation>Chargement de %1…</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="44"/>
        <source>The tiny bundled demo model is loaded. It only tells short children&apos;s stories, but it works offline. For real answers, download SmolLM3 or open a GGUF model you already have.</source>
        <translation>Le petit modèle de démonstration fourni est chargé. Il ne raconte que de courtes histoires pour enfants (en anglais), mais fonctionne hors ligne. Pour de vraies réponses, téléchargez SmolLM3 ou ouvrez un modèle GGUF que vous avez déjà.</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="49"/>
        <source>Everything runs on this computer. Nothing you type leaves it.</source>
        <translation>Tout fonctionne sur cet ordinateur. Rien de ce que vous tapez ne le quitte.</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="50"/>
        <source>Chat with language models that run entirely on this computer. Start with SmolLM3, or open a GGUF model you already have.</source>
        <translation>Discutez avec des modèles de langage qui tournent entièrement sur cet ordinateur. Commencez avec SmolLM3, ou ouvrez un modèle GGUF que vous avez déjà.</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="62"/>
        <source>Download %1 (%2)</source>
        <translation>Télécharger %1 (%2)</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="63"/>
        <source>Download the recommended model</source>
        <translation>Télécharger le modèle recommandé</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="70"/>
        <source>More models…</source>
        <translation>Autres modèles…</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="71"/>
        <source>Choose another model to download</source>
        <translation>Choisir un autre modèle à télécharger</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="76"/>
        <source>Open a GGUF file…</source>
        <translation>Ouvrir un fichier GGUF…</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="77"/>
        <source>Open a GGUF file</source>
        <translation>Ouvrir un fichier GGUF</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="91"/>
        <source>Download progress</source>
        <translation>Progression du téléchargement</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="97"/>
        <source>Checking the download…</source>
        <translation>Vérification du téléchargement…</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="99"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="113"/>
        <source>Tip: drop a .gguf file anywhere on this window.</source>
        <translation>Astuce&#xa0;: déposez un fichier .gguf n’importe où sur cette fenêtre.</translation>
    </message>
    <message>
        <location filename="../app/qml/WelcomeView.qml" line="46"/>
        <source>%1 answers from the endpoint “%2” at %3. What you type is sent to that server.</source>
        <translation>%1 répond depuis le point d’accès «&#xa0;%2&#xa0;» à l’adresse %3. Ce que vous tapez est envoyé à ce serveur.</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::Catalogue</name>
    <message>
        <location filename="../app/src/catalogue.cpp" line="54"/>
        <source>Fits this computer</source>
        <translation>Tient sur cet ordinateur</translation>
    </message>
    <message>
        <location filename="../app/src/catalogue.cpp" line="56"/>
        <source>Needs about %1; %2 are free</source>
        <translation>Demande environ %1&#xa0;; %2 sont libres</translation>
    </message>
    <message>
        <location filename="../app/src/catalogue.cpp" line="61"/>
        <source>Needs about %1</source>
        <translation>Demande environ %1</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ChatController</name>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="137"/>
        <source>The tool “%1” is left out of your chats: its parameters cannot be held to their schema (%2)</source>
        <translation>L’outil «&#xa0;%1&#xa0;» est laissé de côté dans vos discussions&#xa0;: ses paramètres ne peuvent pas être tenus à leur schéma (%2)</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="72"/>
        <source>The conversation database cannot be opened: %1</source>
        <translation>La base de données des discussions ne peut pas être ouverte&#xa0;: %1</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="267"/>
        <source>The call was interrupted before it ran.</source>
        <translation>L’appel a été interrompu avant d’être exécuté.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="383"/>
        <source>New chat</source>
        <translation>Nouvelle discussion</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="467"/>
        <source>This model cannot see images: no mmproj file was given or found next to it.</source>
        <translation>Ce modèle ne peut pas voir les images&#xa0;: aucun fichier mmproj n’a été indiqué ni trouvé à côté de lui.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="472"/>
        <source>Image</source>
        <translation>Image</translation>
    </message>
    <message>
        <source>%1 tokens/s · first token %2 ms · %3 tokens</source>
        <translation type="vanished">%1 jetons/s · premier jeton %2 ms · %3 jetons</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="vanished">arrêté</translation>
    </message>
    <message>
        <source>context full</source>
        <translation type="vanished">contexte plein</translation>
    </message>
    <message>
        <source>length limit</source>
        <translation type="vanished">limite de longueur</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="766"/>
        <location filename="../app/src/chat_controller.cpp" line="785"/>
        <source>The prompt alone does not fit into the context of %1 tokens.</source>
        <translation>Le message seul ne tient pas dans le contexte de %1 jetons.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_controller.cpp" line="922"/>
        <source>The conversation cannot be exported: %1</source>
        <translation>La discussion ne peut pas être exportée&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ChatDocuments</name>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="28"/>
        <source>1 file</source>
        <translation>1 fichier</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="28"/>
        <source>%1 files</source>
        <translation>%1 fichiers</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="31"/>
        <source>Using: %1 — %2</source>
        <translation>Avec %1 — %2</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="33"/>
        <source>Using: %1 folders — %2</source>
        <translation>Avec %1 dossiers — %2</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="34"/>
        <source>Using: Documents — %1</source>
        <translation>Avec les documents — %1</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="29"/>
        <source>Documents off</source>
        <translation>Documents désactivés</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="72"/>
        <source>Using: %1</source>
        <translation>Avec %1</translation>
    </message>
    <message>
        <location filename="../app/src/chat_documents.cpp" line="73"/>
        <source>Using: %1 files</source>
        <translation>Avec %1 fichiers</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ChatImages</name>
    <message>
        <location filename="../app/src/chat_images.cpp" line="33"/>
        <source>The image is empty.</source>
        <translation>L’image est vide.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_images.cpp" line="49"/>
        <source>This data URL holds no base64 image.</source>
        <translation>Cette URL de données ne contient aucune image en base64.</translation>
    </message>
    <message>
        <location filename="../app/src/chat_images.cpp" line="57"/>
        <source>The image %1 cannot be read: %2</source>
        <translation>Impossible de lire l’image %1&#xa0;: %2</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::Downloader</name>
    <message>
        <location filename="../app/src/downloader.cpp" line="34"/>
        <source>the server refused the connection</source>
        <translation>le serveur a refusé la connexion</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="36"/>
        <source>the server closed the connection</source>
        <translation>le serveur a fermé la connexion</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="38"/>
        <source>the server stopped answering</source>
        <translation>le serveur ne répond plus</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="40"/>
        <source>the secure connection could not be set up</source>
        <translation>la connexion sécurisée n’a pas pu être établie</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="43"/>
        <source>the network went away</source>
        <translation>le réseau a disparu</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="45"/>
        <source>the network failed</source>
        <translation>le réseau a échoué</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="80"/>
        <source>%1 of %2</source>
        <translation>%1 sur %2</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="82"/>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="105"/>
        <source>The model catalogue is missing.</source>
        <translation>Le catalogue des modèles est introuvable.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="114"/>
        <source>The model catalogue has no entry “%1”.</source>
        <translation>Le catalogue des modèles n’a pas d’entrée «&#xa0;%1&#xa0;».</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="159"/>
        <location filename="../app/src/downloader.cpp" line="216"/>
        <source>Cannot write &apos;%1&apos;: %2</source>
        <translation>Impossible d’écrire «&#xa0;%1&#xa0;»&#xa0;: %2</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="182"/>
        <source>The server redirected the download to an unencrypted address; it was stopped.</source>
        <translation>Le serveur a redirigé le téléchargement vers une adresse non chiffrée&#xa0;; il a été arrêté.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="252"/>
        <source>The server answered HTTP %1 (%2).</source>
        <translation>Le serveur a répondu HTTP %1 (%2).</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="262"/>
        <source>There is no connection to %1 (%2). Check the network and try again.</source>
        <translation>Aucune connexion à %1 (%2). Vérifiez le réseau et réessayez.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="266"/>
        <source>The download stopped after %1: %2. Start it again to resume.</source>
        <translation>Le téléchargement s’est arrêté après %1&#xa0;: %2. Relancez-le pour reprendre.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="293"/>
        <source>The server did not say the file&apos;s checksum, so the download cannot be verified; it was not kept.</source>
        <translation>Le serveur n’a pas indiqué la somme de contrôle du fichier&#xa0;: le téléchargement ne peut pas être vérifié et n’a pas été conservé.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="303"/>
        <source>The download stopped after %1 of %2. Start it again to resume.</source>
        <translation>Le téléchargement s’est arrêté après %1 sur %2. Relancez-le pour reprendre.</translation>
    </message>
    <message>
        <source>The download was interrupted: %1. Start it again to resume.</source>
        <translation type="vanished">Le téléchargement a été interrompu&#xa0;: %1. Relancez-le pour le reprendre.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="309"/>
        <source>The download has %1 bytes, expected %2.</source>
        <translation>Le téléchargement fait %1 octets, %2 attendus.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="318"/>
        <source>The download is damaged (sha256 mismatch). Please try again.</source>
        <translation>Le téléchargement est endommagé (sha256 différent). Veuillez réessayer.</translation>
    </message>
    <message>
        <location filename="../app/src/downloader.cpp" line="324"/>
        <source>Cannot move the download to &apos;%1&apos;.</source>
        <translation>Impossible de déplacer le téléchargement vers «&#xa0;%1&#xa0;».</translation>
    </message>
    <message>
        <source>%1 of %2 bytes arrived</source>
        <translation type="vanished">%1 octets reçus sur %2</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::LanguageManager</name>
    <message>
        <location filename="../app/src/language_manager.cpp" line="12"/>
        <source>System language</source>
        <translation>Langue du système</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ModelManager</name>
    <message>
        <location filename="../app/src/model_manager.cpp" line="204"/>
        <source>There is no remote endpoint “%1” any more: add it again in Settings ▸ Models.</source>
        <translation>Le point d’accès distant «&#xa0;%1&#xa0;» n’existe plus&#xa0;: ajoutez-le à nouveau dans Paramètres ▸ Modèles.</translation>
    </message>
    <message>
        <location filename="../app/src/model_manager.cpp" line="214"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location filename="../app/src/model_manager.cpp" line="215"/>
        <source>remote</source>
        <translation>distant</translation>
    </message>
    <message>
        <location filename="../app/src/model_manager.cpp" line="401"/>
        <source>The GPU stopped working, so SmolDesk continues on the CPU. %1</source>
        <translation>Le GPU a cessé de fonctionner&#xa0;: SmolDesk continue sur le CPU. %1</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ModelSource</name>
    <message>
        <location filename="../app/src/model_source.h" line="35"/>
        <source>%1 reads documents with the local engine only.</source>
        <translation>%1 ne lit les documents qu’avec le moteur local.</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::RemoteEndpoints</name>
    <message>
        <location filename="../app/src/remote_endpoints.cpp" line="11"/>
        <source>Connected: 1 model.</source>
        <translation>Connecté&#xa0;: 1 modèle.</translation>
    </message>
    <message>
        <location filename="../app/src/remote_endpoints.cpp" line="12"/>
        <source>Connected: %1 models.</source>
        <translation>Connecté&#xa0;: %1 modèles.</translation>
    </message>
    <message>
        <location filename="../app/src/remote_endpoints.cpp" line="98"/>
        <source>Give the endpoint a name.</source>
        <translation>Donnez un nom au point d’accès.</translation>
    </message>
    <message>
        <location filename="../app/src/remote_endpoints.cpp" line="113"/>
        <source>The API key cannot be stored.</source>
        <translation>La clé d’API ne peut pas être enregistrée.</translation>
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
        <translation>%1 n’est plus dans %2&#xa0;: le fichier a été déplacé ou supprimé.</translation>
    </message>
    <message>
        <location filename="../app/src/source_viewer.cpp" line="71"/>
        <source>%1 is too large to show here; open it in your system&apos;s viewer.</source>
        <translation>%1 est trop volumineux pour être affiché ici&#xa0;; ouvrez-le dans la visionneuse de votre système.</translation>
    </message>
    <message>
        <location filename="../app/src/source_viewer.cpp" line="82"/>
        <location filename="../app/src/source_viewer.cpp" line="101"/>
        <source>%1 cannot be read.</source>
        <translation>%1 ne peut pas être lu.</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ToolServers</name>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="59"/>
        <location filename="../app/src/tool_servers.cpp" line="72"/>
        <source>Off</source>
        <translation>Désactivé</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="62"/>
        <source>Connecting…</source>
        <translation>Connexion…</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="65"/>
        <source>Connected, 1 tool</source>
        <translation>Connecté, 1 outil</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="66"/>
        <source>Connected, %1 tools</source>
        <translation>Connecté, %1 outils</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="68"/>
        <source>Failed: %1</source>
        <translation>Échec&#xa0;: %1</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="176"/>
        <source>Each environment line is NAME=value; “%1” is not.</source>
        <translation>Chaque ligne d’environnement est de la forme NOM=valeur&#xa0;; «&#xa0;%1&#xa0;» ne l’est pas.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="189"/>
        <source>Give the server a name.</source>
        <translation>Donnez un nom au serveur.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="190"/>
        <source>A server&apos;s name cannot contain “/”.</source>
        <translation>Le nom d’un serveur ne peut pas contenir «&#xa0;/&#xa0;».</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="193"/>
        <source>There is already a server named “%1”.</source>
        <translation>Il existe déjà un serveur nommé «&#xa0;%1&#xa0;».</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="198"/>
        <source>The address must start with http:// or https://.</source>
        <translation>L’adresse doit commencer par http:// ou https://.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="200"/>
        <source>Give the command that starts the server, or choose HTTP and give its address.</source>
        <translation>Indiquez la commande qui lance le serveur, ou choisissez HTTP et indiquez son adresse.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="221"/>
        <source>This server no longer exists.</source>
        <translation>Ce serveur n’existe plus.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="278"/>
        <source>Cannot read %1: %2.</source>
        <translation>Impossible de lire %1&#xa0;: %2.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="280"/>
        <source>%1 is larger than 4 MB; it is not an MCP configuration.</source>
        <translation>%1 dépasse 4 Mo&#xa0;; ce n’est pas une configuration MCP.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="314"/>
        <source>Imported 1 server: %1.</source>
        <translation>1 serveur importé&#xa0;: %1.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_servers.cpp" line="315"/>
        <source>Imported %1 servers: %2.</source>
        <translation>%1 serveurs importés&#xa0;: %2.</translation>
    </message>
</context>
<context>
    <name>smoldesk::app::ToolTurn</name>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="32"/>
        <source>The tool server “%1” no longer offers “%2”; the call was not run.</source>
        <translation>Le serveur d’outils «&#xa0;%1&#xa0;» ne propose plus «&#xa0;%2&#xa0;»&#xa0;; l’appel n’a pas été exécuté.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="111"/>
        <source>The model asked for more tools after %1 rounds, the limit set in Settings ▸ Tools; it was stopped.</source>
        <translation>Le modèle a demandé d’autres outils après %1 tours, la limite fixée dans Paramètres ▸ Outils&#xa0;; il a été arrêté.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="193"/>
        <source>There is no tool named “%1” in this chat.</source>
        <translation>Il n’y a pas d’outil nommé «&#xa0;%1&#xa0;» dans cette discussion.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="195"/>
        <source>The arguments of “%1” are not a JSON object.</source>
        <translation>Les arguments de «&#xa0;%1&#xa0;» ne sont pas un objet JSON.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="217"/>
        <source>The user denied this call of %1.</source>
        <translation>L’utilisateur a refusé cet appel de %1.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="228"/>
        <location filename="../app/src/tool_turn.cpp" line="251"/>
        <source>The user stopped this call.</source>
        <translation>L’utilisateur a arrêté cet appel.</translation>
    </message>
    <message>
        <location filename="../app/src/tool_turn.cpp" line="235"/>
        <source>The tool server “%1” is off.</source>
        <translation>Le serveur d’outils «&#xa0;%1&#xa0;» est désactivé.</translation>
    </message>
</context>
<context>
    <name>smoldesk::library::FolderListModel</name>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="34"/>
        <source>page %1 has no text — scanned?</source>
        <translation>la page %1 n’a pas de texte — numérisée&#xa0;?</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/library/folder_list_model.cpp" line="39"/>
        <source>pages %1 and %n more have no text — scanned?</source>
        <translation>
            <numerusform>les pages %1 et %n autre n’ont pas de texte — numérisées&#xa0;?</numerusform>
            <numerusform>les pages %1 et %n autres n’ont pas de texte — numérisées&#xa0;?</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="42"/>
        <source>pages %1 and %2 have no text — scanned?</source>
        <translation>les pages %1 et %2 n’ont pas de texte — numérisées&#xa0;?</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="53"/>
        <source>%1 is not a text file (it contains NUL bytes), so it was not indexed.</source>
        <translation>%1 n’est pas un fichier texte (il contient des octets NUL), il n’a donc pas été indexé.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="55"/>
        <source>%1 has no text on its page (scanned? text in pictures cannot be read yet), so it was not indexed.</source>
        <translation>%1 n’a pas de texte sur sa page (numérisée&#xa0;? le texte des images ne peut pas encore être lu), il n’a donc pas été indexé.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="59"/>
        <source>%1 has no text on any of its %2 pages (scanned? text in pictures cannot be read yet), so it was not indexed.</source>
        <translation>%1 n’a de texte sur aucune de ses %2 pages (numérisées&#xa0;? le texte des images ne peut pas encore être lu), il n’a donc pas été indexé.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="63"/>
        <source>%1 has no pages.</source>
        <translation>%1 n’a aucune page.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="65"/>
        <source>%1 is a PDF; PDF text extraction is not in this build yet.</source>
        <translation>%1 est un PDF&#xa0;; cette version ne sait pas encore extraire le texte des PDF.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="67"/>
        <source>%1 is larger than 32 MiB; it was not indexed.</source>
        <translation>%1 dépasse 32 Mio&#xa0;; il n’a pas été indexé.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="70"/>
        <source>Cannot read %1.</source>
        <translation>Impossible de lire %1.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="70"/>
        <source>Cannot read %1: %2.</source>
        <translation>Impossible de lire %1&#xa0;: %2.</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="71"/>
        <source>%1 could not be read: %2</source>
        <translation>%1 n’a pas pu être lu&#xa0;: %2</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="72"/>
        <source>%1 could not be embedded: %2</source>
        <translation>%1 n’a pas pu être vectorisé&#xa0;: %2</translation>
    </message>
    <message>
        <location filename="../app/library/folder_list_model.cpp" line="101"/>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
</context>
<context>
    <name>smoldesk::library::Library</name>
    <message>
        <location filename="../app/library/library.cpp" line="70"/>
        <source>The embedding model could not be used: %1 Search uses keywords until it can.</source>
        <translation>Le modèle d’embeddings n’a pas pu être utilisé&#xa0;: %1 La recherche se fait par mots-clés en attendant.</translation>
    </message>
    <message>
        <location filename="../app/library/library.cpp" line="142"/>
        <source>%1 is not a folder.</source>
        <translation>%1 n’est pas un dossier.</translation>
    </message>
</context>
<context>
    <name>smoldesk::mcp::HttpTransport</name>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="25"/>
        <source>The MCP server “%1” has an address that is not an http or https URL.</source>
        <translation>L’adresse du serveur MCP «&#xa0;%1&#xa0;» n’est pas une URL http ou https.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="101"/>
        <source>The MCP server “%1” refused the request (HTTP %2): check its bearer token or headers.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» a refusé la requête (HTTP %2)&#xa0;: vérifiez son jeton Bearer ou ses en-têtes.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="105"/>
        <source>The MCP server “%1” ended the session (HTTP 404); turn it off and on to start a new one.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» a mis fin à la session (HTTP 404)&#xa0;; désactivez-le puis réactivez-le pour en ouvrir une nouvelle.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="109"/>
        <source>The MCP server “%1” broke off its answer: %2.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» a interrompu sa réponse&#xa0;: %2.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="112"/>
        <source>The MCP server “%1” answered HTTP %2%3.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» a répondu HTTP %2%3.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="117"/>
        <source>The MCP server “%1” at %2 cannot be reached: %3.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» à l’adresse %2 est injoignable&#xa0;: %3.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="146"/>
        <source>The MCP server “%1” closed its event stream without an answer.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» a fermé son flux d’événements sans répondre.</translation>
    </message>
    <message>
        <location filename="../app/mcp/http_transport.cpp" line="153"/>
        <source>The MCP server “%1” accepted a request without answering it.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» a accepté une requête sans y répondre.</translation>
    </message>
</context>
<context>
    <name>smoldesk::mcp::McpClient</name>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="61"/>
        <source>The MCP server “%1” sent a message larger than %2 MB; it was dropped.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» a envoyé un message de plus de %2 Mo&#xa0;; il a été ignoré.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="88"/>
        <source>The MCP server “%1” refused to start a session: %2</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» a refusé d’ouvrir une session&#xa0;: %2</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="99"/>
        <source>The MCP server “%1” was turned off.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» a été désactivé.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="131"/>
        <source>The MCP server “%1” speaks protocol version “%2”; SmolDesk speaks 2025-06-18 and 2025-03-26.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» utilise la version de protocole «&#xa0;%2&#xa0;»&#xa0;; SmolDesk prend en charge 2025-06-18 et 2025-03-26.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="159"/>
        <source>The MCP server “%1” could not list its tools: %2</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» n’a pas pu lister ses outils&#xa0;: %2</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="201"/>
        <source>The MCP server “%1” did not answer %2 within its %3-second limit.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» n’a pas répondu à %2 dans son délai de %3 secondes.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="206"/>
        <source>It sent something that is not an MCP message: “%1”.</source>
        <translation>Il a envoyé quelque chose qui n’est pas un message MCP&#xa0;: «&#xa0;%1&#xa0;».</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="241"/>
        <source>The MCP server “%1” sent something that is not an MCP message (%2): “%3”.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» a envoyé quelque chose qui n’est pas un message MCP (%2)&#xa0;: «&#xa0;%3&#xa0;».</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="297"/>
        <source>The MCP server “%1” cancelled the request: %2</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» a annulé la requête&#xa0;: %2</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="315"/>
        <source>The MCP server “%1” is not connected.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» n’est pas connecté.</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="327"/>
        <source>The MCP server “%1” could not run “%2”: %3</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» n’a pas pu exécuter «&#xa0;%2&#xa0;»&#xa0;: %3</translation>
    </message>
    <message>
        <location filename="../app/mcp/mcp_client.cpp" line="351"/>
        <source>The call was stopped.</source>
        <translation>L’appel a été arrêté.</translation>
    </message>
</context>
<context>
    <name>smoldesk::mcp::StdioTransport</name>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="77"/>
        <source>The MCP server “%1” could not be started (%2): %3.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» n’a pas pu être démarré (%2)&#xa0;: %3.</translation>
    </message>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="88"/>
        <source>crashed</source>
        <translation>a planté</translation>
    </message>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="88"/>
        <source>exited with code %1</source>
        <translation>s’est arrêté avec le code %1</translation>
    </message>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="90"/>
        <source>The MCP server “%1” %2.</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» %2.</translation>
    </message>
    <message>
        <location filename="../app/mcp/stdio_transport.cpp" line="91"/>
        <source>The MCP server “%1” %2: %3</source>
        <translation>Le serveur MCP «&#xa0;%1&#xa0;» %2&#xa0;: %3</translation>
    </message>
</context>
</TS>
