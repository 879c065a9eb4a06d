/**
 * The loop's view of its surroundings, in the protocol's own types (the loop
 * speaks them; nothing is copied field by field between the wire and the
 * loop): its settings, from the settings table, and the host that carries its
 * events out and runs the tools it cannot run itself — the page, or a test or
 * a benchmark hosting a session with no worker at all.
 */
import type { PageHost } from '../protocol/agent.js';
import type { SessionSettings } from '../settings.js';

/** What a session is configured with: the options the loop reads (src/settings.ts). */
export type SessionConfig = SessionSettings;

/**
 * Runs the tools whose powers live elsewhere (on the page), and reads the
 * app's state for each request (`readContext`, src/agent/app-context.ts).
 * `mayStart` (see start-gate.ts), `readContext` and the approval desk (`askApproval`, `settleAsks`) may be
 * absent: then everything may start, and approvals are answered through `AgentSession.respond` (a session
 * hosted with no page).
 */
export type ToolHost = Pick<PageHost, 'checkTool' | 'runTool' | 'abortTool'> & Partial<Pick<PageHost, 'mayStart' | 'readContext' | 'askApproval' | 'settleAsks'>>;

/** A session's surroundings: where its events (and, when the page listens, its finished spans) go, and its tool host. */
export type SessionHost = ToolHost & Pick<PageHost, 'emit'> & Partial<Pick<PageHost, 'spans' | 'undoTool'>>;
