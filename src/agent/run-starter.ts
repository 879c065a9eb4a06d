/**
 * How every run starts — a send, a workflow, a retry, a resume: a follower
 * tab is refused; a new run first gives up a run the page died in, while a
 * resume takes it over; then the run control starts the loop on a context
 * made for the run (`setup.before` first, which may end it alone) — the
 * in-page loop, or, with option `agui`, the remote loop in its place
 * (remote-loop.ts), which needs no model of its own.
 */
import type { ApprovalAnswer, FinalEvent } from '../types.js';
import { PageloopError } from '../errors.js';
import { runLoop } from './run-loop.js';
import { remoteRunContext, runContext, type RunSetup, type RunSources } from './run-context.js';
import type { RunControl, RunStart } from './run-control.js';
import type { ThreadBinding } from './thread/index.js';
import type { SessionConfig } from './session-types.js';
import { AnswersAhead, RunAhead } from './run-ahead.js';

/** What starting a run needs: the session's parts, and its settings as they are at each start. */
export interface StarterDeps extends Omit<RunSources, 'config'> {
  config(): SessionConfig;
  thread: ThreadBinding;
  runs: RunControl;
}

/** Starts a session's runs, one at a time (RunControl says "busy" to a second). */
export class RunStarter {
  readonly #deps: StarterDeps;
  /** The page's answers for remote runs' first requests, sent right behind each run's start. */
  readonly answers = new AnswersAhead();

  constructor(deps: StarterDeps) {
    this.#deps = deps;
  }

  /** A new run, unless another tab writes the thread (`what`: the refusal's opening words); a run the page died in is given up first. */
  begin(what: string, start: Omit<RunStart, 'run'>, setup: RunSetup): Promise<FinalEvent> {
    const { thread, runs } = this.#deps;
    const refused = thread.refusal(what);
    if (refused) return runs.refuse(refused);
    if (!runs.running) thread.abandonInterrupted();
    const ahead = this.#ahead(start.runId);
    return runs.start({ ...start, model: setup.overrides?.model, run: (signal) => this.#loop(signal, setup, ahead) });
  }

  /** Finishes a run the page died in: answers its open calls (with `first`, the answer to one of its approval requests), then asks the model to carry on. */
  resume(runId: string, first?: { callId: string; answer: ApprovalAnswer }): Promise<FinalEvent> {
    const { thread, runs } = this.#deps;
    const refused = thread.refusal('Cannot continue');
    if (refused) return runs.refuse(refused);
    // While a run goes, the start below answers "busy"; the interrupted run stays kept.
    const setup = runs.running ? {} : thread.resumption(first);
    if (setup instanceof PageloopError) return runs.refuse(setup);
    const ahead = this.#ahead(runId);
    return runs.start({ runId, run: (signal) => this.#loop(signal, setup, ahead) });
  }

  /** A remote run's first questions to the page, asked before the run's first event (run-ahead.ts); the in-page loop asks as it goes. */
  #ahead(runId: string): RunAhead | undefined {
    const { config, starts, host } = this.#deps;
    return config().agui && this.#deps.remote ? new RunAhead(starts, host, this.answers.take(runId)) : undefined;
  }

  /** Runs the loop (after `setup.before`) and returns its final event without emitting it; what it throws ends as a failed run. */
  async #loop(signal: AbortSignal, setup: RunSetup, ahead: RunAhead | undefined): Promise<FinalEvent> {
    const { config, state, models, registry, starts, host, files, remote } = this.#deps;
    const sources: RunSources = { config: config(), state, models, registry, starts, host, files, remote };
    if (sources.config.agui) {
      if (!remote) throw new PageloopError('bad-request', 'Option agui needs the agent\'s worker, which runs the AG-UI client.');
      const ctx = remoteRunContext(sources, signal, setup, ahead ?? new RunAhead(starts, host));
      return (setup.before && (await setup.before(ctx))) || (await (await remote()).run(ctx));
    }
    const ctx = await runContext(sources, signal, setup);
    return (setup.before && (await setup.before(ctx))) || (await runLoop(ctx));
  }
}
