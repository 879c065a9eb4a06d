/**
 * The text protocol, for models without native function calling: the tools
 * are described in the system prompt, the model writes calls as tagged JSON
 * in its reply, and results come back as `<observation>` user messages.
 * The reading side lives in text-call-parser.ts (whole replies) and
 * text-call-filter.ts (streaming); both are re-exported here so the loop
 * imports the protocol from one place.
 */
import type { ModelTool } from './chat-model.js';

export { parseTextToolCalls, type ParsedTextReply, type TextToolCall } from './text-call-parser.js';
export { TextCallFilter } from './text-call-filter.js';

/** The loop's own tools that end a run; mentioned by name when offered. */
const FINISHING_TOOLS = ['task_complete', 'ask_question', 'converse'];

/**
 * The system-prompt section that teaches a model the text protocol: every
 * tool with its description and JSON Schema, and how to call, observe and finish.
 *
 * @example
 * const system = `${basePrompt}\n\n${textProtocolPrompt(tools)}`;
 */
export function textProtocolPrompt(tools: ModelTool[]): string {
  const described = tools
    .map((t) => `### ${t.name}\n${t.description.trim()}\nArguments (JSON Schema): ${JSON.stringify(t.parameters)}`)
    .join('\n\n');
  const finishing = FINISHING_TOOLS.filter((name) => tools.some((t) => t.name === name));
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
