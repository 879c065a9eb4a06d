/**
 * The long-task benchmark's model: a `modelModule` that streams a markdown
 * reply as fast as the loop takes it — deltas of 1–3 tokens, no delays. The
 * user message sets its length: `tokens=20000`.
 */
import type { ChatModel, ModelEvent, ModelRequest } from '../src/model/chat-model.js';
import { markdownReply, toDeltas } from './markdown-corpus.js';

/** Builds the streaming bench model. */
export function createModel(): ChatModel {
  return {
    async *stream(request: ModelRequest): AsyncGenerator<ModelEvent> {
      const last = request.messages.at(-1);
      const tokens = Number(/tokens=(\d+)/.exec(last?.role === 'user' ? last.content : '')?.[1] ?? 100);
      const text = markdownReply(tokens, 21);
      for (const delta of toDeltas(text)) yield { type: 'text', delta };
      yield { type: 'usage', promptTokens: 10, completionTokens: tokens };
      yield { type: 'done', text, toolCalls: [], finishReason: 'stop' };
    },
  };
}
