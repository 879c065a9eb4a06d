/** Everything that crosses between the page and the workers: types only. */
export type { AgentWorkerApi, AgentWorkerCall, AgentWorkerEntry, ApprovalAsk, ApprovalMode, AskAnswer, AttachmentsApi, DoctorApi, PageHost, ToolOutcome, PreparedCall, ThreadsApi, ToolDescriptor, WorkerConfig } from './agent.js';
export type { MemoryWorkerApi } from './memory.js';
export type { ErrorCode, WireError } from '../error-codes.js';
