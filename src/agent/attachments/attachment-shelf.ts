/**
 * Where a session's attachments live: prepared (attachment-prep.ts, loaded on
 * first use), their bytes kept with the thread in IndexedDB — or in memory,
 * for an agent without a thread or when the disk is full — and read back to
 * be sent, shown, exported.
 *
 * Invariants:
 * - Bytes are stored BEFORE the run that sends them starts, so a follower tab
 *   that hears of the message can read them at once.
 * - A full disk never stops a message: its bytes stay in memory for this
 *   session (it is sent with them) and `kept` says what was not stored, for an
 *   `attachments-not-kept` event.
 * - Records carry no bytes; the shelf is the one way from an id to its bytes.
 */
import type { Attachment, AttachmentInput, AttachmentOptions, PreparedAttachment, PreparedAttachments } from '../../attachment-types.js';
import type { ChatMessage } from '../../types.js';
import { PageloopError, errorMessage } from '../../errors.js';
import type { ErrorCode } from '../../error-codes.js';
import type { StoredAttachment, ThreadStorage } from '../../store/thread-store.js';
import type { AttachmentSource } from './attachment-prep.js';

/** What keeping some attachments came to: their records, and a sentence when some could not be stored. */
export interface KeptAttachments {
  records: Attachment[];
  notKept?: { ids: string[]; message: string; names: string[]; code: string; reason: string };
}

/** A user's message, and what keeping its files came to (absent: it has none). */
export interface UserMessage {
  message: ChatMessage;
  files?: KeptAttachments;
}

/** Where the shelf keeps bytes, and the limits it prepares with (both read when used: they change with `configure` and thread switches). */
export interface ShelfDeps {
  store?: ThreadStorage;
  thread(): string | undefined;
  options(): AttachmentOptions | false | undefined;
}

/** A session's attachments: prepare, keep, read. */
export class AttachmentShelf {
  readonly #deps: ShelfDeps;
  /** Bytes not in the store: no thread, or storing failed. */
  readonly #memory = new Map<string, StoredAttachment>();

  constructor(deps: ShelfDeps) {
    this.#deps = deps;
  }

  /** Checks and prepares `inputs` against the `attachments` option; refusals are data. */
  async prepare(inputs: readonly AttachmentInput[], source: AttachmentSource = 'user'): Promise<PreparedAttachments> {
    const { prepareAttachments } = await import('./attachment-prep.js');
    return prepareAttachments(inputs, this.#deps.options(), source);
  }

  /**
   * A user's files for a message: prepared and kept, or refused whole — the
   * first refusal's code with every refusal's sentence — so nothing is sent.
   */
  async acceptMessage(inputs: readonly AttachmentInput[]): Promise<KeptAttachments> {
    const { accepted, refused } = await this.prepare(inputs);
    if (refused.length > 0) throw new PageloopError(refused[0]!.code as ErrorCode, `Nothing was sent: ${refused.map((r) => r.message).join(' ')}`);
    return this.keep(accepted);
  }

  /**
   * The user's message of a send, with its files kept first — only when the
   * send can start (`canStart`: a busy or follower session is refused anyway,
   * and must not store files for a message it never sends) — or the error
   * that refuses the send, with nothing sent. Without files to keep it is
   * given at once, not as a promise, so the run can start in the same turn.
   */
  userMessage(text: string, inputs: readonly AttachmentInput[] | undefined, canStart: boolean): UserMessage | Promise<UserMessage | Error> {
    if (!inputs?.length || !canStart) return { message: { role: 'user', content: text } };
    return this.acceptMessage(inputs).then(
      (files) => ({ message: { role: 'user', content: text, attachments: files.records }, files }),
      (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
    );
  }

  /** A tool's files: what is accepted is kept; a refused one is named in `notes` for the model and the user. */
  async acceptFromTool(inputs: readonly AttachmentInput[]): Promise<KeptAttachments & { notes: string[] }> {
    const { accepted, refused } = await this.prepare(inputs, 'tool');
    return { ...(await this.keep(accepted)), notes: refused.map((r) => r.message) };
  }

  /** Stores prepared attachments with the thread (or in memory) and returns their records. */
  async keep(prepared: readonly PreparedAttachment[]): Promise<KeptAttachments> {
    const records = prepared.map(toRecord);
    const items = prepared.map((p): StoredAttachment => (p.originalData ? { id: p.id, data: p.data, original: p.originalData } : { id: p.id, data: p.data }));
    if (items.length === 0) return { records };
    const thread = this.#deps.thread();
    const store = this.#deps.store;
    if (!thread || !store?.putAttachments) {
      for (const item of items) this.#memory.set(item.id, item);
      return { records };
    }
    try {
      await store.putAttachments(thread, items);
      return { records };
    } catch (err) {
      for (const item of items) this.#memory.set(item.id, item);
      const code = err instanceof PageloopError ? err.code : 'storage';
      const why = code === 'storage-quota' ? "the browser's storage for this site is full" : errorMessage(err);
      const names = prepared.map((p) => p.name);
      const quoted = names.map((name) => `"${name}"`).join(', ');
      // The element writes its own sentence from names, code and reason (components/conversation/reported-notice-words.ts).
      const message = `${quoted} ${items.length === 1 ? 'was' : 'were'} sent but not kept with the conversation (${why}): after a reload ${items.length === 1 ? 'it' : 'they'} will be missing.`;
      return { records, notKept: { ids: items.map((i) => i.id), message, names, code, reason: errorMessage(err) } };
    }
  }

  /** The bytes of attachment `id` (or its kept original), or undefined when they were not kept. */
  async read(id: string, original = false): Promise<Blob | undefined> {
    const held = this.#memory.get(id);
    const stored = held ?? (await this.#stored(id));
    return original ? stored?.original : stored?.data;
  }

  /** Every attachment of thread `thread` (export): the store's, and those held in memory for the session's own thread. */
  async all(thread: string): Promise<StoredAttachment[]> {
    const stored = (await this.#deps.store?.listAttachments?.(thread).catch(() => [])) ?? [];
    if (thread !== this.#deps.thread()) return stored;
    const ids = new Set(stored.map((a) => a.id));
    return [...stored, ...[...this.#memory.values()].filter((a) => !ids.has(a.id))];
  }

  /** Forgets the bytes held in memory (the thread was cleared or left). */
  forget(): void {
    this.#memory.clear();
  }

  async #stored(id: string): Promise<StoredAttachment | undefined> {
    const thread = this.#deps.thread();
    if (!thread) return undefined;
    return this.#deps.store?.getAttachment?.(thread, id).catch(() => undefined);
  }
}

/** The record of a prepared attachment: everything but the bytes. */
export function toRecord(p: PreparedAttachment): Attachment {
  const { data: _data, originalData: _original, ...record } = p;
  return record;
}
