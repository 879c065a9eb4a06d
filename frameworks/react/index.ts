/**
 * `pageloop/react`: React helpers for pageloop, in their own entry so the
 * core never loads React (a peer dependency). `<AgentChat>`, `<AgentProvider>`,
 * `useAgent()`, `useAgentTool(definition, deps)`, `useAgentContext(name, value, description)`,
 * `reactA2uiComponent(Component)` (a React component in an A2UI catalog), and typed JSX for `<agent-chat>`.
 */
import './jsx.js';

export { AgentChat } from './agent-chat.js';
export { AgentProvider } from './agent-provider.js';
export { useAgent, useAgentContext, useAgentTool } from './hooks.js';
export { reactA2uiComponent } from './a2ui-component.js';
export type { AgentChatProps } from './agent-chat.js';
export type { AgentProviderProps } from './agent-provider.js';
export type { ReactJsonToolDefinition, ReactToolDefinition } from './hooks.js';
export type { AgentChatJsxProps } from './jsx.js';
