/**
 * The history is always kept in OpenAI format — assistant `tool_calls` each
 * answered by one `tool` message — whatever protocol the model speaks. For
 * the text protocol it is rewritten per request: calls become the markup the
 * model was asked to write, results become `<observation>` user messages.
 * Keeping one canonical form lets an agent switch protocols mid-life and lets
 * any provider accept the history.
 */
import type { ChatMessage, ChatToolCall } from '../types.js';
import { formatObservation } from '../model/text-protocol.js';

/** Rewrites canonical history into what a text-protocol model reads. */
export function toTextProtocol(history: readonly ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  const namesById = new Map<string, string>();
  let observations: string[] = [];
  const flushObservations = () => {
    if (observations.length === 0) return;
    out.push({ role: 'user', content: observations.join('\n') });
    observations = [];
  };
  for (const message of history) {
    if (message.role === 'tool') {
      observations.push(formatObservation(namesById.get(message.tool_call_id) ?? 'unknown', message.content));
      continue;
    }
    flushObservations();
    if (message.role === 'assistant' && message.tool_calls?.length) {
      const calls = message.tool_calls.map((call) => {
        namesById.set(call.id, call.function.name);
        return `<tool_call>${JSON.stringify({ name: call.function.name, arguments: parseOr(call.function.arguments) })}</tool_call>`;
      });
      out.push({ role: 'assistant', content: [message.content ?? '', ...calls].filter(Boolean).join('\n') });
      continue;
    }
    out.push(message);
  }
  flushObservations();
  return out;
}

function parseOr(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return text;
  }
}

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
