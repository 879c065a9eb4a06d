/**
 * How `<agent-chat>`'s attributes and properties become `createAgent`
 * options. Attributes arrive as strings the user typed, so each number is
 * checked (finite, positive where only that makes sense) and a setting that
 * is absent or unusable is left out, letting the agent's default apply.
 */
import type { AgentOptions, EngineOptions, Tool, ToolFormat, ToolProtocol, WorkflowTemplate } from '../src/types.js';

/** The element's settings that map to agent options, as its properties hold them. */
export interface ElementSettings {
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  systemPrompt?: string;
  maxIterations?: number;
  contextTokens?: number;
  approval?: 'ask' | 'auto';
  toolProtocol?: ToolProtocol;
  toolFormat?: ToolFormat;
  approvalTimeoutMs?: number;
  planning?: boolean | 'first';
  reflectEvery?: number;
  subAgents?: boolean;
  nudge?: boolean;
  thread?: string;
  timeoutMs?: number;
  idleTimeoutMs?: number;
  maxRetryWaitMs?: number;
  trustToolOutput: boolean;
  modelModule?: string;
  tools: Tool[];
  workflows?: Record<string, WorkflowTemplate>;
}

/** The agent options `settings` say now; `engine` is the in-page engine, if any. */
export function elementOptions(s: ElementSettings, engine: EngineOptions | undefined): AgentOptions {
  const options: AgentOptions = { baseURL: s.baseUrl ?? '', model: s.model ?? '', tools: s.tools };
  if (s.apiKey) options.apiKey = s.apiKey;
  if (s.systemPrompt) options.systemPrompt = s.systemPrompt;
  if (s.maxIterations !== undefined && Number.isFinite(s.maxIterations)) options.maxIterations = s.maxIterations;
  if (s.contextTokens !== undefined && Number.isFinite(s.contextTokens)) options.contextTokens = s.contextTokens;
  if (s.approval === 'ask' || s.approval === 'auto') options.approval = s.approval;
  if (s.toolProtocol) options.toolProtocol = s.toolProtocol;
  if (s.toolFormat) options.toolFormat = s.toolFormat;
  if (s.planning === true || s.planning === false || s.planning === 'first') options.planning = s.planning;
  if (s.reflectEvery !== undefined && Number.isInteger(s.reflectEvery) && s.reflectEvery >= 1) options.reflectEvery = s.reflectEvery;
  if (s.subAgents) options.subAgents = true;
  if (s.nudge === true || s.nudge === false) options.nudge = s.nudge;
  if (s.thread) options.thread = s.thread;
  if (s.modelModule) options.modelModule = s.modelModule;
  for (const key of ['approvalTimeoutMs', 'timeoutMs', 'idleTimeoutMs', 'maxRetryWaitMs'] as const) {
    const ms = s[key];
    if (ms !== undefined && Number.isFinite(ms) && ms > 0) options[key] = ms;
  }
  if (s.trustToolOutput) options.trustToolOutput = true;
  if (engine) options.engine = engine;
  if (s.workflows) options.workflows = s.workflows;
  return options;
}
