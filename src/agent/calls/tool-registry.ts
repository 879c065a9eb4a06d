/**
 * The tools of one agent, as the loop reaches them: page tools through the
 * page host (a Comlink proxy in the worker), worker tools built here from
 * their specs. Names chosen by the model are looked up as own properties only.
 */
import { errorMessage } from '../../errors.js';
import type { ModelTool } from '../../model/loop-door.js';
import type { WorkerTool, WorkerToolEnv, WorkerToolFactory } from '../../worker-tools/worker-tool.js';
import { abortable } from '../../abortable.js';
import { outOfBounds } from '../../json-bounds.js';
import { mayStart } from './start-gate.js';
import { DISPATCH_TOOL_NAME } from './builtin-tools.js';
import type { PreparedCall, ToolDescriptor, ToolOutcome } from '../../protocol/agent.js';
import type { ApprovalPolicy, ToolRule } from './approval-policy.js';
import type { ToolHost } from '../session-types.js';

/** One registered tool: its descriptor and, for worker tools, the tool itself. */
interface Entry {
  descriptor: ToolDescriptor;
  local?: WorkerTool;
}

/** The agent's tools by name; worker tools built from their specs, page tools reached through the host. */
export class ToolRegistry {
  #entries: Record<string, Entry> = Object.create(null);
  readonly #page: ToolHost;
  readonly #factories: Readonly<Record<string, WorkerToolFactory>>;
  readonly #env: WorkerToolEnv;
  /** Awaited before a tool starts: the session makes the call's `tool-start` durable first, so a reload knows it may have run. */
  readonly #beforeRun: (() => Promise<void>) | undefined;
  /** Asked before a worker tool starts (start-gate.ts); the page host's own gate when not given. */
  readonly #starts: Pick<ToolHost, 'mayStart'>;

  constructor(page: ToolHost, factories: Readonly<Record<string, WorkerToolFactory>> = {}, env: WorkerToolEnv = { service: () => undefined }, beforeRun?: () => Promise<void>, starts: Pick<ToolHost, 'mayStart'> = page) {
    this.#page = page;
    this.#factories = factories;
    this.#env = env;
    this.#beforeRun = beforeRun;
    this.#starts = starts;
  }

  /** Replaces the tools. Worker tools are built from their specs now, so a bad spec fails here. */
  set(descriptors: readonly ToolDescriptor[]): void {
    const entries: Record<string, Entry> = Object.create(null);
    const built = new Map<string, WorkerTool[]>();
    for (const descriptor of descriptors) {
      if (Object.hasOwn(entries, descriptor.name)) throw new TypeError(`Two tools are named "${descriptor.name}".`);
      const entry: Entry = { descriptor };
      if (descriptor.kind === 'worker') entry.local = this.#buildWorkerTool(descriptor, built);
      entries[descriptor.name] = entry;
    }
    this.#entries = entries;
  }

  #buildWorkerTool(descriptor: ToolDescriptor, built: Map<string, WorkerTool[]>): WorkerTool {
    const spec = descriptor.worker;
    const factory = spec && Object.hasOwn(this.#factories, spec.factory) ? this.#factories[spec.factory] : undefined;
    if (!spec || !factory) throw new TypeError(`Tool "${descriptor.name}" needs the worker tool "${spec?.factory}", which this worker does not have.`);
    // One spec may build several tools (memory_save and memory_search): build once per spec.
    const key = JSON.stringify(spec);
    let tools = built.get(key);
    if (!tools) built.set(key, (tools = factory(spec.options, this.#env)));
    const tool = tools.find((t) => t.name === descriptor.name);
    if (!tool) throw new TypeError(`The worker tool "${spec.factory}" does not make a tool named "${descriptor.name}".`);
    return tool;
  }

  /** A registry of only the tools named (for one run); the tools themselves are shared, not built again. */
  only(names: readonly string[]): ToolRegistry {
    const view = new ToolRegistry(this.#page, this.#factories, this.#env, undefined, this.#starts);
    for (const name of names) if (Object.hasOwn(this.#entries, name)) view.#entries[name] = this.#entries[name]!;
    return view;
  }

  /**
   * The tools a sub-agent may use: those marked `readOnly` that never need
   * approval (a read-only tool that asks for approval is left out, since no
   * one answers a child's requests), plus the read-only form of a worker tool
   * that can also write (`worker.readOnlyOptions`: fetch's GET/HEAD-only
   * form), built here from its own spec so what it refuses is enforced by the tool.
   */
  readOnlyView(policy: ApprovalPolicy): ToolRegistry {
    const view = new ToolRegistry(this.#page, this.#factories, this.#env, undefined, this.#starts);
    const entries: Record<string, Entry> = Object.create(null);
    for (const [name, entry] of Object.entries(this.#entries)) {
      const d = entry.descriptor;
      if (policy.offersToSubAgents({ readOnly: d.readOnly, approval: this.rule(name).approval })) entries[name] = entry;
      else if (d.kind === 'worker' && d.worker?.readOnlyOptions !== undefined) {
        const spec = { factory: d.worker.factory, options: d.worker.readOnlyOptions };
        let local: WorkerTool;
        try {
          local = this.#buildWorkerTool({ ...d, worker: spec }, new Map());
        } catch {
          continue; // A read-only form that cannot be built is simply not offered.
        }
        if (local.needsApproval) continue;
        const descriptor: ToolDescriptor = { ...d, description: local.description, parameters: local.parameters, approval: 'never', readOnly: true, worker: spec };
        entries[name] = { descriptor, local };
      }
    }
    view.#entries = entries;
    return view;
  }

  /** The tool named `name`, if the agent has one (own properties only: `__proto__` is unknown). */
  get(name: string): ToolDescriptor | undefined {
    return Object.hasOwn(this.#entries, name) ? this.#entries[name]!.descriptor : undefined;
  }

  /** True when a call of `name` that a page died in may simply run again: a sub-agent (read-only) when the agent has them, or a tool the policy lets run again (`mayRunAgain`). */
  rerunnable(name: string, subAgents: boolean, mayRunAgain: (tool: ToolRule & Pick<ToolDescriptor, 'idempotent'>) => boolean): boolean {
    if (name === DISPATCH_TOOL_NAME) return subAgents;
    const tool = this.get(name);
    return tool !== undefined && mayRunAgain({ ...this.rule(name), idempotent: tool.idempotent });
  }

  /** Tool `name`'s approval rule, as the policy reads it: a worker tool built to need approval (fetch with writes) always does. */
  rule(name: string): ToolRule {
    const entry = this.#entries[name]!;
    return { name, approval: entry.local?.needsApproval ? 'always' : entry.descriptor.approval };
  }

  /** True when tool `name`'s results carry outside content (`untrustedOutput`), to be marked for the model. */
  untrusted(name: string): boolean {
    if (!Object.hasOwn(this.#entries, name)) return false;
    const entry = this.#entries[name]!;
    return entry.descriptor.untrustedOutput === true || entry.local?.untrustedOutput === true;
  }

  names(): string[] {
    return Object.keys(this.#entries);
  }

  /** The tools as offered to the model (not those only an MCP App may call). */
  modelTools(): ModelTool[] {
    return Object.values(this.#entries)
      .filter(({ descriptor: d }) => !d.modelHidden)
      .map(({ descriptor: d }) => ({ name: d.name, description: d.description, parameters: d.parameters }));
  }

  /** Checks a call's arguments where the tool's schema is (a page tool's on the page, which also evaluates its rule when it is a function). */
  async check(name: string, args: unknown): Promise<PreparedCall> {
    const entry = this.#entries[name]!;
    if (!entry.local) return this.#page.checkTool(name, args);
    let checked: Awaited<ReturnType<WorkerTool['validate']>>;
    try {
      checked = await entry.local.validate(args);
    } catch (err) {
      // A validator that breaks on these arguments answers this call, not the run.
      return { status: 'invalid', error: `The arguments of tool "${name}" could not be checked: ${errorMessage(err)}` };
    }
    if (!checked.ok) return { status: 'invalid', error: checked.error };
    return { status: 'ready', args: checked.value, needsApproval: entry.local.needsApproval };
  }

  /**
   * Runs a call (`checked`: its arguments passed the tool's schema already);
   * settles as cancelled as soon as `signal` fires, without waiting for a
   * tool that ignores it.
   */
  run(name: string, args: unknown, callId: string, signal: AbortSignal, checked = false): Promise<ToolOutcome> {
    const entry = this.#entries[name]!;
    const cancelled: ToolOutcome = { status: 'cancelled', error: 'The run was cancelled before this call finished.' };
    if (signal.aborted) return Promise.resolve(cancelled);
    const start = (): Promise<ToolOutcome> => (signal.aborted ? Promise.resolve(cancelled) : entry.local ? this.#runLocal(entry.local, args, callId, signal, checked) : this.#page.runTool(name, args, callId, checked));
    const running = (this.#beforeRun ? this.#beforeRun().then(start) : start()).catch(
      (err: unknown): ToolOutcome => ({ status: 'error', error: errorMessage(err) }),
    );
    return abortable(running, signal, () => {
      if (!entry.local) void this.#page.abortTool(callId);
      return cancelled;
    });
  }

  async #runLocal(tool: WorkerTool, args: unknown, callId: string, signal: AbortSignal, valid: boolean): Promise<ToolOutcome> {
    let checked: Awaited<ReturnType<WorkerTool['validate']>>;
    try {
      checked = valid ? { ok: true as const, value: args } : await tool.validate(args);
    } catch (err) {
      return { status: 'invalid', error: `The arguments of tool "${tool.name}" could not be checked: ${errorMessage(err)}` };
    }
    if (!checked.ok) return { status: 'invalid', error: checked.error };
    // The page may have cancelled the run before this worker heard of it.
    if (!(await mayStart(this.#starts, { kind: 'tool', name: tool.name, callId }, signal))) {
      return { status: 'cancelled', error: 'The run was cancelled before this call started.' };
    }
    try {
      const result = await tool.execute(checked.value, { signal, callId });
      // Measured before it goes into an event (and across the worker) or the history.
      const why = outOfBounds(result);
      if (why !== undefined) return { status: 'error', error: `Tool "${tool.name}" returned a result that cannot be passed on: ${why}.` };
      return { status: 'ok', result };
    } catch (err) {
      return signal.aborted ? { status: 'cancelled', error: 'Cancelled.' } : { status: 'error', error: errorMessage(err) };
    }
  }
}
