/**
 * Attachments: files and images a user sends with a message, or a tool
 * returns with its result. Plain data that survives structured cloning (it
 * crosses the worker); re-exported by `src/types.ts`.
 *
 * The life of one attachment:
 *
 *   input (`File | Blob | { name, type, data }`)
 *     → prepared (checked against the `attachments` option's limits; an image
 *       downscaled to `imageLongEdge` in the agent's worker) — a
 *       `PreparedAttachment`, or an `AttachmentRefusal` naming the file and the limit
 *     → stored (the bytes in the thread's IndexedDB `attachments` store, keyed
 *       by `id`; events and messages carry only the `Attachment` record below)
 *     → sent (the model layer reads the bytes back and writes one content part
 *       per attachment, per server family: an image as an `image_url` data
 *       URL, a text file as a text part headed by its name).
 */

/**
 * What `send(text, { attachments })` and a tool's result take: a `File` (its
 * name and type are used), a `Blob` (named `attachment`), or the parts of one
 * (`data` is text, bytes or a Blob; `type` a MIME type such as `text/csv`).
 */
export type AttachmentInput = File | Blob | AttachmentData;

/** An attachment given by its parts. */
export interface AttachmentData {
  name: string;
  /** A MIME type, e.g. `image/png`, `text/csv`; empty: guessed from the name's extension. */
  type: string;
  data: string | ArrayBuffer | ArrayBufferView | Blob;
}

/** How the model layer sends an attachment: an image part, a text part, or (from a tool only) a mention of the file. */
export type AttachmentKind = 'image' | 'text' | 'file';

/**
 * An attachment as events, `agent.messages()` and thread files carry it: a
 * record, never the bytes (those are read with `agent.attachment(id)`).
 */
export interface Attachment {
  /** Its key in the thread's attachment store (`crypto.randomUUID()`). */
  id: string;
  name: string;
  /** The MIME type of what is sent (a downscaled image may be re-encoded: `image/jpeg` or `image/png`). */
  type: string;
  kind: AttachmentKind;
  /** Bytes of what is sent. */
  size: number;
  /** For images: the pixel size sent. */
  width?: number;
  height?: number;
  /** For a downscaled image: the original's size; `kept` when the original's bytes are stored too (`keepOriginal`). */
  original?: { size: number; width: number; height: number; kept: boolean };
  /**
   * False when the bytes could not be kept with the thread (a full disk): the
   * message was sent with them, but after a reload they are gone (the model
   * then reads a note saying so). Absent means stored (or no thread: kept in memory).
   */
  stored?: false;
  /** Who made it: the user (absent) or a tool (`tool`, the call's result). */
  source?: 'tool';
  /** Made by a tool whose output is untrusted (`untrustedOutput`; every MCP tool): a text file reaches the model fenced as untrusted data. */
  untrusted?: true;
}

/** The result of preparing one input: ready to send, with its bytes. */
export interface PreparedAttachment extends Attachment {
  /** The bytes that will be sent (downscaled for an image); also an `AttachmentInput`'s `data`, so a prepared attachment can be handed to `send` as it is. */
  data: Blob;
  /** The original bytes of a downscaled image, only with `keepOriginal`. */
  originalData?: Blob;
}

/** Why a file was refused (the `code` of its `AttachmentRefusal` and of the run's error). */
export type AttachmentRefusalCode =
  /** Bigger than `maxFileBytes` (as picked: an image before it is downscaled). */
  | 'attachment-too-large'
  /** The message's attachments together are bigger than `maxMessageBytes`. */
  | 'attachments-too-large'
  /** More than `maxCount` files in one message. */
  | 'too-many-attachments'
  /** Its type is not in `types`. */
  | 'attachment-type'
  /** It could not be read (an image the browser cannot decode, a text file that is not UTF-8). */
  | 'attachment-unreadable';

/** One refused file: which, why, and the limit in words. */
export interface AttachmentRefusal {
  name: string;
  code: AttachmentRefusalCode;
  /** A sentence for the user naming the file and the limit, e.g. `"photo.tiff" is image/tiff; allowed: images, text files.` */
  message: string;
  /**
   * What the message says, as values, so an app (and `<agent-chat>`'s
   * catalogs) can say it in its own words: `too-many-attachments` `{ max }`;
   * `attachment-type` `{ type }` (the file's type, or `.ext`);
   * `attachment-too-large` `{ size, max }` and `attachments-too-large`
   * `{ total, max }` in bytes; `attachment-unreadable` `{ as }` (`text` or `image`).
   */
  params?: Readonly<Record<string, string | number>>;
}

/** What preparing a set of inputs came to: the accepted, in order, and the refused. Nothing is dropped silently. */
export interface PreparedAttachments {
  accepted: PreparedAttachment[];
  refused: AttachmentRefusal[];
}

/**
 * Option `attachments` (src/settings.ts): limits and image handling. Every
 * field has a default; `true`/absent takes them all.
 */
export interface AttachmentOptions {
  /** Most bytes of one file as picked (an image is measured before it is downscaled, a text file as it is); default 20 MiB. */
  maxFileBytes?: number;
  /** Most bytes of one message's attachments together, as picked; default 50 MiB. */
  maxMessageBytes?: number;
  /** Most files in one message; default 10. */
  maxCount?: number;
  /**
   * Allowed types: MIME types (`image/png`), wildcards (`image/*`) or
   * extensions (`.csv`). Default `DEFAULT_ATTACHMENT_TYPES`: images and text
   * files (code, CSV, JSON, markdown…). Anything other than an image or a text
   * file is refused even if listed: no server family takes other files.
   */
  types?: string[];
  /** Images are downscaled so their longer side is at most this many pixels; default 1536. */
  imageLongEdge?: number;
  /** Keep the original bytes of a downscaled image in the thread store too (never sent); default false. */
  keepOriginal?: boolean;
}

/**
 * The default `types`: every image the browser decodes (sent as PNG or
 * JPEG) and text files — `text/*`, JSON, XML, YAML and the usual extensions of
 * code and data files whose MIME type the browser leaves empty or gets wrong.
 */
export const DEFAULT_ATTACHMENT_TYPES: readonly string[] = [
  'image/*', 'text/*', 'application/json', 'application/xml', 'application/x-yaml', 'application/yaml', 'application/javascript', 'application/x-sh', 'application/sql',
  '.md', '.markdown', '.txt', '.csv', '.tsv', '.json', '.jsonl', '.xml', '.yaml', '.yml', '.toml', '.ini', '.log', '.html', '.css',
  '.js', '.mjs', '.cjs', '.ts', '.tsx', '.jsx', '.py', '.rb', '.go', '.rs', '.java', '.kt', '.c', '.h', '.cpp', '.hpp', '.cs', '.php', '.swift', '.sh', '.sql', '.vue', '.svelte',
];

/**
 * A tool result that carries attachments: what `execute` returns to send
 * images or files back (a chart, a screenshot, a generated CSV). Made with
 * `toolResult(content, attachments)`; `content` is the result the model reads
 * as usual, the attachments are stored with the thread, shown in the tool's
 * card (images as images, other files as downloads) and sent to the model in
 * a user message right after the turn's tool messages (tool messages cannot
 * hold images on OpenAI-compatible servers).
 */
export interface ToolResultWithAttachments<C = unknown> {
  /** The marker `toolResult` sets; a plain `{ content, attachments }` object stays an ordinary result. */
  $pageloop: 'tool-result';
  content: C;
  attachments: AttachmentInput[];
  /**
   * What the model reads instead of `content`, when the two differ (the card
   * shows `content`): an MCP server's surface drawn for the user only.
   */
  modelReads?: unknown;
}
