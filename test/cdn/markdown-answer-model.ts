/**
 * A `modelModule` for test/cdn/final-drawn.html: answers the n-th user
 * message of a thread with a short markdown reply, `**A-n** is *ready*:
 * \`code\` and [a link](https://example.com/n)`, streamed a few characters at a
 * time with no delay (as fast as the loop takes it). The answer is a function
 * of the history, so a reloaded thread's next answer is known.
 */
import type { ChatModel, ModelEvent, ModelRequest } from '../../src/model/chat-model.js';

/** The answer to the `n`-th user message (1-based). */
export function answerTo(n: number): string {
  return `**A-${n}** is *ready*: \`code\` and [a link](https://example.com/${n}).`;
}

/** Builds the model. */
export function createModel(): ChatModel {
  return {
    async *stream(request: ModelRequest): AsyncGenerator<ModelEvent> {
      const n = request.messages.filter((m) => m.role === 'user').length;
      const text = answerTo(n);
      for (let at = 0; at < text.length; at += 5) yield { type: 'text', delta: text.slice(at, at + 5) };
      yield { type: 'done', text, toolCalls: [], finishReason: 'stop' };
    },
  };
}
