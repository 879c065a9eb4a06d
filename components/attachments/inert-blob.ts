/**
 * The bytes of a file as the page may hand them to the browser: never as
 * active content of the page's origin. An object URL is of the page's origin
 * and is served with its blob's own type, so a file typed `text/html` or
 * `image/svg+xml` (from a tool, an MCP server, an imported thread, or the
 * user) opened in a tab — a middle click, "open image in new tab" — would run
 * its script as the page. So every URL the element makes is of a copy typed
 * by this rule, whatever type the bytes carry:
 *
 * - a raster image the log shows as a picture (`isImage` of the record's own
 *   type: PNG, JPEG, GIF, WebP, AVIF, BMP) keeps that image type, so its
 *   thumbnail draws and a tab opened on it shows an image (the browser never
 *   sniffs an image type into a document);
 * - everything else is `application/octet-stream`: a link to it downloads,
 *   a tab opened on it downloads, nothing renders.
 *
 * The record's type decides, not the bytes': an imported thread can put bytes
 * typed `text/html` behind a record that says `image/png` or `text/plain`.
 */
import { isImage } from './attachment-view.js';

/** What the download of anything that is not a shown picture is served as. */
export const DOWNLOAD_TYPE = 'application/octet-stream';

/** A copy of `blob` (no bytes copied: a slice) typed by the rule above, for the record whose type is `recordType`. */
export function inertBlob(blob: Blob, recordType: string): Blob {
  const type = isImage({ type: recordType }) ? recordType.toLowerCase() : DOWNLOAD_TYPE;
  return blob.slice(0, blob.size, type);
}
