/**
 * What one run of a session works with, put together from the session's
 * settings and parts at the moment the run starts: later `configure` calls
 * shape the next run, never this one. A run's own overrides
 * (`send(text, options)`, a workflow's tools) are applied last.
 */
import type { FinalEvent, SendOptions } from '../types.js';
import type { ToolCallingModel } from '../model/loop-door.js';
import type { RunContext } from './run-loop.js';
import { gatedModel, mayStart } from './calls/index.js';
import type { RunBase } from './run-base.js';
import type { RemoteLoader, RemoteRunContext } from './remote-loop.js';
import { PlanTurn } from './plan-turn.js';
import { SubAgents } from './sub-agent.js';
import type { ToolRegistry } from './calls/index.js';
import { withOverrides } from './run-overrides.js';
import { abortable } from '../abortable.js';
import type { ModelCache } from './model-cache.js';
import type { SessionState } from './session-state.js';
import type { SessionConfig, ToolHost } from './session-types.js';
import type { AttachmentShelf } from './attachments/index.js';
import type { RunAhead } from './run-ahead.js';

/** Model calls a run may make when the settings give no `maxIterations`. */
export const DEFAULT_MAX_ITERATIONS = 10;

/** What sets one run apart from the agent's settings: its overrides, a plan made before it began, a resume. */
export interface RunSetup {
  overrides?: SendOptions;
  /** The run starts with a plan already made (a workflow's steps). */
  planned?: boolean;
  /** Runs before the loop (a resume finishes the interrupted turn); a final event from it ends the run there. */
  before?: (ctx: RunBase) => Promise<FinalEvent | undefined>;
}

/** The session's parts a run works with. */
export interface RunSources {
  config: SessionConfig;
  state: SessionState;
  models: ModelCache;
  registry: ToolRegistry;
  /** Asked before each model request and tool start: the page may have cancelled the run already (start-gate.ts). */
  starts: Pick<ToolHost, 'mayStart'>;
  /** Asked for the app's state as each request is built. */
  host: Pick<ToolHost, 'readContext'>;
  /** The session's attachments (tools' files are kept there). */
  files?: AttachmentShelf;
  /** Loads the remote loop (option `agui`, and sub-agents sent to a remote agent); absent where no worker hosts the session. */
  remote?: RemoteLoader;
}

/** The context of one run on `signal`, its overrides applied; throws a `bad-request` error for overrides the run cannot take. */
export async function runContext(from: RunSources, signal: AbortSignal, setup: RunSetup): Promise<RunContext> {
  const { config, state, models } = from;
  // Raced: making the model (a model module, an engine) may take long or never end; Stop ends the run all the same.
  const model = await abortable(models.model(), signal);
  const { planning } = config;
  const ctx: RunContext = {
    ...runBase(from, signal),
    model: gatedModel(model, from.starts),
    systemPrompt: config.systemPrompt,
    maxIterations: config.maxIterations ?? DEFAULT_MAX_ITERATIONS,
    plan: planning ? { turn: new PlanTurn(state.plan, planning, setup.planned), mode: planning } : undefined,
    reflectEvery: config.reflectEvery,
    nudge: config.nudge,
    context: models.budget,
  };
  return withOverrides(ctx, setup.overrides);
}

/** The context of one run on the remote agent of option `agui`, on `signal` (its tool overrides applied; a per-send model or prompt is the server's business). */
export function remoteRunContext(from: RunSources, signal: AbortSignal, setup: RunSetup, ahead: RunAhead): RemoteRunContext {
  const { config, state } = from;
  const ctx: RemoteRunContext = {
    ...runBase(from, signal),
    maxIterations: config.maxIterations ?? DEFAULT_MAX_ITERATIONS,
    agui: config.agui!,
    ...(setup.overrides?.forwardedProps ? { forwardedProps: setup.overrides.forwardedProps } : {}),
    remote: state.remote,
    appState: () => ahead.appState(),
    mayStart: () => ahead.mayStart(signal),
  };
  return withOverrides(ctx, setup.overrides?.tools ? { tools: setup.overrides.tools } : undefined);
}

/** What both kinds of run share, from the session's parts as they are now. */
function runBase(from: RunSources, signal: AbortSignal): RunBase {
  const { config, state, models } = from;
  const { subAgents } = config;
  return {
    history: state.history,
    registry: from.registry,
    policy: state.policy,
    gate: state.gate,
    approval: config.approval,
    signal,
    // The final event is held back until the thread is stored (see RunControl.start).
    emit: (e) => e.type !== 'final' && state.emit(e),
    changed: () => state.changed(),
    trustToolOutput: config.trustToolOutput === true,
    approvalTimeoutMs: config.approvalTimeoutMs,
    subAgents: subAgents ? new SubAgents(subAgents, { model: () => childModel(config, models), remote: from.remote, mayStart: (s) => mayStart(from.starts, { kind: 'model' }, s) }) : undefined,
    appState: async () => (await from.host.readContext?.()) ?? [],
    files: from.files,
  };
}

/** The sub-agents' model: `subAgents.model` when it names another, else the agent's own. */
function childModel(config: SessionConfig, models: ModelCache): Promise<ToolCallingModel> {
  const name = typeof config.subAgents === 'object' ? config.subAgents.model : undefined;
  return name && name !== config.model ? models.childModel(name) : models.model();
}
