/**
 * Registers `<agent-trace>` (`pageloop/agent-trace.js`). The one module of
 * the trace view whose import has a side effect; bundlers keep it because
 * package.json lists it in `sideEffects`.
 *
 * @example
 * import 'pageloop/agent-trace.js';
 * const view = document.createElement('agent-trace');
 * view.agent = agent;          // live, the latest run
 * // or: view.file = JSON.parse(exportedThread); or view.src = '/support/thread.json'
 * document.body.append(view);
 */
import { AgentTrace, registerAgentTrace } from './agent-trace-register.js';
import { Localizer } from '../i18n/index.js';

export { AgentTrace };

// Its own `locale` and `labels` (the element's chunk takes the i18n room as types only).
registerAgentTrace((host) => new Localizer(host));

declare global {
  interface HTMLElementTagNameMap {
    'agent-trace': AgentTrace;
  }
}
