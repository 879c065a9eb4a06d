/**
 * Every message `<agent-chat>` shows, by id: the rooms' English tables
 * together, as a type. It is `labels`' type (an app words any message its
 * own way); the catalogs' check (test/components/i18n/catalogs.test.ts)
 * holds the same list of tables as values.
 */
import type { LabelsOf } from './i18n/index.js';
import type { ApprovalWords } from './approvals/index.js';
import type { AttachmentTrayWords, AttachmentWords } from './attachments/index.js';
import type { CommandWords, ComposerWords } from './composer/index.js';
import type { ConversationWords } from './conversation/index.js';
import type { ToolCardWords } from './tool-cards/index.js';
import type { AgentTraceWords, TraceWords } from './trace/index.js';
import type { DoctorWords } from './doctor/index.js';
import type { McpWords } from './mcp/index.js';
import type { ThreadWords } from './threads/index.js';
import type { PreviewWords } from './approvals/index.js';
import type { TooLongWords } from './composer/index.js';
import type { A2uiWords } from './a2ui/index.js';
import type { ActivityWords } from './activity/index.js';
import type { UndoWords } from './tool-cards/index.js';
import type { ErrorWords, NoticeWords, PlanWords, ReportedNoticeWords, SubAgentWords } from './conversation/index.js';
import type { TabWords } from './threads/index.js';
import type { EngineWords } from './engine-progress-words.js';
import type { DiagnosisLines } from '../src/diagnosis-lines.js';

/** Every message of the element, by id. */
export type ElementWords = ConversationWords & ComposerWords & ApprovalWords & ToolCardWords & AttachmentWords & AttachmentTrayWords & TraceWords
  & AgentTraceWords & DoctorWords & ThreadWords & McpWords & CommandWords & PlanWords & SubAgentWords & EngineWords & UndoWords & PreviewWords
  & TooLongWords & A2uiWords & ActivityWords & ErrorWords & NoticeWords & ReportedNoticeWords & TabWords
  & DiagnosisLines;

/** `<agent-chat>`'s `labels`: any message by id, as a text or (for a message with parameters) a function of them. */
export type AgentChatLabels = LabelsOf<ElementWords>;
