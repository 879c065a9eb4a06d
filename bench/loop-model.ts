/**
 * The loop benchmark's model: a `modelModule` with no network and no delays.
 * Each run it calls the page tool `bench_echo` once per turn, `calls` times,
 * then answers with the timings its realm recorded in that run, as JSON (so the page
 * reads them from the final event, with no channel of its own).
 *
 * The user message sets the run's length: `calls=1000`.
 *
 * It times the loop, not itself: a timestamp right before it yields `done`,
 * and one when the loop asks for the next turn. It does not clone requests
 * (the scripted test model does, which would cost O(history) per turn).
 */
import type { ChatModel, ModelEvent, ModelRequest } from '../src/model/chat-model.js';
import { loopTiming, resetLoopTiming } from './loop-timing.js';

/** The page tool every turn calls. */
export const ECHO_TOOL = 'bench_echo';

/** Builds the bench model; each run's user message says how many calls it makes (`calls=1000`). */
export function createModel(): ChatModel {
  let calls = 0;
  let turn = 0;
  let lastDone: number | undefined;
  return {
    async *stream(request: ModelRequest): AsyncGenerator<ModelEvent> {
      const start = performance.now();
      const timing = loopTiming();
      // A user message last means a new run: the script starts over.
      const last = request.messages.at(-1);
      if (last?.role === 'user') {
        calls = Number(/calls=(\d+)/.exec(last.content)?.[1] ?? 0);
        turn = 0;
        lastDone = undefined;
        resetLoopTiming();
      }
      if (lastDone !== undefined) timing.gaps.push(start - lastDone);
      turn++;
      if (turn <= calls) {
        const call = { id: `call_${turn}`, name: ECHO_TOOL, argsText: `{"i":${turn}}` };
        yield { type: 'tool-call-delta', index: 0, id: call.id, name: call.name, argsText: call.argsText };
        lastDone = performance.now();
        yield { type: 'done', text: '', toolCalls: [call], finishReason: 'tool_calls' };
        return;
      }
      lastDone = undefined;
      const text = JSON.stringify(timing);
      yield { type: 'text', delta: text };
      yield { type: 'done', text, toolCalls: [], finishReason: 'stop' };
    },
  };
}
