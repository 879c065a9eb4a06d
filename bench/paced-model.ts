/**
 * The first-reply benchmark's model: a `modelModule` that streams a markdown
 * reply at a steady rate, as a server does (deltas of 1–3 tokens, a batch of
 * them every 16 ms). The user message sets its length and rate:
 * `tokens=1000 rate=400` (tokens per second).
 */
import type { ChatModel, ModelEvent, ModelRequest } from '../src/model/chat-model.js';
import { CHARS_PER_TOKEN, markdownReply, toDeltas } from './markdown-corpus.js';

const TICK_MS = 16;

/** Builds the paced bench model. */
export function createModel(): ChatModel {
  return {
    async *stream(request: ModelRequest): AsyncGenerator<ModelEvent> {
      const last = request.messages.at(-1);
      const said = last?.role === 'user' ? last.content : '';
      const tokens = Number(/tokens=(\d+)/.exec(said)?.[1] ?? 100);
      const rate = Number(/rate=(\d+)/.exec(said)?.[1] ?? 400);
      const text = markdownReply(tokens, 21);
      const perTick = (rate * CHARS_PER_TOKEN * TICK_MS) / 1000;
      let sent = 0;
      let due = perTick;
      for (const delta of toDeltas(text)) {
        if (sent >= due) {
          await new Promise((r) => setTimeout(r, TICK_MS));
          due += perTick;
        }
        sent += delta.length;
        yield { type: 'text', delta };
      }
      yield { type: 'usage', promptTokens: 10, completionTokens: tokens };
      yield { type: 'done', text, toolCalls: [], finishReason: 'stop' };
    },
  };
}
