/**
 * The i18n room's face: the element's language (`Localizer`), the types a
 * room writes its English words with, and the tag matching. A chunk loaded
 * on first use takes this face as types only and is handed the room's
 * `I18n` (or a table of words it made).
 */
export { Localizer } from './localizer.js';
export { speak } from './words.js';
export { sayWithValues } from './said.js';
export { directionOf } from './direction.js';
export type { LocalizedHost } from './localizer.js';
export type { DoctorCatalog, I18n, LabelsOf, LocaleFormats, Phrase, Word, Words } from './words.js';
