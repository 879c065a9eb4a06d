/**
 * A call's preview in English, as its approval panel lists the steps
 * (approval-panel.ts, a chunk of its own, carries them): the ids every
 * catalog translates (components/i18n/words.ts). The page's outlines
 * (preview-overlay.ts) take `previewEmpty` from here too.
 */
export const previewWords = {
  previewSteps: 'What it will do',
  previewPrivate: 'private field: values not shown',
  previewEmpty: '(empty)',
  previewGone: 'No longer on the page: approving runs nothing.',
  previewHidden: 'Hidden on the page now.',
  previewFailed: (reason: string) => `The preview failed: ${reason}`,
};

export type PreviewWords = typeof previewWords;
