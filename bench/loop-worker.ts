/**
 * The loop benchmark's worker: the real agent worker, with one addition —
 * every page tool call is timed here, around the Comlink call to the page,
 * so the figure is exactly worker → page → worker inside a running loop.
 */
import * as Comlink from 'comlink';
import { AgentWorker } from '../src/worker/agent-worker.js';
import type { PageHost, ToolDescriptor, WorkerConfig } from '../src/protocol/agent.js';
import { timedHost } from './timed-host.js';
import { crossErrors } from '../src/errors.js';

class TimedAgentWorker extends AgentWorker {
  override init(config: WorkerConfig, tools: ToolDescriptor[], host: PageHost): Promise<void> {
    return super.init(config, tools, timedHost(host));
  }
}

crossErrors();
Comlink.expose(new TimedAgentWorker());
