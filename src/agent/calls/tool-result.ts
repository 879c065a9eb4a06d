/**
 * How tool outcomes read to the model: every call gets one `tool` message
 * whose text says what happened, so the model can adapt instead of the loop
 * throwing.
 */
import type { AgentEvent, Attachment, ToolResultStatus } from '../../types.js';
import { builtinMark } from './builtin-tools.js';

/** A settled tool call: what the page sees (event) and what the model reads (content). */
export interface SettledCall {
  callId: string;
  name: string;
  status: ToolResultStatus;
  result?: unknown;
  error?: string;
  /** The `tool` message content for the model. */
  content: string;
  /** The arguments it ran with, when the user edited them before approving. */
  editedArgs?: unknown;
  /** Files the tool returned (`toolResult`), kept with the thread. */
  attachments?: Attachment[];
}

/** A successful result as text: strings as they are, anything else as JSON. */
export function resultContent(result: unknown): string {
  if (typeof result === 'string') return result;
  if (result === undefined) return 'Done (the tool returned nothing).';
  try {
    return JSON.stringify(result) ?? String(result);
  } catch {
    return String(result);
  }
}

/** A call settled with `status`; `content` says so in the words the model reads. */
export function settled(callId: string, name: string, status: ToolResultStatus, value: { result?: unknown; error?: string }): SettledCall {
  switch (status) {
    case 'ok':
      return { callId, name, status, result: value.result, content: resultContent(value.result) };
    case 'denied':
      return { callId, name, status, error: value.error, content: `The user denied this call to "${name}".${value.error ? ` They said: ${value.error}` : ''} Do not retry it unchanged.` };
    case 'cancelled':
      return { callId, name, status, error: value.error, content: `Cancelled: ${value.error ?? 'the run was stopped before this call finished.'}` };
    case 'error':
      return { callId, name, status, error: value.error, content: `Error: ${value.error ?? 'the tool failed.'}` };
    case 'interrupted':
      return { callId, name, status, error: value.error, content: `Interrupted: ${value.error ?? 'the page was closed or reloaded while this call was running.'} It may or may not have taken effect; check before doing it again.` };
  }
}

/**
 * `result` of a call the user edited before approving: the model is told so,
 * since its own call in the history now reads with the edited arguments.
 */
export function withEditedArgs(result: SettledCall, args: unknown): SettledCall {
  return { ...result, editedArgs: args, content: `(The user edited this call's arguments before approving it; it ran with ${JSON.stringify(args)}.) ${result.content}` };
}

/** The `tool-result` event that tells the page how a call ended (built-in calls marked as such). */
export function resultEvent(call: SettledCall): AgentEvent {
  const { callId, name, status } = call;
  return status === 'ok'
    ? { type: 'tool-result', callId, name, status, result: call.result, ...builtinMark(name), ...(call.attachments ? { attachments: call.attachments } : {}) }
    : { type: 'tool-result', callId, name, status, error: call.error ?? '', ...builtinMark(name) };
}
