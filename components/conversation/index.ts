/**
 * The conversation room's face: the log's view model (conversation-state.ts:
 * the reducer every event goes through, live or stored), the signal that
 * carries it and the agent's events to the element's controllers
 * (conversation-signal.ts), the messages, the run's status lines, the reply
 * renderers, the window a long log is drawn through (log-window.ts), and loaders for the pieces that are chunks of their own (the
 * plan, a sub-agent's work: lazy-pieces.ts). Everything exported here is
 * up front; the lazy pieces' types are exported as types only.
 */
export { initialConversation, prettyJson, reduceConversation, replayConversation, restoreConversation } from './conversation-state.js';
export { ConversationSignal } from './conversation-signal.js';
export { errorAction } from './error-action.js';
export { conversationSpeech, conversationWords } from './conversation-words.js';
export { loadPlanView, loadSubAgentView } from './lazy-pieces.js';
export { LOG_PAGE, LogWindow } from './log-window.js';
export { Expansions } from './long-text.js';
export { renderAssistantMessage, renderUserMessage } from './message-view.js';
export { ReplyRenderers } from './reply-renderers.js';
export { RetryCountdownSlot } from './retry-slot.js';
export { renderContextNote, renderContinue, renderNotice, renderErrorBanner, renderStatusBar, renderSuggestions } from './run-status.js';
export type * from './conversation-types.js';
export type { ConversationListener, ConversationSource } from './conversation-signal.js';
export type { SubAgentParts } from './sub-agent-view.js';
export type { ConversationSpeech, ConversationWords } from './conversation-words.js';
export type { PlanWords } from './plan-words.js';
export type { SubAgentWords } from './sub-agent-words.js';
export type { ErrorWords } from './error-words.js';
export type { NoticeWords } from './notice-words.js';
export type { ReportedNoticeWords, ReportedPhrase } from './reported-notice-words.js';
