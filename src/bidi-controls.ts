/**
 * A name as it may be shown: without the Unicode bidirectional controls that
 * reorder what follows them. A file named `invoice\u202Efdp.html` (a
 * right-to-left override) is drawn as `invoicelmth.pdf`: the extension a user
 * reads is not the file's. Shown names (file chips, links, the image dialog,
 * refusals) drop every embedding, override, isolate and mark (U+202A–U+202E,
 * U+2066–U+2069, U+200E, U+200F, U+061C), so the characters read in the order
 * they are stored; the rest of the name, right-to-left scripts included, is
 * kept and still shown right to left by the browser's own bidi rules.
 */

/** Every bidirectional formatting character. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** `text` with its bidirectional controls removed. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
