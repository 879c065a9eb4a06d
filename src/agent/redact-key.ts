/**
 * The API key must never be stored: not in the thread (IndexedDB), not in
 * events the page may keep. Servers sometimes echo it in an error ("Invalid
 * API key: sk-…"), and that text becomes an `error` event and the final text,
 * both stored with the thread. So the session blanks the key out of every
 * event's text before it is recorded or sent.
 */
import type { AgentEvent } from '../types.js';

/** `event` with every occurrence of `key` in its text replaced by "[api key]"; keys shorter than 6 characters are left alone (they would blank ordinary words). */
export function withoutKey(event: AgentEvent, key: string | undefined): AgentEvent {
  if (!key || key.length < 6 || key === 'not-needed') return event;
  if (event.type === 'error' && event.message.includes(key)) return { ...event, message: event.message.split(key).join('[api key]') };
  if (event.type === 'final' && event.text.includes(key)) return { ...event, text: event.text.split(key).join('[api key]') };
  if (event.type === 'sub-agent') {
    const inner = withoutKey(event.event, key);
    return inner === event.event ? event : { ...event, event: inner };
  }
  return event;
}
