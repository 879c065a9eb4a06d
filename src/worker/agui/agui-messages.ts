/**
 * The history both ways between pageloop's form (OpenAI chat messages, what
 * the thread stores) and AG-UI's (`Message`, each with an id, what a
 * `RunAgentInput` carries).
 *
 * Ids: a message keeps the id the server knows it by (the remote thread's
 * `messageIds`, kept from the server's own events); one the server has not
 * seen yet (the user's new message, a frontend tool's result) gets a fresh
 * one, which the next `remote-thread` event keeps. So a server that keeps
 * its own copy of the thread (LangGraph's checkpoints) sees the same ids run
 * after run.
 *
 * Attachments travel as AG-UI content parts of the user's message: an image
 * as an `image` part, a text file as a `document` part, both with their
 * bytes inline (base64) — the server, not the page, decides what its model
 * reads. A tool's files go after the turn's tool messages in a user message,
 * as the in-page loop sends them.
 *
 * Back from the server, a message whose id was sent keeps pageloop's own
 * form (its attachment records, which a round trip through parts would
 * lose); a new one is converted. Activity and reasoning messages have no
 * place in the history (they are events: `activity`, `thinking`). Every
 * call keeps exactly one result: when a call has two (see below), the later.
 */
import type { ContentPart, Message, ToolCall as AgUiToolCall } from '@ag-ui/core';
import type { Attachment, ChatMessage } from '../../types.js';
import { dataUrl } from '../../model/attachment-parts.js';

/** Reads an attachment's bytes (the thread's store), or undefined when they were not kept. */
export type ReadBytes = (id: string) => Promise<Blob | undefined>;

/** The history as AG-UI messages, each with its id (`ids[i]`, or a fresh one), and the ids used, in order. */
export async function toAgUiMessages(history: readonly ChatMessage[], ids: readonly string[], read: ReadBytes | undefined): Promise<{ messages: Message[]; ids: string[] }> {
  const messages: Message[] = [];
  const used: string[] = [];
  for (const [i, message] of history.entries()) {
    const id = ids[i] ?? crypto.randomUUID();
    used.push(id);
    messages.push(await toAgUi(message, id, read));
  }
  return { messages, ids: used };
}

async function toAgUi(message: ChatMessage, id: string, read: ReadBytes | undefined): Promise<Message> {
  switch (message.role) {
    case 'system':
      return { id, role: 'system', content: message.content };
    case 'user':
      if (!message.attachments?.length) return { id, role: 'user', content: message.content };
      return { id, role: 'user', content: [...(message.content ? [{ type: 'text' as const, text: message.content }] : []), ...(await partsOf(message.attachments, read))] };
    case 'assistant': {
      const toolCalls: AgUiToolCall[] | undefined = message.tool_calls?.map((c) => ({ id: c.id, type: 'function', function: { name: c.function.name, arguments: c.function.arguments } }));
      return { id, role: 'assistant', ...(message.content ? { content: message.content } : {}), ...(toolCalls?.length ? { toolCalls } : {}) };
    }
    case 'tool':
      if (!message.attachments?.length) return { id, role: 'tool', toolCallId: message.tool_call_id, content: message.content };
      return { id, role: 'tool', toolCallId: message.tool_call_id, content: [{ type: 'text', text: message.content }, ...(await partsOf(message.attachments, read))] };
  }
}

/** The content parts of some attachments: images and text files with their bytes; a file not kept, or one only offered as a download, as a note. */
async function partsOf(files: readonly Attachment[], read: ReadBytes | undefined): Promise<ContentPart[]> {
  const parts: ContentPart[] = [];
  for (const file of files) {
    const blob = file.kind === 'file' ? undefined : await read?.(file.id).catch(() => undefined);
    if (!blob) {
      const why = file.kind === 'file' ? 'was offered to the user as a download; its contents are not sent' : 'was not kept with this conversation, so it can no longer be sent';
      parts.push({ type: 'text', text: `[The file "${file.name}" ${why}.]` });
      continue;
    }
    const mimeType = file.type || blob.type || 'application/octet-stream';
    const value = base64Of(await dataUrl(blob, mimeType));
    if (file.kind === 'image') parts.push({ type: 'image', source: { type: 'data', value, mimeType }, metadata: { name: file.name } });
    else parts.push({ type: 'document', source: { type: 'data', value, mimeType }, metadata: { name: file.name } });
  }
  return parts;
}

/** The base64 of a `data:` URL. */
function base64Of(url: string): string {
  return url.slice(url.indexOf(',') + 1);
}

/**
 * The history after a remote run: `messages` as the server's client now holds
 * them (what was sent, what the run added, or a `MESSAGES_SNAPSHOT`'s list),
 * each one that was sent (`sent`: by id, pageloop's own form) kept as it was.
 */
export function fromAgUiMessages(messages: readonly Message[], sent: ReadonlyMap<string, ChatMessage>): { history: ChatMessage[]; ids: string[] } {
  const history: ChatMessage[] = [];
  const ids: string[] = [];
  // A call answered twice (a reload answered it `interrupted`, then the resumed run sent the server's result): the server's, the later, is kept.
  const lastResult = new Map<string, string>();
  for (const m of messages) if (m.role === 'tool') lastResult.set(m.toolCallId, m.id);
  for (const message of messages) {
    if (message.role === 'tool' && lastResult.get(message.toolCallId) !== message.id) continue;
    const kept = sent.get(message.id);
    const chat = kept ?? fromAgUi(message);
    if (!chat) continue;
    history.push(chat);
    ids.push(message.id);
  }
  return { history, ids };
}

/** One AG-UI message in pageloop's form; undefined for the kinds the history has no place for. */
function fromAgUi(message: Message): ChatMessage | undefined {
  switch (message.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content: message.content };
    case 'user':
      return { role: 'user', content: textOf(message.content) };
    case 'assistant': {
      const calls = message.toolCalls?.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.function.name, arguments: c.function.arguments } }));
      return calls?.length ? { role: 'assistant', content: message.content ?? null, tool_calls: calls } : { role: 'assistant', content: message.content ?? '' };
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.error ? `Error: ${message.error}${textOf(message.content) ? `\n${textOf(message.content)}` : ''}` : textOf(message.content) };
    default:
      return undefined;
  }
}

/** The text of a message's content: the string, or its text parts joined (media parts are noted by kind). */
export function textOf(content: string | readonly ContentPart[] | undefined): string {
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((p) => (p.type === 'text' ? p.text : `[${p.type}]`)).join('\n');
}
