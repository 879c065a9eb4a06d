/**
 * The text protocol, for models without native function calling: the tools
 * are described in the system prompt, the model writes calls as tagged JSON
 * in its reply, and results come back as `<observation>` user messages.
 * The reading side lives in text-call-parser.ts (whole replies) and
 * text-call-filter.ts (streaming), re-exported here. The history is always
 * kept in OpenAI format, whatever protocol the model speaks; for this
 * protocol it is rewritten per request (`toTextProtocol`), so an agent can
 * switch protocols mid-life and any provider accepts the stored history.
 */
import type { Attachment, ChatMessage } from '../types.js';
import type { ModelTool } from './chat-model.js';

export { parseTextToolCalls, type ParsedTextReply, type TextToolCall } from './text-call-parser.js';
export { TextCallFilter } from './text-call-filter.js';

/**
 * The system-prompt section that teaches a model the text protocol: every
 * tool with its description and JSON Schema, and how to call, observe and
 * finish. `endingTools` are the tools that end the run; those offered are
 * named in the closing instruction.
 *
 * @example
 * const system = `${basePrompt}\n\n${textProtocolPrompt(tools, ['task_complete'])}`;
 */
export function textProtocolPrompt(tools: readonly ModelTool[], endingTools: readonly string[] = []): string {
  const described = tools
    .map((t) => `### ${t.name}\n${t.description.trim()}\nArguments (JSON Schema): ${JSON.stringify(t.parameters)}`)
    .join('\n\n');
  const finishing = endingTools.filter((name) => tools.some((t) => t.name === name));
  const finish =
    finishing.length > 0
      ? `When you are done, answer normally, or call ${finishing.join(' / ')} as described above.`
      : 'When you are done, answer normally, without any <tool_call> block.';
  return [
    '## Tools',
    'You can call these tools:',
    '',
    described,
    '',
    '## How to call a tool',
    'To call a tool, write a block like this in your reply, with the arguments as a JSON object matching the schema:',
    '<tool_call>{"name": "tool_name", "arguments": {"key": "value"}}</tool_call>',
    'Write one <tool_call> block per call; you may write several blocks to call several tools at once.',
    'Then stop and wait: each result comes back in a user message of the form',
    '<observation tool="tool_name">…result…</observation>',
    'Use the results to continue. Never write <observation> blocks yourself, and never invent a result.',
    finish,
  ].join('\n');
}

/**
 * A tool result as the text protocol feeds it back, in a user message.
 *
 * @example
 * formatObservation('add', '3'); // → '<observation tool="add">3</observation>'
 */
export function formatObservation(name: string, content: string): string {
  // A result that contains the closing tag must not end the observation early.
  const safe = content.replaceAll('</observation>', '&lt;/observation>');
  return `<observation tool="${name.replaceAll('"', '&quot;')}">${safe}</observation>`;
}

/**
 * Rewrites canonical history into what a text-protocol model reads: calls
 * become the markup the model was asked to write, results become one
 * `<observation>` user message per turn — which also carries the files the
 * turn's tools returned (attachment-parts.ts writes them as its parts).
 */
export function toTextProtocol(history: readonly ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  const namesById = new Map<string, string>();
  let observations: string[] = [];
  let files: Attachment[] = [];
  const flushObservations = () => {
    if (observations.length === 0) return;
    out.push(files.length > 0 ? { role: 'user', content: observations.join('\n'), attachments: files } : { role: 'user', content: observations.join('\n') });
    observations = [];
    files = [];
  };
  for (const message of history) {
    if (message.role === 'tool') {
      const returned = message.attachments ?? [];
      const note = returned.length > 0 ? `\n(Returned with: ${returned.map((f) => `"${f.name}"`).join(', ')}; attached to this message.)` : '';
      observations.push(formatObservation(namesById.get(message.tool_call_id) ?? 'unknown', message.content + note));
      files.push(...returned);
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

/** Stored arguments as a value; text that is not JSON is kept as the string it is. */
function parseOr(text: string): unknown {
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return text;
  }
}
