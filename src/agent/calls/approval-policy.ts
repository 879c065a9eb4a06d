/**
 * Does this call need the user's approval? Decided here, once, for every path
 * that runs a tool: the model's calls (a turn of the loop, a resumed run, a
 * call the page died in), a browser agent's through WebMCP, an MCP App's own
 * calls, a sub-agent's. Every other place asks this module; none keeps a rule
 * of its own. Its table test (test/agent/approval-policy.test.ts) lists every
 * combination.
 *
 * What decides, in this order:
 * 1. The agent's mode, `approval`: 'ask' (DEFAULT_APPROVAL) or 'auto' (run
 *    everything, from anyone).
 * 2. The tool's own rule (`needsApproval`): never, always, or a function of
 *    the call's arguments, which only the page can evaluate ('dynamic': the
 *    decision is `check`, and `afterCheck` finishes it).
 * 3. "Always allow": the user allowed the tool for the rest of the thread.
 *    It covers the model's calls only — it was given on a card of the
 *    model's, and a page script or an MCP App is another caller — and it is
 *    suspended for a tool's next call once untrusted content (a fetched page,
 *    page text) entered the conversation: the user sees that call again.
 * 4. A call that was running when the page died is run again silently only
 *    when its tool is idempotent AND needs no approval: "it was approved
 *    before" is a claim of the stored thread, and a thread may come from a
 *    file (nothing in an imported file grants anything on this page).
 * 5. Preview and undo go through here too. A call's preview (`Tool.preview`,
 *    page code reading the page, never anything the model wrote) is shown
 *    only for a page tool's call the user is asked about: a call that runs
 *    unasked has nothing to preview. An undo is asked for by the user (a
 *    button, `agent.undo`), so it needs no approval whatever the mode, the
 *    tool's rule, "always allow" or untrusted content say: it runs when the
 *    tool can undo, is skipped when the tool only reads (nothing to take
 *    back), and is refused otherwise.
 *
 * Permissions are the only state: the tools allowed for good, which the
 * thread stores (never taken from an imported file: see thread-library.ts).
 */
import type { ApprovalMode, ToolDescriptor } from '../../protocol/agent.js';
import type { AgentOptions } from '../../types.js';

/** The agent's `approval` setting. */
export type ApprovalSetting = NonNullable<AgentOptions['approval']>;

/** The `approval` setting when the options give none. The one place the default is written. */
export const DEFAULT_APPROVAL: ApprovalSetting = 'ask';

/** Who asks for a call: the model, a browser agent (WebMCP), or an MCP App from its frame. */
export type Caller = 'model' | 'browser-agent' | 'mcp-app';

/** What to do with a call: run it, ask the user, or have the page evaluate the tool's rule first (`afterCheck`). */
export type Decision = 'run' | 'ask' | 'check';

/** What the policy reads of a tool: its name and its rule. */
export type ToolRule = Pick<ToolDescriptor, 'name' | 'approval'>;

/** What to do with an undo the user asked for: run the tool's `undo`, skip the call (its tool only reads), or refuse (its tool cannot undo). */
export type UndoDecision = 'run' | 'skip' | 'refuse';

/** What the policy reads of a tool for an undo. */
export type UndoRule = ToolRule & Pick<ToolDescriptor, 'undoable' | 'readOnly'>;

/** The mode in force: the setting, or the default. */
export function approvalMode(setting: ApprovalSetting | undefined): ApprovalSetting {
  return setting ?? DEFAULT_APPROVAL;
}

/** The one approval policy of a session: the decisions, and the tools the user allowed for good. */
export class ApprovalPolicy {
  readonly #allowed = new Set<string>();
  /** Tools allowed for good whose next call asks again: untrusted content came in since. */
  readonly #recheck = new Set<string>();
  /** Told when the user allowed a tool for good (the thread stores the list). */
  readonly #changed: () => void;

  constructor(changed: () => void = () => {}) {
    this.#changed = changed;
  }

  /** What to do with a call of `tool` from `caller` under mode `setting`. */
  decide(tool: ToolRule, caller: Caller, setting: ApprovalSetting | undefined): Decision {
    if (approvalMode(setting) === 'auto' || tool.approval === 'never') return 'run';
    if (caller === 'model' && this.allows(tool.name)) return 'run';
    return tool.approval === 'dynamic' ? 'check' : 'ask';
  }

  /** The decision for a `check`ed call, once the page evaluated the tool's rule with the call's arguments. */
  afterCheck(needsApproval: boolean): Exclude<Decision, 'check'> {
    return needsApproval ? 'ask' : 'run';
  }

  /** True when the page may show the preview of a call it was asked about (`decision`, after any check) — see 5. above. */
  previews(decision: Exclude<Decision, 'check'>, tool: Pick<ToolDescriptor, 'kind'>): boolean {
    return decision === 'ask' && tool.kind === 'page';
  }

  /** What to do with the user's undo of a finished call of `tool` — see 5. above: no approval, whoever's rule. */
  decideUndo(tool: UndoRule): UndoDecision {
    if (tool.undoable === true) return 'run';
    return tool.readOnly === true ? 'skip' : 'refuse';
  }

  /** True when a call the page died in while it ran may simply run again (see 4. above). */
  mayRunAgain(tool: ToolRule & Pick<ToolDescriptor, 'idempotent'>, setting: ApprovalSetting | undefined): boolean {
    return tool.idempotent === true && (approvalMode(setting) === 'auto' || tool.approval === 'never');
  }

  /** True when a sub-agent may be offered the tool: it only reads, and needs no approval (nobody answers a child's requests). */
  offersToSubAgents(tool: Pick<ToolDescriptor, 'readOnly'> & { approval: ApprovalMode }): boolean {
    return tool.readOnly === true && tool.approval === 'never';
  }

  /** True when the user allowed tool `name` for good and no untrusted content came in since. */
  allows(name: string): boolean {
    return this.#allowed.has(name) && !this.#recheck.has(name);
  }

  /** The user approved a call of `name`, for good when `always`: a suspended "always" holds again. */
  approved(name: string, always: boolean): void {
    this.#recheck.delete(name);
    if (!always || this.#allowed.has(name)) return;
    this.#allowed.add(name);
    this.#changed();
  }

  /** Untrusted content entered the conversation: every tool allowed for good asks once more. */
  distrust(): void {
    for (const name of this.#allowed) this.#recheck.add(name);
  }

  /** The tools allowed for good (stored with the thread). */
  get allowed(): string[] {
    return [...this.#allowed];
  }

  /** Allows tools for good again: a stored thread's own decisions. */
  allow(names: readonly string[]): void {
    for (const name of names) this.#allowed.add(name);
  }

  /** Takes back "always allow" for `name`; returns whether it was allowed. */
  revoke(name: string): boolean {
    this.#recheck.delete(name);
    return this.#allowed.delete(name);
  }
}
