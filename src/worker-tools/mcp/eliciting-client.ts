/**
 * The client package's `Client`, hearing of the server questions it refuses
 * itself: the package checks an `elicitation/create` request against the
 * spec's schema before any handler sees it, and answers one outside the spec
 * with an `InvalidParams` error (the server gets the reason in that error).
 * `refused` is told of each such question, so the user is told too (the
 * hub's `mcp-elicitation-declined`). It overrides the package's protected
 * `_wrapHandler` hook for that one method and changes nothing it answers.
 */
import { Client } from '@modelcontextprotocol/client';

type Wrap = Client['_wrapHandler'];

export class ElicitingClient extends Client {
  /** Told of a question the package refused before the handler saw it: its message (if any) and the package's reason. */
  refused: ((message: string, reason: string) => void) | undefined;

  protected override _wrapHandler(method: string, handler: Parameters<Wrap>[1]): ReturnType<Wrap> {
    if (method !== 'elicitation/create') return super._wrapHandler(method, handler);
    const reached = new WeakSet<object>();
    const inner = super._wrapHandler(method, (request, ctx) => (reached.add(request), handler(request, ctx)));
    return async (request, ctx) => {
      try {
        return await inner(request, ctx);
      } catch (err) {
        if (!reached.has(request)) {
          const params = request.params as { message?: unknown } | undefined;
          this.refused?.(typeof params?.message === 'string' ? params.message : '', err instanceof Error ? err.message : String(err));
        }
        throw err;
      }
    };
  }
}
