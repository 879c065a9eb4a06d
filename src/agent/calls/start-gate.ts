/**
 * Nothing starts after the page's `cancel()` returned: not a page tool (the
 * page runs those itself and refuses them), not a worker tool, not a request
 * to the model. The page and the worker run side by side, so a worker that
 * has not yet received the cancel message could still start something after
 * `cancel()` returned on the page. Hence every worker tool call and every
 * model request first asks the page (`ToolHost.mayStart`, one message there
 * and back); the page says no from its `cancel()` until the next run. The
 * worker checks its own signal as well, before and after asking.
 *
 * A tool's `tool-start` is sent before the question (the worker flushes its
 * events first), so a call the page let start was announced to the page
 * before `cancel()` could return.
 */
import { abortable } from '../../abortable.js';
import type { ToolCallingModel, TurnEvent, TurnRequest } from '../../model/loop-door.js';
import { PageloopError } from '../../errors.js';
import type { StartRequest } from '../../protocol/agent.js';
import type { ToolHost } from '../session-types.js';

/**
 * The page's gate as the loop asks it: events the worker holds back (a
 * batched `tool-start`) are sent first, so the page has heard of a call
 * before it lets it start.
 */
export function startGate(host: Pick<ToolHost, 'mayStart'>, flush?: () => void): Pick<ToolHost, 'mayStart'> {
  if (!host.mayStart) return {};
  return {
    mayStart: (request) => {
      flush?.();
      return host.mayStart!(request);
    },
  };
}

/** True when `request` may start now: the run is not cancelled here, and the page (if asked) agrees. */
export async function mayStart(host: Pick<ToolHost, 'mayStart'>, request: StartRequest, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  if (!host.mayStart) return true;
  let allowed: boolean;
  try {
    // Raced: a page that never answers (gone, or frozen) must not hold the run past its cancel.
    allowed = await abortable(Promise.resolve(host.mayStart(request)), signal, () => false);
  } catch {
    // The page is gone (disposed, crashed): nobody is there to want it started.
    allowed = false;
  }
  return allowed && !signal.aborted;
}

/**
 * `model` with every turn asked for first: the run's own turns, the context
 * budget's summary calls and a resumed run's turns all go through it.
 */
export function gatedModel(model: Pick<ToolCallingModel, 'turn'>, host: Pick<ToolHost, 'mayStart'>): Pick<ToolCallingModel, 'turn'> {
  return {
    async *turn(request: TurnRequest, signal: AbortSignal): AsyncGenerator<TurnEvent, void, undefined> {
      if (!(await mayStart(host, { kind: 'model' }, signal))) throw new PageloopError('aborted', 'The run was cancelled before the model was asked.');
      yield* model.turn(request, signal);
    },
  };
}
