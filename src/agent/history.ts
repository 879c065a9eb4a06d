/**
 * The history is always kept in OpenAI format — assistant `tool_calls` each
 * answered by exactly one `tool` message — whatever protocol the model
 * speaks (the model layer rewrites it per request for the text protocol).
 * This file keeps that invariant true after a reload or crash.
 */
import type { ChatMessage, ChatToolCall } from '../types.js';

/**
 * Answers every tool call that has no result yet, so the history is valid for
 * every provider (a reload or crash mid-run can leave calls unanswered).
 * Returns the messages added.
 */
export function answerDanglingCalls(history: ChatMessage[], content: string): ChatMessage[] {
  const answered = new Set<string>();
  for (const m of history) if (m.role === 'tool') answered.add(m.tool_call_id);
  const added: ChatMessage[] = [];
  for (let i = 0; i < history.length; i++) {
    const m = history[i]!;
    if (m.role !== 'assistant' || !m.tool_calls) continue;
    const missing = m.tool_calls.filter((c: ChatToolCall) => !answered.has(c.id));
    if (missing.length === 0) continue;
    // Results belong right after their assistant message and its existing results.
    let at = i + 1;
    while (at < history.length && history[at]!.role === 'tool') at++;
    const results: ChatMessage[] = missing.map((c) => ({ role: 'tool', tool_call_id: c.id, content }));
    history.splice(at, 0, ...results);
    for (const r of results) if (r.role === 'tool') answered.add(r.tool_call_id);
    added.push(...results);
  }
  return added;
}

/**
 * Rewrites the recorded arguments of calls the user edited before approving,
 * so the history says what ran (the model, a reload and `messages()` read it).
 */
export function recordEditedArgs(history: ChatMessage[], edits: Iterable<{ callId: string; editedArgs?: unknown }>): void {
  const byId = new Map<string, unknown>();
  for (const e of edits) if (e.editedArgs !== undefined) byId.set(e.callId, e.editedArgs);
  if (byId.size === 0) return;
  for (const m of history) {
    if (m.role !== 'assistant' || !m.tool_calls) continue;
    m.tool_calls = m.tool_calls.map((c) => (byId.has(c.id) ? { ...c, function: { ...c.function, arguments: JSON.stringify(byId.get(c.id)) } } : c));
  }
}

/** How a note for the model opens: it is the page speaking, not the user's words. */
export const NOTE_HEAD = '[Note from the page, not a message from the user]';

/**
 * Appends a note for the model (an undo: src/agent/undo.ts) as a user-role
 * message opening with `NOTE_HEAD`. Roles still alternate: a note after a
 * user message joins it, and the next user message joins a note
 * (`pushUserMessage`), so a note never makes two user messages in a row.
 * (A marker field would reach the server: the history is sent as it is.)
 */
export function appendNote(history: ChatMessage[], note: string): void {
  const text = `${NOTE_HEAD} ${note}`;
  const last = history.at(-1);
  if (last?.role === 'user') history[history.length - 1] = { ...last, content: `${last.content}\n\n${text}` };
  else history.push({ role: 'user', content: text });
}

/** Appends the user's message; one that follows a note (`appendNote`) joins it, after it, as one user message. */
export function pushUserMessage(history: ChatMessage[], message: ChatMessage): void {
  const last = history.at(-1);
  if (message.role !== 'user' || last?.role !== 'user' || !last.content.startsWith(NOTE_HEAD)) {
    history.push(message);
    return;
  }
  history[history.length - 1] = { ...last, ...message, content: `${last.content}\n\n${message.content}` };
}
