/**
 * An A2UI surface card's words in English (the A2UI room, a chunk of its
 * own, carries them): the ids every catalog translates
 * (components/i18n/words.ts). `name` is the action's name as the surface
 * gave it, quoted.
 */
export const a2uiWords = {
  a2uiSurface: 'Surface',
  a2uiSurfaceOf: (ids: string) => `Surface ${ids}`,
  a2uiDrawing: 'Drawing…',
  a2uiNotSentElsewhere: (name: string) => `Not sent: ${name} can be sent from the tab that writes this conversation.`,
  a2uiSentAtEnd: (name: string) => `${name} is sent when the reply ends.`,
  a2uiSent: (name: string) => `Sent ${name}.`,
  a2uiNotSent: (name: string) => `Not sent: ${name} could not be sent now; try again.`,
  /** In place of media whose address the card refuses; `url` is drawn as code. */
  a2uiNotShownNotUrl: (url: string) => `Not shown: ${url} is not a URL.`,
  a2uiNotShownImage: (url: string) => `Not shown: ${url} is not an http(s) or data:image/… URL.`,
  a2uiNotShownLink: (url: string) => `Not shown: ${url} is not an http(s) URL.`,
};

export type A2uiWords = typeof a2uiWords;

/** What became of an action, said later in the card's language: a note's message id and the action's name. */
export type A2uiNote = readonly [id: 'a2uiNotSentElsewhere' | 'a2uiSentAtEnd' | 'a2uiSent' | 'a2uiNotSent', name: string];
