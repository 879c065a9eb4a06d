/** Everything that crosses between the page and the workers: types only. */
export type { AgentWorkerApi, ApprovalMode, PageHost, ToolOutcome, PreparedCall, ToolDescriptor, WorkerConfig } from './agent.js';
export type { MemoryWorkerApi } from './memory.js';
export type { ErrorCode, WireError } from './errors.js';
