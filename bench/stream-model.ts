/**
 * The long-task benchmarks' model: a `modelModule` that streams a markdown
 * reply as fast as the loop takes it — deltas of 1–3 tokens, no delays. The
 * user message sets its length: `tokens=20000`.
 *
 * With `scenario=…` in the user message it first calls tools, as a model
 * using the page would (bench/first-reply-frame.html):
 * - `scenario=tool`: `page_outline` (a read tool: a tool card, no approval), then the reply;
 * - `scenario=approval`: `dom_query` for `#bench-target`, then `click` on the
 *   index it returned (an action: the approval panel), then the reply.
 */
import type { ChatModel, ModelEvent, ModelRequest } from '../src/model/chat-model.js';
import type { ChatMessage } from '../src/types.js';
import { markdownReply, toDeltas } from './markdown-corpus.js';

/** Builds the streaming bench model. */
export function createModel(): ChatModel {
  return {
    async *stream(request: ModelRequest): AsyncGenerator<ModelEvent> {
      const at = request.messages.findLastIndex((m) => m.role === 'user');
      const prompt = at >= 0 ? String(request.messages[at]!.content) : '';
      const call = nextCall(prompt, request.messages.slice(at + 1));
      if (call) {
        yield { type: 'done', text: '', toolCalls: [{ id: `call-${crypto.randomUUID()}`, name: call.name, argsText: JSON.stringify(call.args) }], finishReason: 'tool_calls' };
        return;
      }
      const tokens = Number(/tokens=(\d+)/.exec(prompt)?.[1] ?? 100);
      const text = markdownReply(tokens, 21);
      for (const delta of toDeltas(text)) yield { type: 'text', delta };
      yield { type: 'usage', promptTokens: 10, completionTokens: tokens };
      yield { type: 'done', text, toolCalls: [], finishReason: 'stop' };
    },
  };
}

/** The scenario's next tool call, given what happened since the user's message; none: reply. */
function nextCall(prompt: string, since: ChatMessage[]): { name: string; args: object } | undefined {
  const scenario = /scenario=(\w+)/.exec(prompt)?.[1];
  const results = since.filter((m) => m.role === 'tool');
  if (scenario === 'tool' && results.length === 0) return { name: 'page_outline', args: {} };
  if (scenario === 'approval' && results.length === 0) return { name: 'dom_query', args: { selector: '#bench-target' } };
  if (scenario === 'approval' && results.length === 1) {
    const found = /"index":\s*(\d+)/.exec(String(results[0]!.content));
    if (!found) throw new Error(`bench model: dom_query found no #bench-target: ${String(results[0]!.content).slice(0, 300)}`);
    return { name: 'click', args: { index: Number(found[1]) } };
  }
  return undefined;
}
