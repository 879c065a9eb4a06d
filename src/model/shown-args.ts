/**
 * How much of a tool call's streaming arguments the `tool-call-delta` events
 * carry. Each delta carries the arguments so far (not a piece), so a server
 * streaming megabytes of arguments would make every event, every batch across
 * the worker, every stored event and every render of the call's card grow
 * without bound. The deltas show the first `SHOWN_ARGS_CHARS` characters; past
 * that one last delta says how much is not shown and later ones are dropped.
 * The call itself is unaffected: its arguments arrive whole with the turn
 * (or as one error result when over the 16 MB limit, see tool-call-assembler.ts).
 */

/** Characters of streaming arguments a `tool-call-delta` carries at most (plus a short note). */
export const SHOWN_ARGS_CHARS = 16_384;

/** Decides, per call, what a delta shows; one per model turn. */
export class ShownArgs {
  /** Calls whose arguments passed the cap, already announced as cut. */
  readonly #cut = new Set<string>();

  /** The `argsText` a delta of call `callId` carries, or undefined when the delta is not sent at all. */
  shown(callId: string, argsText: string): string | undefined {
    if (argsText.length <= SHOWN_ARGS_CHARS) return argsText;
    if (this.#cut.has(callId)) return undefined;
    this.#cut.add(callId);
    return `${argsText.slice(0, SHOWN_ARGS_CHARS)}… (arguments longer than ${SHOWN_ARGS_CHARS.toLocaleString('en')} characters: the rest is not shown while they stream)`;
  }
}
