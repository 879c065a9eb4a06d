/**
 * Runs test/components/csp/engine-app.ts in a page served under a strict
 * Content-Security-Policy (an iframe) and resolves with what it reported:
 * the run's final event and every engine status it saw.
 */
import type { EngineStatus, FinalEvent } from '../../../src/types.js';

/** What the CSP engine page reports. */
export interface CspEngineResult {
  kind: 'csp-engine-result';
  error?: string;
  final?: FinalEvent;
  statuses?: EngineStatus[];
  ms?: number;
}

/** Loads `src` in an iframe and waits for its report; the iframe is removed after. */
export function runCspEnginePage(src: string): Promise<CspEngineResult> {
  const iframe = document.createElement('iframe');
  const result = new Promise<CspEngineResult>((resolve) => {
    const onMessage = (e: MessageEvent) => {
      if (e.source === iframe.contentWindow && (e.data as CspEngineResult)?.kind === 'csp-engine-result') {
        window.removeEventListener('message', onMessage);
        iframe.remove();
        resolve(e.data as CspEngineResult);
      }
    };
    window.addEventListener('message', onMessage);
  });
  iframe.src = src;
  document.body.append(iframe);
  return result;
}

/** The engine's error status in a report, if it reached one. */
export function engineError(r: CspEngineResult): Extract<EngineStatus, { state: 'error' }> | undefined {
  return r.statuses?.find((s): s is Extract<EngineStatus, { state: 'error' }> => s.state === 'error');
}
