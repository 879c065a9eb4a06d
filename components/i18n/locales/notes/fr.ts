/** French: the log's own lines, the tab notice, A2UI's refused media, and the library's errors by code. */
import { pluralOf } from '../../intl-formats.js';

const plural = pluralOf('fr');

export const notes = {
  noticeStopped: 'Arrêté.',
  noticeInterrupted: 'Interrompu : la page a été fermée ou rechargée pendant que cette réponse s’écrivait.',
  noticeStepLimit: (max: string, count: number) => `Arrêté après ${max} ${plural(count, { one: 'étape', other: 'étapes' })} : la limite d’étapes a été atteinte avant la fin de la tâche.`,
  noticeStepLimitUnknown: 'Arrêté à la limite d’étapes, avant la fin de la tâche.',
  noticeSelfCheck: (n: string) => `Auto-vérification à l’étape ${n}`,
  noticeNudge: 'Le modèle a été invité à faire ce qu’il avait annoncé',
  logContextSizes: (before: string, after: string, window: string, count: number) => `${before} → ${after} ${plural(count, { one: 'jeton', other: 'jetons' })} sur ${window}`,
  logContextFolded: (count: number, shown: string, sizes: string) =>
    `${count === 1 ? '1 message précédent résumé' : `${shown} messages précédents résumés`} pour tenir dans le contexte du modèle (${sizes}).`,
  logContextDropped: (count: number, shown: string, sizes: string) =>
    `${count === 1 ? '1 message précédent omis' : `${shown} messages précédents omis`} pour tenir dans le contexte du modèle ; le résumé n’a pas pu être fait (${sizes}).`,
  logContextCutMessage: (sizes: string) => `Ce message est trop long pour le contexte du modèle : son milieu n’a pas été envoyé (${sizes}) ; il reste entier ici.`,
  logContextCutResult: (before: string, after: string, count: number) => `Un long résultat d’outil a été coupé pour tenir dans le contexte du modèle (${before} → ${after} ${plural(count, { one: 'jeton', other: 'jetons' })}) ; le modèle peut lire la suite.`,
  tabReadOnly: 'Lecture seule : cette conversation est ouverte dans un autre onglet.',
  tabNotice: 'Cette conversation est ouverte dans un autre onglet. Ici, elle est en lecture seule et suit cet onglet ; elle reprend ici quand il est fermé.',
  a2uiNotShownNotUrl: (url: string) => `Non affiché : ${url} n’est pas une URL.`,
  a2uiNotShownImage: (url: string) => `Non affiché : ${url} n’est ni une URL http(s) ni une URL data:image/….`,
  a2uiNotShownLink: (url: string) => `Non affiché : ${url} n’est pas une URL http(s).`,
  errAborted: 'Arrêté avant d’être terminé.',
  errBadRequest: 'On a demandé à l’assistant une chose impossible telle quelle : un réglage ou une valeur n’est pas valide.',
  errInvalidTool: 'Un outil de cette page est mal défini : l’assistant ne peut pas l’utiliser.',
  errDisposed: 'L’assistant a été arrêté sur cette page. Rechargez la page pour recommencer.',
  errWorkerRestarted: 'Arrêté : le worker de l’assistant n’a pas répondu à temps ; il a été arrêté et un nouveau a été lancé.',
  errStorage: 'La conversation n’a pas pu être enregistrée dans le navigateur.',
  errStorageUnavailable: 'Le stockage du navigateur est inutilisable ici (navigation privée, ou il est désactivé) : cette conversation n’est gardée qu’en mémoire.',
  errStorageBlocked: 'Un autre onglet garde le stockage de ce site ouvert dans une autre version : cette conversation n’est gardée qu’en mémoire. Rechargez ou fermez l’autre onglet.',
  errToolsUnsupported: 'Ce modèle ou son serveur n’accepte pas d’outils. Choisissez un modèle conçu pour les appels d’outils, ou le protocole texte pour les outils.',
  errModelFile: 'Le fichier du modèle est inutilisable : ce n’est pas un modèle GGUF, il est tronqué ou endommagé, ou il n’a pas de modèle de chat.',
  errOutOfMemory: 'Le modèle ne tient pas dans la mémoire dont dispose cette page. Choisissez un modèle plus petit ou plus quantifié.',
  errUnknownWorkflow: 'Cet assistant n’a pas de workflow de ce nom. Tapez /workflow pour voir ses workflows.',
  errAttachmentTooLarge: 'Un fichier dépasse la taille permise : rien n’a été envoyé.',
  errAttachmentsTooLarge: 'Ensemble, les fichiers dépassent ce qu’un message peut porter : rien n’a été envoyé.',
  errTooManyAttachments: 'Trop de fichiers pour un seul message : rien n’a été envoyé.',
  errAttachmentType: 'Un fichier de ce type ne peut pas être joint ici : rien n’a été envoyé.',
  errAttachmentUnreadable: 'Un fichier n’a pas pu être lu (une image qui ne s’ouvre pas, ou un texte qui n’est pas en UTF-8) : rien n’a été envoyé.',
  errThreadBusy: 'Cette conversation est ouverte dans un autre onglet, qui l’écrit. Fermez-la là-bas pour continuer ici.',
  errProtocol: 'Le serveur a répondu, mais pas dans le protocole que l’assistant parle avec lui.',
  errRemoteError: 'L’agent distant a signalé l’échec de son exécution.',
  errNotUndoable: 'Impossible d’annuler : ce n’est pas terminé, c’est déjà annulé, ou son outil ne sait pas annuler.',
  refusedCount: (name: string, max: string) => `« ${name} » n’a pas été joint : un message emporte au plus ${max} fichiers.`,
  refusedType: (name: string, type: string) => `« ${name} » est de type ${type}, qui ne peut pas être joint ici.`,
  refusedSize: (name: string, size: string, max: string) => `« ${name} » fait ${size} ; un fichier peut faire au plus ${max} (tel que choisi, avant la réduction des images).`,
  refusedTotal: (name: string, total: string, max: string) => `Avec « ${name} », les fichiers de ce message atteindraient ${total} ; un message peut porter au plus ${max}.`,
  refusedText: (name: string) => `« ${name} » n’est pas du texte UTF-8 : il ne peut pas être envoyé comme fichier texte.`,
  refusedImage: (name: string) => `« ${name} » n’a pas pu être lu comme image ; essayez un PNG ou un JPEG.`,
  noticeWebmcpUnavailable: 'WebMCP : ce navigateur n’a pas WebMCP (document.modelContext), donc aucun outil n’est partagé avec les agents du navigateur ni repris de la page.',
  noticeWebmcpError: (message: string) => `Erreur WebMCP : ${message}`,
  noticeNotKept: (count: number, names: string, reason: string) =>
    `${names} ${count === 1 ? 'a été envoyé' : 'ont été envoyés'} mais pas ${count === 1 ? 'conservé' : 'conservés'} avec la conversation (${reason}) : après un rechargement, ${count === 1 ? 'il manquera' : 'ils manqueront'}.`,
  noticeNotKeptFull: (count: number, names: string) =>
    `${names} ${count === 1 ? 'a été envoyé' : 'ont été envoyés'} mais pas ${count === 1 ? 'conservé' : 'conservés'} avec la conversation (le stockage du navigateur pour ce site est plein) : après un rechargement, ${count === 1 ? 'il manquera' : 'ils manqueront'}.`,
  noticeNoMcpServers: (command: string) => `Pas de prompt MCP ${command} : cette discussion n’a aucun serveur MCP.`,
};
