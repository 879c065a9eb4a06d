/**
 * The cancel benchmark's model (a `modelModule`): on "tool" it calls the page
 * tool `bench_stuck` (which never finishes); otherwise it streams a few words
 * and then waits for more, like a slow server, until the run is cancelled.
 */
import type { ChatModel, ModelEvent, ModelRequest } from '../src/model/chat-model.js';

export const STUCK_TOOL = 'bench_stuck';

export function createModel(): ChatModel {
  let n = 0;
  return {
    async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
      const last = request.messages.at(-1);
      if (last?.role === 'user' && last.content === 'tool') {
        const call = { id: `call_${++n}`, name: STUCK_TOOL, argsText: '{}' };
        yield { type: 'tool-call-delta', index: 0, id: call.id, name: call.name, argsText: call.argsText };
        yield { type: 'done', text: '', toolCalls: [call], finishReason: 'tool_calls' };
        return;
      }
      yield { type: 'text', delta: 'Working on it' };
      await new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('Cancelled', 'AbortError')), { once: true }));
    },
  };
}
