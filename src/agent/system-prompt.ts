/**
 * Builds the system message: the app's own prompt first (it knows its users),
 * then how the loop works, then — for models without native function calling —
 * the tools and the calling convention.
 */
import type { ModelTool } from '../model/chat-model.js';
import { textProtocolPrompt } from '../model/text-protocol.js';

const LOOP_RULES = `You are an agent working inside a web page, for the person using it.
Work in steps: call the tools you need, read their results, and repeat until you can answer.
- Use tools to look things up instead of guessing; never invent tool results.
- Several independent tool calls may be made in one step.
- If a tool result says a call failed, was invalid or was denied, adapt: fix the arguments, try another way, or explain.
- When the task is done, call task_complete with the answer. If you need something only the user knows, call ask_question. For plain conversation, call converse or simply answer.`;

/** The system message for one request. `tools` are included only for the text protocol. */
export function buildSystemPrompt(appPrompt: string | undefined, textTools?: readonly ModelTool[]): string {
  const parts = [appPrompt?.trim(), LOOP_RULES, textTools ? textProtocolPrompt([...textTools]) : undefined];
  return parts.filter((p): p is string => !!p).join('\n\n');
}
