/** The words of the log's quiet mark where the history sent to the model was shortened (a `context` event). */
import type { ContextEvent } from '../../src/types.js';
import { formatCount } from '../format/index.js';

/** What the quiet context mark says. */
export function contextText(e: ContextEvent): string {
  const tokens = `${formatCount(e.before)} → ${formatCount(e.after)} tokens of ${formatCount(e.contextTokens)}`;
  const earlier = e.messages === 1 ? '1 earlier message' : `${e.messages} earlier messages`;
  switch (e.action) {
    case 'folded':
      return `${earlier} folded into a summary to fit the model's context (${tokens}).`;
    case 'dropped':
      return `${earlier} left out to fit the model's context; the summary could not be made (${tokens}).`;
    case 'cut':
      if (e.callId === undefined) return `This message is too long for the model's context: its middle was left out of what was sent (${formatCount(e.before)} → ${formatCount(e.after)} tokens of ${formatCount(e.contextTokens)}); the whole message is kept here.`;
      return `A long tool result was cut to fit the model's context (${formatCount(e.before)} → ${formatCount(e.after)} tokens); the model can read on.`;
  }
}
