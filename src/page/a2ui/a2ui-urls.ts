/**
 * Which URLs a surface may use, the one rule for every place that shows or
 * opens one: the check before a surface draws (a literal URL, and any string
 * at all that a browser would run as script), and the guards of the
 * components that draw URLs bound to the data model, whose values change
 * after the check (what the user typed, what a later update wrote).
 *
 * http(s) only — relative URLs resolve against the page — and for images
 * also `data:image/…`; never `javascript:`, `vbscript:`, `blob:`, `file:`.
 * Browsers strip tabs and newlines from a URL and ignore leading control
 * characters and spaces (`" java\tscript:"` runs), so the scheme is read
 * the way the browser reads it.
 */

/** `text` as a browser reads a URL's scheme: leading controls and spaces gone, tabs and newlines removed, lower case. */
function asUrl(text: string): string {
  return text.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '').toLowerCase();
}

/** True when `text`, used as a URL anywhere, would run script (`javascript:`, `vbscript:`). */
export function runsScript(text: string): boolean {
  const url = asUrl(text);
  return url.startsWith('javascript:') || url.startsWith('vbscript:');
}

/** Why `url` may not be shown (`image`: `data:image/…` too) or opened, or undefined when it may. */
export function urlProblem(url: string, kind: 'image' | 'link'): string | undefined {
  const refusal = urlRefusal(url, kind);
  if (!refusal) return undefined;
  const quoted = JSON.stringify(refusal.url);
  return refusal.why === 'not-url' ? `${quoted} is not a URL` : `${quoted} is not an http(s) URL${kind === 'image' ? ' or a data:image/… URL' : ''}`;
}

/** Why `url` may not be shown or opened, as data (the element says it in its language): not a URL at all, or not one it may use; `url` clipped. */
export function urlRefusal(url: string, kind: 'image' | 'link'): { why: 'not-url' | 'not-allowed'; url: string } | undefined {
  const text = asUrl(url);
  if (kind === 'image' && text.startsWith('data:image/')) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url, globalThis.location?.href ?? 'http://localhost/');
  } catch {
    return { why: 'not-url', url: clip(url) };
  }
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return undefined;
  return { why: 'not-allowed', url: clip(url) };
}

/** A long value cut for an error message. */
export function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
