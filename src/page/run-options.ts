/**
 * The page's checks of what a caller hands `send(text, options)` and
 * `runWorkflow` (the workflows themselves are checked with the other options,
 * src/option-checks.ts): thrown at the call, to the
 * caller, so a misspelt tool or workflow never reaches the worker and nothing
 * is sent. Tool names are checked against the agent's tools at the time of
 * the call (`setTools` may change them after `createAgent`).
 */
import type { AttachmentInput, SendOptions, WorkflowRunOptions, WorkflowTemplate } from '../types.js';
import { PageloopError } from '../errors.js';
import { outOfBounds } from '../json-bounds.js';

const SEND_KEYS = ['model', 'systemPrompt', 'tools', 'maxIterations', 'toolChoice', 'attachments', 'forwardedProps'] as const;

/** A copy of `options` with only the keys `send` knows; throws a TypeError naming what is wrong. */
export function checkSendOptions(options: unknown, toolNames: readonly string[], where = 'send(text, options)'): SendOptions | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null) throw new TypeError(`${where}: options must be an object.`);
  const o = options as Record<string, unknown>;
  const unknown = Object.keys(o).filter((key) => !(SEND_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) throw new TypeError(`${where}: unknown option ${unknown.map((k) => `"${k}"`).join(', ')}; known: ${SEND_KEYS.join(', ')}.`);
  const checked: SendOptions = {};
  if (o.model !== undefined) {
    if (typeof o.model !== 'string' || o.model === '') throw new TypeError(`${where}: model must be a model name.`);
    checked.model = o.model;
  }
  if (o.systemPrompt !== undefined) {
    if (typeof o.systemPrompt !== 'string') throw new TypeError(`${where}: systemPrompt must be a string.`);
    checked.systemPrompt = o.systemPrompt;
  }
  if (o.maxIterations !== undefined) {
    if (!Number.isInteger(o.maxIterations) || (o.maxIterations as number) < 1) throw new TypeError(`${where}: maxIterations must be a whole number of at least 1.`);
    checked.maxIterations = o.maxIterations as number;
  }
  if (o.tools !== undefined) checked.tools = checkToolNames(o.tools, toolNames, `${where}: tools`);
  if (o.attachments !== undefined) checked.attachments = checkAttachmentInputs(o.attachments, `${where}: attachments`);
  if (o.forwardedProps !== undefined) {
    const why = typeof o.forwardedProps === 'object' && o.forwardedProps !== null && !Array.isArray(o.forwardedProps) ? outOfBounds(o.forwardedProps) : 'it is not an object';
    if (why !== undefined) throw new TypeError(`${where}: forwardedProps must be an object with a JSON form (it is sent to the AG-UI server as it is): ${why}.`);
    checked.forwardedProps = o.forwardedProps as Record<string, unknown>;
  }
  if (o.toolChoice !== undefined) {
    const choice = o.toolChoice;
    if (choice === 'auto' || choice === 'none' || choice === 'required') checked.toolChoice = choice;
    else if (typeof choice === 'object' && choice !== null && typeof (choice as { name?: unknown }).name === 'string') {
      const name = (choice as { name: string }).name;
      const offered = checked.tools ?? toolNames;
      // Built-ins (task_complete…) are the worker's to check: they are always offered.
      if (toolNames.includes(name) && !offered.includes(name)) throw new TypeError(`${where}: toolChoice names "${name}", which options.tools leaves out.`);
      checked.toolChoice = { name };
    } else {
      throw new TypeError(`${where}: toolChoice must be "auto", "none", "required" or { name: "a tool" }.`);
    }
  }
  return checked;
}

/** `runWorkflow`'s options: as `send`'s, without `tools` (the template names them). */
export function checkWorkflowRunOptions(options: unknown, toolNames: readonly string[]): WorkflowRunOptions | undefined {
  if (typeof options === 'object' && options !== null && 'tools' in options) {
    throw new TypeError('runWorkflow(name, input, options): options.tools is not taken; a workflow names its tools in its template.');
  }
  return checkSendOptions(options, toolNames, 'runWorkflow(name, input, options)');
}

/** The shape of each input (its size, type and contents are the worker's to check, against the agent's `attachments` limits). */
export function checkAttachmentInputs(value: unknown, where: string): AttachmentInput[] {
  const shape = 'a File, a Blob or { name, type, data } (data: text, bytes or a Blob)';
  if (!Array.isArray(value)) throw new TypeError(`${where} must be an array; each item ${shape}.`);
  value.forEach((item: unknown, i) => {
    if (item instanceof Blob) return;
    const o = item as { name?: unknown; type?: unknown; data?: unknown } | null;
    const data = o?.data;
    const ok = typeof o === 'object' && o !== null && typeof o.name === 'string' && o.name !== '' && typeof o.type === 'string' &&
      (typeof data === 'string' || data instanceof Blob || data instanceof ArrayBuffer || ArrayBuffer.isView(data));
    if (!ok) throw new TypeError(`${where}[${i}] must be ${shape}.`);
  });
  return [...(value as AttachmentInput[])];
}

function checkToolNames(value: unknown, toolNames: readonly string[], where: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new TypeError(`${where} must be an array of tool names.`);
  const missing = value.filter((name) => !toolNames.includes(name));
  if (missing.length > 0) throw new TypeError(`${where}: the agent has no tool ${missing.map((n) => `"${n}"`).join(', ')}; it has: ${toolNames.join(', ') || 'none'}.`);
  return [...value];
}

/** Checks, when a workflow is started, that it exists and that the tools it names are the agent's. */
export function checkWorkflowStart(workflows: Readonly<Record<string, WorkflowTemplate>> | undefined, name: unknown, input: unknown, toolNames: readonly string[]): void {
  if (typeof name !== 'string') throw new TypeError('runWorkflow(name) needs the workflow\'s name.');
  if (input !== undefined && typeof input !== 'string') throw new TypeError('runWorkflow(name, input): input must be a string.');
  if (!workflows || !Object.hasOwn(workflows, name)) {
    const known = Object.keys(workflows ?? {});
    throw new PageloopError('unknown-workflow', `No workflow is named "${name}". ${known.length ? `Workflows: ${known.join(', ')}.` : 'This agent has no workflows.'}`);
  }
  const tools = workflows[name]!.tools;
  if (tools) checkToolNames(tools, toolNames, `Workflow "${name}": tools`);
}

