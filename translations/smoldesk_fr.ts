<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
    <context>
        <name>AboutDialog</name>
        <message>
            <source>About SmolDesk</source>
            <translation>À propos de SmolDesk</translation>
        </message>
        <message>
            <source>Version %1</source>
            <translation>Version %1</translation>
        </message>
        <message>
            <source>Language models on your own computer. No account, no cloud, no telemetry: nothing leaves this machine unless you download a model.</source>
            <translation>Des modèles de langage sur votre propre ordinateur. Sans compte, sans cloud, sans télémétrie : rien ne quitte cette machine, sauf si vous téléchargez un modèle.</translation>
        </message>
        <message>
            <source>Log file: %1</source>
            <translation>Fichier journal : %1</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>Copié</translation>
        </message>
        <message>
            <source>Copy diagnostics</source>
            <translation>Copier le diagnostic</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Fermer</translation>
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
            <translation>Copié</translation>
        </message>
        <message>
            <source>Copy code</source>
            <translation>Copier le code</translation>
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
            <translation>Laisser le modèle réfléchir plus longtemps avant de répondre (cette discussion seulement). %1 ne peut pas cesser complètement de réfléchir : sans Réflexion, il réfléchit quand même, brièvement.</translation>
        </message>
        <message>
            <source>Ask anything… (Enter sends, Shift+Enter adds a line)</source>
            <translation>Posez une question… (Entrée envoie, Maj+Entrée ajoute une ligne)</translation>
        </message>
        <message>
            <source>Open a model to start chatting</source>
            <translation>Ouvrez un modèle pour commencer</translation>
        </message>
        <message>
            <source>Prompt</source>
            <translation>Message</translation>
        </message>
        <message>
            <source>Think</source>
            <translation>Réfléchir</translation>
        </message>
        <message>
            <source>Thinking</source>
            <translation>Réflexion</translation>
        </message>
        <message>
            <source>Let the model think before it answers (this chat only)</source>
            <translation>Laisser le modèle réfléchir avant de répondre (cette discussion seulement)</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Arrêter</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>Envoyer</translation>
        </message>
        <message>
            <source>Stop the answer</source>
            <translation>Arrêter la réponse</translation>
        </message>
        <message>
            <source>Send the prompt</source>
            <translation>Envoyer le message</translation>
        </message>
        <message>
            <source>Esc</source>
            <translation>Échap</translation>
        </message>
        <message>
            <source>Enter</source>
            <translation>Entrée</translation>
        </message>
        <message>
            <source>Thinking depends on the model&apos;s chat template; load a model first</source>
            <translation>La réflexion dépend du modèle de conversation ; chargez d’abord un modèle</translation>
        </message>
        <message>
            <source>Thinking is not available: the chat template of %1 has no thinking mode</source>
            <translation>La réflexion n’est pas disponible : le modèle de conversation de %1 n’a pas de mode réflexion</translation>
        </message>
        <message>
            <source>The context is full: this chat no longer fits into the model&apos;s %1 tokens. Leave the oldest turns out, or continue in a new chat.</source>
            <translation>Le contexte est plein : cette discussion ne tient plus dans les %1 jetons du modèle. Laissez de côté les plus anciens échanges ou continuez dans une nouvelle discussion.</translation>
        </message>
        <message>
            <source>The context is %1% full. When it is full, the oldest turns have to be left out, or you continue in a new chat.</source>
            <translation>Le contexte est plein à %1 %. Une fois plein, les plus anciens échanges devront être laissés de côté, ou vous continuerez dans une nouvelle discussion.</translation>
        </message>
        <message>
            <source>Drop oldest turns</source>
            <translation>Retirer les plus anciens échanges</translation>
        </message>
        <message>
            <source>New chat</source>
            <translation>Nouvelle discussion</translation>
        </message>
        <message>
            <source>Ask anything… it is sent when the model has loaded</source>
            <translation>Posez une question… elle sera envoyée dès que le modèle sera chargé</translation>
        </message>
        <message>
            <source>Your message will be sent when %1 has loaded.</source>
            <translation>Votre message sera envoyé dès que %1 sera chargé.</translation>
        </message>
        <message>
            <source>The context is full: this chat no longer fits into the model&apos;s %1 tokens, and no older turn is left to leave out. Continue in a new chat.</source>
            <translation>Le contexte est plein : cette discussion ne tient plus dans les %1 jetons du modèle, et il ne reste aucun échange plus ancien à laisser de côté. Continuez dans une nouvelle discussion.</translation>
        </message>
        <message>
            <source>System prompt ✓</source>
            <translation>Prompt système ✓</translation>
        </message>
        <message>
            <source>System prompt</source>
            <translation>Prompt système</translation>
        </message>
        <message>
            <source>System prompt of this chat</source>
            <translation>Prompt système de cette discussion</translation>
        </message>
        <message>
            <source>Give this chat instructions that the model follows in every answer</source>
            <translation>Donnez à cette discussion des consignes que le modèle suit dans chaque réponse</translation>
        </message>
        <message>
            <source>For example: You are a concise assistant.</source>
            <translation>Par exemple : Tu es un assistant concis.</translation>
        </message>
        <message>
            <source>Applies to the next answer. New chats start with the default from Settings.</source>
            <translation>S’applique à la prochaine réponse. Les nouvelles discussions commencent avec la valeur par défaut des Paramètres.</translation>
        </message>
        <message>
            <source>Done</source>
            <translation>Terminé</translation>
        </message>
    </context>
    <context>
        <name>ContextDialogs</name>
        <message>
            <source>The conversation is too long</source>
            <translation>La discussion est trop longue</translation>
        </message>
        <message>
            <source>The conversation needs %1 tokens, but the model's context holds %2. Drop the oldest turns (the system prompt stays), or continue in a new chat?</source>
            <translation>La discussion demande %1 jetons, mais le contexte du modèle n’en contient que %2. Retirer les échanges les plus anciens (le prompt système est conservé) ou continuer dans une nouvelle discussion ?</translation>
        </message>
        <message>
            <source>Drop oldest turns</source>
            <translation>Retirer les plus anciens</translation>
        </message>
        <message>
            <source>Start a new chat</source>
            <translation>Nouvelle discussion</translation>
        </message>
        <message>
            <source>Edit prompt</source>
            <translation>Modifier le message</translation>
        </message>
        <message>
            <source>Sending the edited prompt removes every later message of this chat. Continue?</source>
            <translation>Envoyer le message modifié supprime tous les messages suivants de cette discussion. Continuer ?</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>Envoyer</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Annuler</translation>
        </message>
    </context>
    <context>
        <name>ErrorText</name>
        <message>
            <source>The file cannot be read.</source>
            <translation>Le fichier ne peut pas être lu.</translation>
        </message>
        <message>
            <source>This is not a GGUF model file.</source>
            <translation>Ce n’est pas un fichier de modèle GGUF.</translation>
        </message>
        <message>
            <source>This GGUF version is not supported.</source>
            <translation>Cette version de GGUF n’est pas prise en charge.</translation>
        </message>
        <message>
            <source>The file is truncated (an incomplete download?).</source>
            <translation>Le fichier est tronqué (téléchargement incomplet ?).</translation>
        </message>
        <message>
            <source>The file is damaged.</source>
            <translation>Le fichier est endommagé.</translation>
        </message>
        <message>
            <source>The model's metadata has an unexpected type.</source>
            <translation>Les métadonnées du modèle ont un type inattendu.</translation>
        </message>
        <message>
            <source>The model is missing required metadata or tensors.</source>
            <translation>Il manque au modèle des métadonnées ou des tenseurs nécessaires.</translation>
        </message>
        <message>
            <source>This model architecture is not supported.</source>
            <translation>Cette architecture de modèle n’est pas prise en charge.</translation>
        </message>
        <message>
            <source>The model uses a tensor type that is not supported.</source>
            <translation>Le modèle utilise un type de tenseur non pris en charge.</translation>
        </message>
        <message>
            <source>The model's tokenizer is not supported.</source>
            <translation>Le tokenizer du modèle n’est pas pris en charge.</translation>
        </message>
        <message>
            <source>A tensor's shape does not match the model's parameters.</source>
            <translation>La forme d’un tenseur ne correspond pas aux paramètres du modèle.</translation>
        </message>
        <message>
            <source>The request is not valid for this model.</source>
            <translation>La requête n’est pas valide pour ce modèle.</translation>
        </message>
        <message>
            <source>There is not enough memory.</source>
            <translation>Il n’y a pas assez de mémoire.</translation>
        </message>
        <message>
            <source>The model's chat template cannot be used.</source>
            <translation>Le modèle de conversation du fichier est inutilisable.</translation>
        </message>
        <message>
            <source>The compute device failed.</source>
            <translation>Le périphérique de calcul a échoué.</translation>
        </message>
        <message>
            <source>No model is loaded.</source>
            <translation>Aucun modèle n’est chargé.</translation>
        </message>
        <message>
            <source>The model is busy.</source>
            <translation>Le modèle est occupé.</translation>
        </message>
        <message>
            <source>Something went wrong.</source>
            <translation>Une erreur s’est produite.</translation>
        </message>
        <message>
            <source>Choose a .gguf model file.</source>
            <translation>Choisissez un fichier de modèle .gguf.</translation>
        </message>
        <message>
            <source>Download the model again.</source>
            <translation>Téléchargez de nouveau le modèle.</translation>
        </message>
        <message>
            <source>Choose a model in a supported format.</source>
            <translation>Choisissez un modèle dans un format pris en charge.</translation>
        </message>
        <message>
            <source>Lower the context length or choose a smaller model.</source>
            <translation>Réduisez la longueur du contexte ou choisissez un modèle plus petit.</translation>
        </message>
        <message>
            <source>Choose the CPU in the settings.</source>
            <translation>Choisissez le processeur dans les paramètres.</translation>
        </message>
        <message>
            <source>Open a model first.</source>
            <translation>Ouvrez d’abord un modèle.</translation>
        </message>
        <message>
            <source>Loading was cancelled.</source>
            <translation>Le chargement a été annulé.</translation>
        </message>
        <message>
            <source>The file %1 does not exist.</source>
            <translation>Le fichier %1 n’existe pas.</translation>
        </message>
        <message>
            <source>The file %1 cannot be read.</source>
            <translation>Le fichier %1 ne peut pas être lu.</translation>
        </message>
        <message>
            <source>The file is empty, so it is not a model.</source>
            <translation>Le fichier est vide, ce n’est donc pas un modèle.</translation>
        </message>
        <message>
            <source>This is not a GGUF model file: it does not start with the bytes “GGUF”.</source>
            <translation>Ce n’est pas un fichier de modèle GGUF : il ne commence pas par les octets « GGUF ».</translation>
        </message>
        <message>
            <source>The file is truncated: at least %1 bytes expected, %2 present — the download was probably interrupted.</source>
            <translation>Le fichier est tronqué : au moins %1 octets attendus, %2 présents — le téléchargement a probablement été interrompu.</translation>
        </message>
        <message>
            <source>The file is truncated: it ends after %1 bytes, inside its header — the download was probably interrupted.</source>
            <translation>Le fichier est tronqué : il s’arrête après %1 octets, au milieu de son en-tête — le téléchargement a probablement été interrompu.</translation>
        </message>
        <message>
            <source>The file is truncated — the download was probably interrupted.</source>
            <translation>Le fichier est tronqué — le téléchargement a probablement été interrompu.</translation>
        </message>
        <message>
            <source>The file is damaged: its header contradicts itself.</source>
            <translation>Le fichier est endommagé : son en-tête se contredit.</translation>
        </message>
        <message>
            <source>This GGUF version is not supported (SmolDesk reads versions 2 and 3).</source>
            <translation>Cette version de GGUF n’est pas prise en charge (SmolDesk lit les versions 2 et 3).</translation>
        </message>
        <message>
            <source>The architecture “%1” is not supported (supported: %2).</source>
            <translation>L’architecture « %1 » n’est pas prise en charge (prises en charge : %2).</translation>
        </message>
        <message>
            <source>The tensor type %1 is not supported.</source>
            <translation>Le type de tenseur %1 n’est pas pris en charge.</translation>
        </message>
        <message>
            <source>Not enough memory: the model needs %1, %2 are free.</source>
            <translation>Mémoire insuffisante : le modèle a besoin de %1, %2 sont libres.</translation>
        </message>
    </context>
    <context>
        <name>Exporter</name>
        <message>
            <source>Chat</source>
            <translation>Discussion</translation>
        </message>
        <message>
            <source>System prompt:</source>
            <translation>Prompt système :</translation>
        </message>
        <message>
            <source>You</source>
            <translation>Vous</translation>
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
            <translation>Conversation exportée vers %1</translation>
        </message>
        <message>
            <source>%1 — SmolDesk</source>
            <translation>%1 — SmolDesk</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;Fichier</translation>
        </message>
        <message>
            <source>&amp;Open model…</source>
            <translation>&amp;Ouvrir un modèle…</translation>
        </message>
        <message>
            <source>Recent models</source>
            <translation>Modèles récents</translation>
        </message>
        <message>
            <source>&amp;Download SmolLM3-3B…</source>
            <translation>&amp;Télécharger SmolLM3-3B…</translation>
        </message>
        <message>
            <source>Export as &amp;Markdown…</source>
            <translation>Exporter en &amp;Markdown…</translation>
        </message>
        <message>
            <source>Export as &amp;JSON…</source>
            <translation>Exporter en &amp;JSON…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Quitter</translation>
        </message>
        <message>
            <source>&amp;Chat</source>
            <translation>&amp;Discussion</translation>
        </message>
        <message>
            <source>&amp;New chat</source>
            <translation>&amp;Nouvelle discussion</translation>
        </message>
        <message>
            <source>&amp;Stop</source>
            <translation>&amp;Arrêter</translation>
        </message>
        <message>
            <source>&amp;Regenerate answer</source>
            <translation>&amp;Régénérer la réponse</translation>
        </message>
        <message>
            <source>&amp;Copy conversation</source>
            <translation>&amp;Copier la discussion</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;Affichage</translation>
        </message>
        <message>
            <source>&amp;Model information</source>
            <translation>Informations sur le &amp;modèle</translation>
        </message>
        <message>
            <source>&amp;Settings…</source>
            <translation>&amp;Paramètres…</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>Ai&amp;de</translation>
        </message>
        <message>
            <source>&amp;About SmolDesk</source>
            <translation>À &amp;propos de SmolDesk</translation>
        </message>
        <message>
            <source>Open a GGUF model</source>
            <translation>Ouvrir un modèle GGUF</translation>
        </message>
        <message>
            <source>GGUF models (*.gguf)</source>
            <translation>Modèles GGUF (*.gguf)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>Tous les fichiers (*)</translation>
        </message>
        <message>
            <source>Export conversation</source>
            <translation>Exporter la discussion</translation>
        </message>
        <message>
            <source>JSON files (*.json)</source>
            <translation>Fichiers JSON (*.json)</translation>
        </message>
        <message>
            <source>Markdown files (*.md)</source>
            <translation>Fichiers Markdown (*.md)</translation>
        </message>
        <message>
            <source>Open</source>
            <translation>Ouvrir</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Annuler</translation>
        </message>
        <message>
            <source>Export</source>
            <translation>Exporter</translation>
        </message>
    </context>
    <context>
        <name>MessageDelegate</name>
        <message>
            <source>Table</source>
            <translation>Tableau</translation>
        </message>
        <message>
            <source>Interrupted: SmolDesk closed before this answer was complete.</source>
            <translation>Interrompu : SmolDesk s’est fermé avant la fin de cette réponse.</translation>
        </message>
        <message>
            <source>Not in the model's context any more</source>
            <translation>N’est plus dans le contexte du modèle</translation>
        </message>
        <message>
            <source>Your message</source>
            <translation>Votre message</translation>
        </message>
        <message>
            <source>Answer</source>
            <translation>Réponse</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>Copier</translation>
        </message>
        <message>
            <source>Copy message</source>
            <translation>Copier le message</translation>
        </message>
        <message>
            <source>Edit</source>
            <translation>Modifier</translation>
        </message>
        <message>
            <source>Edit prompt</source>
            <translation>Modifier le message</translation>
        </message>
        <message>
            <source>Regenerate</source>
            <translation>Régénérer</translation>
        </message>
        <message>
            <source>Regenerate answer</source>
            <translation>Régénérer la réponse</translation>
        </message>
        <message>
            <source>Prompt text</source>
            <translation>Texte du message</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Annuler</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>Envoyer</translation>
        </message>
        <message>
            <source>Copied</source>
            <translation>Copié</translation>
        </message>
        <message>
            <source>Reading your message…</source>
            <translation>Lecture de votre message…</translation>
        </message>
        <message>
            <source>Writing…</source>
            <translation>Rédaction…</translation>
        </message>
        <message>
            <source>Reading your message… %1% (%2 tokens/s)</source>
            <translation>Lecture de votre message… %1 % (%2 jetons/s)</translation>
        </message>
        <message>
            <source>The demo model has no chat mode: it continues your words (in italics) as a story.</source>
            <translation>Le modèle de démonstration ne sait pas converser : il poursuit vos mots (en italique) comme une histoire.</translation>
        </message>
    </context>
    <context>
        <name>ModelBanner</name>
        <message>
            <source>Loading %1…</source>
            <translation>Chargement de %1…</translation>
        </message>
        <message>
            <source>Loading progress</source>
            <translation>Progression du chargement</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Annuler</translation>
        </message>
        <message>
            <source>Cancel loading</source>
            <translation>Annuler le chargement</translation>
        </message>
        <message>
            <source>Open another model…</source>
            <translation>Ouvrir un autre modèle…</translation>
        </message>
        <message>
            <source>Dismiss</source>
            <translation>Fermer</translation>
        </message>
    </context>
    <context>
        <name>ModelPanel</name>
        <message>
            <source>always, at a low, medium or high effort</source>
            <translation>toujours, avec un effort faible, moyen ou élevé</translation>
        </message>
        <message>
            <source>Model</source>
            <translation>Modèle</translation>
        </message>
        <message>
            <source>Hide model information</source>
            <translation>Masquer les informations sur le modèle</translation>
        </message>
        <message>
            <source>No model selected</source>
            <translation>Aucun modèle sélectionné</translation>
        </message>
        <message>
            <source>Architecture</source>
            <translation>Architecture</translation>
        </message>
        <message>
            <source>Parameters</source>
            <translation>Paramètres</translation>
        </message>
        <message>
            <source>Quantization</source>
            <translation>Quantification</translation>
        </message>
        <message>
            <source>File size</source>
            <translation>Taille du fichier</translation>
        </message>
        <message>
            <source>Trained context</source>
            <translation>Contexte d’entraînement</translation>
        </message>
        <message>
            <source>%1 tokens</source>
            <translation>%1 jetons</translation>
        </message>
        <message>
            <source>Chat template</source>
            <translation>Modèle de conversation</translation>
        </message>
        <message>
            <source>Thinking</source>
            <translation>Réflexion</translation>
        </message>
        <message>
            <source>supported</source>
            <translation>prise en charge</translation>
        </message>
        <message>
            <source>not supported</source>
            <translation>non prise en charge</translation>
        </message>
        <message>
            <source>Memory estimate</source>
            <translation>Mémoire estimée</translation>
        </message>
        <message>
            <source>Weights</source>
            <translation>Poids</translation>
        </message>
        <message>
            <source>KV cache</source>
            <translation>Cache KV</translation>
        </message>
        <message>
            <source>%1 at %2 tokens</source>
            <translation>%1 pour %2 jetons</translation>
        </message>
        <message>
            <source>Needed</source>
            <translation>Nécessaire</translation>
        </message>
        <message>
            <source>Available</source>
            <translation>Disponible</translation>
        </message>
        <message>
            <source>Fits in the available memory.</source>
            <translation>Tient dans la mémoire disponible.</translation>
        </message>
        <message>
            <source>Tight: other programs may be slowed down.</source>
            <translation>Juste : d’autres programmes pourraient ralentir.</translation>
        </message>
        <message>
            <source>Probably too large for the available memory. You can still try, or lower the context length.</source>
            <translation>Probablement trop grand pour la mémoire disponible. Vous pouvez quand même essayer, ou réduire la longueur du contexte.</translation>
        </message>
        <message>
            <source>Available memory is unknown.</source>
            <translation>La mémoire disponible est inconnue.</translation>
        </message>
        <message>
            <source>Device</source>
            <translation>Périphérique</translation>
        </message>
        <message>
            <source>Context</source>
            <translation>Contexte</translation>
        </message>
        <message>
            <source>Open another model…</source>
            <translation>Ouvrir un autre modèle…</translation>
        </message>
        <message>
            <source>GPU not used</source>
            <translation>GPU non utilisé</translation>
        </message>
        <message>
            <source>the model&apos;s own chat template</source>
            <translation>le modèle de conversation du modèle</translation>
        </message>
        <message>
            <source>none in the file; the built-in ChatML template is used</source>
            <translation>aucun dans le fichier ; le modèle ChatML intégré est utilisé</translation>
        </message>
        <message>
            <source>none; the model continues your text (plain continuation, no chat turns)</source>
            <translation>aucun ; le modèle poursuit votre texte (simple continuation, sans tours de parole)</translation>
        </message>
    </context>
    <context>
        <name>SettingsDialog</name>
        <message>
            <source>Reasoning effort</source>
            <translation>Effort de réflexion</translation>
        </message>
        <message>
            <source>High when Think is on</source>
            <translation>Élevé quand la réflexion est activée</translation>
        </message>
        <message>
            <source>High reasoning effort when Think is on</source>
            <translation>Effort de réflexion élevé quand la réflexion est activée</translation>
        </message>
        <message>
            <source>%1 cannot stop reasoning entirely: with Think off it still reasons, briefly (low effort). With Think on it reasons at medium effort, or high.</source>
            <translation>%1 ne peut pas cesser complètement de réfléchir : sans Réflexion, il réfléchit quand même, brièvement (effort faible). Avec Réflexion, il réfléchit avec un effort moyen, ou élevé.</translation>
        </message>
        <message>
            <source>No Vulkan device can be used: %1 The CPU is used.</source>
            <translation>Aucun périphérique Vulkan n’est utilisable : %1 Le CPU est utilisé.</translation>
        </message>
        <message>
            <source>Settings</source>
            <translation>Paramètres</translation>
        </message>
        <message>
            <source>General</source>
            <translation>Général</translation>
        </message>
        <message>
            <source>Sampling</source>
            <translation>Échantillonnage</translation>
        </message>
        <message>
            <source>System prompt</source>
            <translation>Prompt système</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>Langue</translation>
        </message>
        <message>
            <source>Device</source>
            <translation>Périphérique</translation>
        </message>
        <message>
            <source>Automatic (GPU when possible)</source>
            <translation>Automatique (GPU si possible)</translation>
        </message>
        <message>
            <source>CPU</source>
            <translation>Processeur (CPU)</translation>
        </message>
        <message>
            <source>CPU safe mode</source>
            <translation>Mode sans échec CPU</translation>
        </message>
        <message>
            <source>Use only the CPU (entered by itself after a crash at GPU start)</source>
            <translation>Utiliser uniquement le processeur (activé automatiquement après un plantage au démarrage du GPU)</translation>
        </message>
        <message>
            <source>Resume chats</source>
            <translation>Reprendre les discussions</translation>
        </message>
        <message>
            <source>Keep each chat's model state on disk, so a long chat continues at once when you come back to it (up to 2 GB)</source>
            <translation>Garder l’état du modèle de chaque discussion sur le disque, pour qu’une longue discussion reprenne aussitôt quand vous y revenez (jusqu’à 2 Go)</translation>
        </message>
        <message>
            <source>Threads</source>
            <translation>Threads</translation>
        </message>
        <message>
            <source>Automatic</source>
            <translation>Automatique</translation>
        </message>
        <message>
            <source>Context length</source>
            <translation>Longueur du contexte</translation>
        </message>
        <message>
            <source>Device, threads and context length apply the next time the model loads.</source>
            <translation>Le périphérique, les threads et la longueur du contexte s’appliquent au prochain chargement du modèle.</translation>
        </message>
        <message>
            <source>Reload the model now</source>
            <translation>Recharger le modèle maintenant</translation>
        </message>
        <message>
            <source>Temperature</source>
            <translation>Température</translation>
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
            <translation>Pénalité de répétition</translation>
        </message>
        <message>
            <source>Seed</source>
            <translation>Graine</translation>
        </message>
        <message>
            <source>Random</source>
            <translation>Aléatoire</translation>
        </message>
        <message>
            <source>Max tokens</source>
            <translation>Jetons max.</translation>
        </message>
        <message>
            <source>Maximum answer length in tokens</source>
            <translation>Longueur maximale de la réponse en jetons</translation>
        </message>
        <message>
            <source>Thinking budget</source>
            <translation>Budget de réflexion</translation>
        </message>
        <message>
            <source>Unlimited</source>
            <translation>Illimité</translation>
        </message>
        <message>
            <source>Thinking budget in tokens</source>
            <translation>Budget de réflexion en jetons</translation>
        </message>
        <message>
            <source>These values are kept for %1.</source>
            <translation>Ces valeurs sont conservées pour %1.</translation>
        </message>
        <message>
            <source>Reset to the model's recommended values</source>
            <translation>Rétablir les valeurs recommandées du modèle</translation>
        </message>
        <message>
            <source>System prompt of this chat</source>
            <translation>Prompt système de cette discussion</translation>
        </message>
        <message>
            <source>For example: You are a concise assistant.</source>
            <translation>Par exemple : Tu es un assistant concis.</translation>
        </message>
        <message>
            <source>Default for new chats with this model</source>
            <translation>Par défaut pour les nouvelles discussions avec ce modèle</translation>
        </message>
        <message>
            <source>Default system prompt</source>
            <translation>Prompt système par défaut</translation>
        </message>
        <message>
            <source>Model default</source>
            <translation>Valeur du modèle</translation>
        </message>
        <message>
            <source>cannot be used</source>
            <translation>inutilisable</translation>
        </message>
        <message>
            <source>dedicated GPU, %1</source>
            <translation>GPU dédié, %1</translation>
        </message>
        <message>
            <source>integrated GPU, %1</source>
            <translation>GPU intégré, %1</translation>
        </message>
        <message>
            <source>virtual GPU, %1</source>
            <translation>GPU virtuel, %1</translation>
        </message>
        <message>
            <source>runs on the CPU, slower than the CPU backend</source>
            <translation>s’exécute sur le processeur, plus lent que le moteur processeur</translation>
        </message>
        <message>
            <source>other Vulkan device, %1</source>
            <translation>autre périphérique Vulkan, %1</translation>
        </message>
        <message>
            <source>Uses the best GPU, else SmolDesk&apos;s own CPU backend.</source>
            <translation>Utilise le meilleur GPU, sinon le moteur processeur de SmolDesk.</translation>
        </message>
        <message>
            <source>%1 — %2</source>
            <translation>%1 — %2</translation>
        </message>
        <message>
            <source>A CPU implementation of Vulkan: slower than the CPU backend, useful for testing only.</source>
            <translation>Une implémentation de Vulkan sur le processeur : plus lente que le moteur processeur, utile seulement pour des tests.</translation>
        </message>
        <message>
            <source>Vulkan device %1 (not found)</source>
            <translation>Périphérique Vulkan %1 (introuvable)</translation>
        </message>
        <message>
            <source>This device is not present now; the model runs on the CPU.</source>
            <translation>Ce périphérique est absent pour l’instant ; le modèle s’exécute sur le processeur.</translation>
        </message>
        <message>
            <source>CPU safe mode is on: GPUs are neither listed nor used.</source>
            <translation>Le mode sans échec CPU est actif : les GPU ne sont ni listés ni utilisés.</translation>
        </message>
        <message>
            <source>No Vulkan device was found: the CPU is used.</source>
            <translation>Aucun périphérique Vulkan n’a été trouvé : le processeur est utilisé.</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Fermer</translation>
        </message>
        <message>
            <source>New chats</source>
            <translation>Nouvelles discussions</translation>
        </message>
        <message>
            <source>Think before answering</source>
            <translation>Réfléchir avant de répondre</translation>
        </message>
        <message>
            <source>Think in new chats</source>
            <translation>Réfléchir dans les nouvelles discussions</translation>
        </message>
        <message>
            <source>API server</source>
            <translation>Serveur d’API</translation>
        </message>
        <message>
            <source>Local API server</source>
            <translation>Serveur d’API local</translation>
        </message>
        <message>
            <source>Let other programs use the loaded model</source>
            <translation>Permettre à d’autres programmes d’utiliser le modèle chargé</translation>
        </message>
        <message>
            <source>Port</source>
            <translation>Port</translation>
        </message>
        <message>
            <source>Running at %1 (OpenAI-compatible: /v1/chat/completions, /v1/completions, /v1/models).</source>
            <translation>En marche à %1 (compatible OpenAI : /v1/chat/completions, /v1/completions, /v1/models).</translation>
        </message>
        <message>
            <source>Not running: %1</source>
            <translation>Arrêté : %1</translation>
        </message>
        <message>
            <source>Off.</source>
            <translation>Désactivé.</translation>
        </message>
        <message>
            <source>The server listens on this computer only (127.0.0.1); when the port is taken the next free one is used. Requests wait behind the chat for the one model. The request log is part of Copy diagnostics in the About dialog.</source>
            <translation>Le serveur n’écoute que sur cet ordinateur (127.0.0.1) ; si le port est pris, le suivant libre est utilisé. Les requêtes attendent derrière la conversation pour l’unique modèle. Le journal des requêtes fait partie de « Copier le diagnostic » dans la boîte À propos.</translation>
        </message>
        <message>
            <source>A chat&apos;s own system prompt is set with the System prompt button beside its prompt box.</source>
            <translation>Le prompt système propre à une discussion se règle avec le bouton « Prompt système » à côté de sa zone de saisie.</translation>
        </message>
    </context>
    <context>
        <name>Sidebar</name>
        <message>
            <source>New chat</source>
            <translation>Nouvelle discussion</translation>
        </message>
        <message>
            <source>Start a new chat</source>
            <translation>Nouvelle discussion</translation>
        </message>
        <message>
            <source>Ctrl+N</source>
            <translation>Ctrl+N</translation>
        </message>
        <message>
            <source>Search chats</source>
            <translation>Rechercher</translation>
        </message>
        <message>
            <source>Search conversations</source>
            <translation>Rechercher dans les discussions</translation>
        </message>
        <message>
            <source>Conversations</source>
            <translation>Discussions</translation>
        </message>
        <message>
            <source>Conversation actions</source>
            <translation>Actions de la discussion</translation>
        </message>
        <message>
            <source>Rename…</source>
            <translation>Renommer…</translation>
        </message>
        <message>
            <source>Export as Markdown…</source>
            <translation>Exporter en Markdown…</translation>
        </message>
        <message>
            <source>Export as JSON…</source>
            <translation>Exporter en JSON…</translation>
        </message>
        <message>
            <source>Delete</source>
            <translation>Supprimer</translation>
        </message>
        <message>
            <source>No chat matches “%1”.</source>
            <translation>Aucune discussion ne correspond à « %1 ».</translation>
        </message>
        <message>
            <source>Your chats appear here.</source>
            <translation>Vos discussions apparaissent ici.</translation>
        </message>
        <message>
            <source>Rename chat</source>
            <translation>Renommer la discussion</translation>
        </message>
        <message>
            <source>Chat title</source>
            <translation>Titre de la discussion</translation>
        </message>
        <message>
            <source>Delete chat</source>
            <translation>Supprimer la discussion</translation>
        </message>
        <message>
            <source>Delete “%1”? This cannot be undone.</source>
            <translation>Supprimer « %1 » ? Cette action est irréversible.</translation>
        </message>
        <message>
            <source>Rename</source>
            <translation>Renommer</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Annuler</translation>
        </message>
    </context>
    <context>
        <name>StatusBar</name>
        <message>
            <source>%1 on %2</source>
            <translation>%1 sur %2</translation>
        </message>
        <message>
            <source>Loading…</source>
            <translation>Chargement…</translation>
        </message>
        <message>
            <source>No model loaded</source>
            <translation>Aucun modèle chargé</translation>
        </message>
        <message>
            <source>GPU not used: %1</source>
            <translation>GPU non utilisé : %1</translation>
        </message>
        <message>
            <source>CPU safe mode</source>
            <translation>Mode sans échec CPU</translation>
        </message>
        <message>
            <source>%1 tokens/s</source>
            <translation>%1 jetons/s</translation>
        </message>
        <message>
            <source>Context</source>
            <translation>Contexte</translation>
        </message>
        <message>
            <source>Context used</source>
            <translation>Contexte utilisé</translation>
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
            <translation>Le serveur d’API local tourne à cette adresse : cliquer pour la copier</translation>
        </message>
        <message>
            <source>Copy the API server address</source>
            <translation>Copier l’adresse du serveur d’API</translation>
        </message>
        <message>
            <source>Address copied</source>
            <translation>Adresse copiée</translation>
        </message>
        <message>
            <source>on %1</source>
            <translation>sur %1</translation>
        </message>
    </context>
    <context>
        <name>ThinkingBlock</name>
        <message>
            <source>Thinking…</source>
            <translation>Réflexion…</translation>
        </message>
        <message numerus="yes">
            <source>Thought for %n s</source>
            <translation>
                <numerusform>A réfléchi %n s</numerusform>
                <numerusform>A réfléchi %n s</numerusform>
            </translation>
        </message>
        <message>
            <source>Thought</source>
            <translation>Réflexion</translation>
        </message>
    </context>
    <context>
        <name>WelcomeView</name>
        <message>
            <source>What can I help with?</source>
            <translation>Comment puis-je vous aider ?</translation>
        </message>
        <message>
            <source>Welcome to SmolDesk</source>
            <translation>Bienvenue dans SmolDesk</translation>
        </message>
        <message>
            <source>The tiny bundled demo model is loaded. It only tells short children's stories, but it works offline. For real answers, download SmolLM3 or open a GGUF model you already have.</source>
            <translation>Le petit modèle de démonstration fourni est chargé. Il ne raconte que de courtes histoires pour enfants (en anglais), mais fonctionne hors ligne. Pour de vraies réponses, téléchargez SmolLM3 ou ouvrez un modèle GGUF que vous avez déjà.</translation>
        </message>
        <message>
            <source>Everything runs on this computer. Nothing you type leaves it.</source>
            <translation>Tout fonctionne sur cet ordinateur. Rien de ce que vous tapez ne le quitte.</translation>
        </message>
        <message>
            <source>Chat with language models that run entirely on this computer. Start with SmolLM3, or open a GGUF model you already have.</source>
            <translation>Discutez avec des modèles de langage qui tournent entièrement sur cet ordinateur. Commencez avec SmolLM3, ou ouvrez un modèle GGUF que vous avez déjà.</translation>
        </message>
        <message>
            <source>Download %1 (%2)</source>
            <translation>Télécharger %1 (%2)</translation>
        </message>
        <message>
            <source>Download the recommended model</source>
            <translation>Télécharger le modèle recommandé</translation>
        </message>
        <message>
            <source>Open a GGUF file…</source>
            <translation>Ouvrir un fichier GGUF…</translation>
        </message>
        <message>
            <source>Open a GGUF file</source>
            <translation>Ouvrir un fichier GGUF</translation>
        </message>
        <message>
            <source>Download progress</source>
            <translation>Progression du téléchargement</translation>
        </message>
        <message>
            <source>Checking the download…</source>
            <translation>Vérification du téléchargement…</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Annuler</translation>
        </message>
        <message>
            <source>Tip: drop a .gguf file anywhere on this window.</source>
            <translation>Astuce : déposez un fichier .gguf n’importe où sur cette fenêtre.</translation>
        </message>
    </context>
    <context>
        <name>smoldesk::app::ChatController</name>
        <message>
            <source>The conversation database cannot be opened: %1</source>
            <translation>La base de données des discussions ne peut pas être ouverte : %1</translation>
        </message>
        <message>
            <source>New chat</source>
            <translation>Nouvelle discussion</translation>
        </message>
        <message>
            <source>%1 tokens/s · first token %2 ms · %3 tokens</source>
            <translation>%1 jetons/s · premier jeton %2 ms · %3 jetons</translation>
        </message>
        <message>
            <source>stopped</source>
            <translation>arrêté</translation>
        </message>
        <message>
            <source>context full</source>
            <translation>contexte plein</translation>
        </message>
        <message>
            <source>length limit</source>
            <translation>limite de longueur</translation>
        </message>
        <message>
            <source>The prompt alone does not fit into the context of %1 tokens.</source>
            <translation>Le message seul ne tient pas dans le contexte de %1 jetons.</translation>
        </message>
        <message>
            <source>The conversation cannot be exported: %1</source>
            <translation>La discussion ne peut pas être exportée : %1</translation>
        </message>
    </context>
    <context>
        <name>smoldesk::app::Downloader</name>
        <message>
            <source>%1 of %2</source>
            <translation>%1 sur %2</translation>
        </message>
        <message>
            <source>%1/s</source>
            <translation>%1/s</translation>
        </message>
        <message>
            <source>The model catalogue is missing.</source>
            <translation>Le catalogue des modèles est introuvable.</translation>
        </message>
        <message>
            <source>Cannot write '%1': %2</source>
            <translation>Impossible d’écrire « %1 » : %2</translation>
        </message>
        <message>
            <source>The server answered HTTP %1 (%2).</source>
            <translation>Le serveur a répondu HTTP %1 (%2).</translation>
        </message>
        <message>
            <source>The download was interrupted: %1. Start it again to resume.</source>
            <translation>Le téléchargement a été interrompu : %1. Relancez-le pour le reprendre.</translation>
        </message>
        <message>
            <source>The download has %1 bytes, expected %2.</source>
            <translation>Le téléchargement fait %1 octets, %2 attendus.</translation>
        </message>
        <message>
            <source>The download is damaged (sha256 mismatch). Please try again.</source>
            <translation>Le téléchargement est endommagé (sha256 différent). Veuillez réessayer.</translation>
        </message>
        <message>
            <source>Cannot move the download to '%1'.</source>
            <translation>Impossible de déplacer le téléchargement vers « %1 ».</translation>
        </message>
        <message>
            <source>%1 of %2 bytes arrived</source>
            <translation>%1 octets reçus sur %2</translation>
        </message>
    </context>
    <context>
        <name>smoldesk::app::LanguageManager</name>
        <message>
            <source>System language</source>
            <translation>Langue du système</translation>
        </message>
    </context>
    <context>
        <name>smoldesk::app::ModelManager</name>
        <message>
            <source>The GPU stopped working, so SmolDesk continues on the CPU. %1</source>
            <translation>Le GPU a cessé de fonctionner : SmolDesk continue sur le CPU. %1</translation>
        </message>
    </context>
    <context>
        <name>EngineText</name>
        <message>
            <source>The GPU backend cannot compute with %1 tensors yet, so the CPU is used.</source>
            <translation>Le moteur GPU ne sait pas encore calculer avec des tenseurs %1 ; le CPU est donc utilisé.</translation>
        </message>
        <message>
            <source>No usable Vulkan GPU was found, so the CPU is used.</source>
            <translation>Aucun GPU Vulkan utilisable n’a été trouvé ; le CPU est donc utilisé.</translation>
        </message>
        <message>
            <source>This build of SmolDesk has no Vulkan support, so the CPU is used.</source>
            <translation>Cette version de SmolDesk ne prend pas en charge Vulkan ; le CPU est donc utilisé.</translation>
        </message>
        <message>
            <source>This build of SmolDesk has no Vulkan support.</source>
            <translation>Cette version de SmolDesk ne prend pas en charge Vulkan.</translation>
        </message>
        <message>
            <source>The GPU could not take the model (%1), so the CPU is used.</source>
            <translation>Le GPU n’a pas pu accueillir le modèle (%1) ; le CPU est donc utilisé.</translation>
        </message>
        <message>
            <source>The device “%1” only supports Vulkan 1.0; SmolDesk needs 1.1.</source>
            <translation>Le périphérique « %1 » ne prend en charge que Vulkan 1.0 ; SmolDesk a besoin de la version 1.1.</translation>
        </message>
        <message>
            <source>The device “%1” has no compute queue.</source>
            <translation>Le périphérique « %1 » n’a pas de file de calcul.</translation>
        </message>
        <message>
            <source>The device “%1” lacks 16-bit storage buffers, which SmolDesk's shaders need.</source>
            <translation>Le périphérique « %1 » ne gère pas les tampons de stockage 16 bits dont les shaders de SmolDesk ont besoin.</translation>
        </message>
        <message>
            <source>The device “%1” has too little shared memory or too small workgroups for SmolDesk's shaders.</source>
            <translation>Le périphérique « %1 » a trop peu de mémoire partagée ou des groupes de travail trop petits pour les shaders de SmolDesk.</translation>
        </message>
        <message>
            <source>The device “%1” cannot bind storage buffers of 16 MiB.</source>
            <translation>Le périphérique « %1 » ne peut pas lier de tampons de stockage de 16 Mio.</translation>
        </message>
        <message>
            <source>The only Vulkan device is “%1”, a CPU implementation slower than SmolDesk's own CPU backend.</source>
            <translation>Le seul périphérique Vulkan est « %1 », une implémentation sur CPU plus lente que le moteur CPU de SmolDesk.</translation>
        </message>
        <message>
            <source>No Vulkan GPU is available.</source>
            <translation>Aucun GPU Vulkan n’est disponible.</translation>
        </message>
        <message>
            <source>The Vulkan loader found no device.</source>
            <translation>Le chargeur Vulkan n’a trouvé aucun périphérique.</translation>
        </message>
        <message>
            <source>The Vulkan loader found no driver for this system.</source>
            <translation>Le chargeur Vulkan n’a trouvé aucun pilote pour ce système.</translation>
        </message>
        <message>
            <source>The GPU “%1” has %2 available, the model needs %3.</source>
            <translation>Le GPU « %1 » dispose de %2, le modèle a besoin de %3.</translation>
        </message>
        <message>
            <source>No Vulkan loader (%1) is installed.</source>
            <translation>Aucun chargeur Vulkan (%1) n’est installé.</translation>
        </message>
        <message>
            <source>The Vulkan loader on this system only supports Vulkan 1.0; SmolDesk needs 1.1.</source>
            <translation>Le chargeur Vulkan de ce système ne prend en charge que Vulkan 1.0 ; SmolDesk a besoin de la version 1.1.</translation>
        </message>
        <message>
            <source>The Vulkan loader on this system is incomplete.</source>
            <translation>Le chargeur Vulkan de ce système est incomplet.</translation>
        </message>
        <message>
            <source>Creating a Vulkan instance failed with %1.</source>
            <translation>La création d’une instance Vulkan a échoué avec %1.</translation>
        </message>
        <message>
            <source>No Vulkan device was found.</source>
            <translation>Aucun périphérique Vulkan n’a été trouvé.</translation>
        </message>
        <message>
            <source>CPU (1 thread, %1)</source>
            <translation>CPU (1 fil d’exécution, %1)</translation>
        </message>
        <message>
            <source>CPU (%1 threads, %2)</source>
            <translation>CPU (%1 fils d’exécution, %2)</translation>
        </message>
    </context>
    <context>
        <name>AnswerStats</name>
        <message>
            <source>stopped while reading your message</source>
            <translation>arrêté pendant la lecture de votre message</translation>
        </message>
        <message>
            <source>%1 tokens/s · first token %2 ms · %3 tokens</source>
            <translation>%1 jetons/s · premier jeton %2 ms · %3 jetons</translation>
        </message>
        <message>
            <source>stopped</source>
            <translation>arrêté</translation>
        </message>
        <message>
            <source>context full</source>
            <translation>contexte plein</translation>
        </message>
        <message>
            <source>length limit</source>
            <translation>limite de longueur</translation>
        </message>
    </context>
</TS>
