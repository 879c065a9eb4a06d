/**
 * The page's `agent.mcp`: each method one call to the worker, where the
 * connections live. Arguments are checked here, so a wrong call fails with a
 * `TypeError` at the call site instead of a round trip later.
 */
import type { AgentMcp, McpElicitationAnswer, McpResource } from '../mcp-types.js';
import type { AgentWorkerCall } from '../protocol/agent.js';

function name(method: string, what: string, value: unknown): void {
  if (typeof value !== 'string' || value === '') throw new TypeError(`mcp.${method} needs ${what} as a non-empty string.`);
}

/**
 * The `mcp` of an agent reached through `call`. `admit` marks an MCP App's
 * call as one from outside any run (the page's tool host), so answering its
 * approval is not taken for resuming an interrupted run; `done` forgets it.
 */
export function mcpClient(call: AgentWorkerCall, admit: (callId: string) => { done(): void } = () => ({ done: () => {} })): AgentMcp {
  return {
    status: () => call((remote) => remote.mcp.status()),
    reconnect: (server: string) => {
      name('reconnect(server)', 'the server name', server);
      return call((remote) => remote.mcp.reconnect(server));
    },
    prompts: () => call((remote) => remote.mcp.prompts()),
    getPrompt: (server: string, prompt: string, args?: Record<string, string>) => {
      name('getPrompt(server, name, args)', 'the server name', server);
      name('getPrompt(server, name, args)', 'the prompt name', prompt);
      if (args !== undefined && (typeof args !== 'object' || args === null || !Object.values(args).every((v) => typeof v === 'string'))) {
        throw new TypeError('mcp.getPrompt(server, name, args) needs args as an object of strings.');
      }
      return call((remote) => remote.mcp.getPrompt(server, prompt, args));
    },
    resources: (server?: string): Promise<McpResource[]> => {
      if (server !== undefined) name('resources(server)', 'the server name', server);
      return call((remote) => remote.mcp.resources(server));
    },
    signOut: (server: string) => {
      name('signOut(server)', 'the server name', server);
      return call((remote) => remote.mcp.signOut(server));
    },
    answerElicitation: (id: string, answer: McpElicitationAnswer) => {
      name('answerElicitation(id, answer)', 'the question id', id);
      if (typeof answer !== 'object' || answer === null || !['accept', 'decline', 'cancel'].includes(answer.action)) {
        throw new TypeError("mcp.answerElicitation(id, answer) needs answer.action: 'accept', 'decline' or 'cancel'.");
      }
      if (answer.content !== undefined && (typeof answer.content !== 'object' || answer.content === null || Array.isArray(answer.content))) {
        throw new TypeError('mcp.answerElicitation(id, answer) needs answer.content as an object of field values.');
      }
      return call((remote) => remote.mcp.answerElicitation(id, answer));
    },
    appResource: (server: string, uri: string) => {
      name('appResource(server, uri)', 'the server name', server);
      name('appResource(server, uri)', 'the resource URI', uri);
      return call((remote) => remote.mcp.appResource(server, uri));
    },
    callAppTool: (server: string, tool: string, args: Record<string, unknown>) => {
      name('callAppTool(server, name, args)', 'the server name', server);
      name('callAppTool(server, name, args)', 'the tool name', tool);
      if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new TypeError('mcp.callAppTool(server, name, args) needs args as an object.');
      const callId = `app-${crypto.randomUUID()}`;
      const admitted = admit(callId);
      return call((remote) => remote.mcp.callAppTool(server, tool, args, callId)).finally(() => admitted.done());
    },
    readResource: (server: string, uri: string) => {
      name('readResource(server, uri)', 'the server name', server);
      name('readResource(server, uri)', 'the resource URI', uri);
      return call((remote) => remote.mcp.readResource(server, uri));
    },
  };
}
