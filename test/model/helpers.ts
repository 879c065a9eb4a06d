/** Shared helpers for the model tests. */
import type { ChatModel, ModelEvent, ModelRequest } from '../../src/model/chat-model.js';
import { StreamAssembler } from '../../src/model/stream-assembler.js';

/** Runs a model request to its end and returns every event. */
export async function collect(model: ChatModel, request: ModelRequest, signal = new AbortController().signal): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  for await (const e of model.stream(request, signal)) events.push(e);
  return events;
}

/** Runs a model request and returns the error it threw (fails if it did not throw). */
export async function streamError(model: ChatModel, request: ModelRequest, signal?: AbortSignal): Promise<unknown> {
  try {
    await collect(model, request, signal);
  } catch (err) {
    return err;
  }
  throw new Error('expected the stream to throw');
}

/** Feeds raw chunk objects through a StreamAssembler, as the client does. */
export function assemble(chunks: unknown[], generateId?: () => string): ModelEvent[] {
  const a = new StreamAssembler(generateId ? { generateId } : {});
  const out: ModelEvent[] = [];
  for (const c of chunks) out.push(...a.push(c));
  out.push(...a.finish());
  return out;
}

/** The `done` event of a list of events. */
export function doneOf(events: ModelEvent[]): Extract<ModelEvent, { type: 'done' }> {
  const done = events.at(-1);
  if (!done || done.type !== 'done') throw new Error(`the last event is not done: ${JSON.stringify(done)}`);
  return done;
}

/** All text deltas joined. */
export function textOf(events: ModelEvent[]): string {
  return events.map((e) => (e.type === 'text' ? e.delta : '')).join('');
}

/** All thinking deltas joined. */
export function thinkingOf(events: ModelEvent[]): string {
  return events.map((e) => (e.type === 'thinking' ? e.delta : '')).join('');
}

/** The usage events. */
export function usageOf(events: ModelEvent[]): Extract<ModelEvent, { type: 'usage' }>[] {
  return events.filter((e): e is Extract<ModelEvent, { type: 'usage' }> => e.type === 'usage');
}

/** One chunk with a single choice, as most servers send it. */
export function c(delta: Record<string, unknown>, finish?: string | null, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const choice: Record<string, unknown> = { index: 0, delta };
  if (finish !== undefined) choice.finish_reason = finish;
  return { id: 'x', object: 'chat.completion.chunk', choices: [choice], ...extra };
}

/** A `generateId` that counts: gen_1, gen_2, … */
export function counter(): () => string {
  let n = 0;
  return () => `gen_${++n}`;
}
