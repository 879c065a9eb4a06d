// @ts-check
/**
 * The eval's page (browser side): runs one case through the real loop — the
 * library as it ships (`./lib/agent-chat.js`, the standalone bundle), its
 * worker, the model layer — with the case's tools built on this page, and
 * records what happened for the Node side (runner.js) to score.
 *
 * Invariant: every run ends in a record, whatever the model does: a run that
 * errs, loops or outlasts `timeoutMs` (then cancelled) is recorded with why,
 * and the agent is cleared before the next case, so no case sees another's
 * history. One agent per target per page: an in-page engine loads its model once.
 */

/** @typedef {import('../../types.js').AgentEvent} AgentEvent */
/** @typedef {import('../../types.js').Agent} Agent */
/** @typedef {import('../eval-types.js').EvalTool} EvalTool */
/** @typedef {import('../eval-types.js').EvalJob} EvalJob */
/** @typedef {import('../eval-types.js').RunRecord} RunRecord */

const lib = /** @type {typeof import('../../index.js')} */ (await import(new URL('./lib/agent-chat.js', location.href).href));

/** @type {Map<string, Agent>} */
const agents = new Map();

/**
 * @param {EvalJob['target']} target
 * @returns {Agent}
 */
function agentFor(target) {
  let agent = agents.get(target.name);
  if (!agent) {
    const options = /** @type {any} */ ({ ...target.options, approval: 'auto' });
    if (options.engine && typeof options.engine.gguf === 'string') options.engine = { ...options.engine, gguf: new URL(options.engine.gguf, location.href).href };
    agent = lib.createAgent(options);
    agents.set(target.name, agent);
  }
  return agent;
}

/**
 * A case's tool as the page builds it: its canned result, its body run here, or its error.
 * @param {EvalTool} tool
 */
function buildTool(tool) {
  const AsyncFunction = /** @type {new (...args: string[]) => (args: unknown) => Promise<unknown>} */ (Object.getPrototypeOf(async () => {}).constructor);
  const body = tool.body === undefined ? undefined : new AsyncFunction('args', tool.body);
  return lib.defineTool({
    name: tool.name,
    description: tool.description ?? tool.name,
    parameters: /** @type {any} */ (tool.parameters ?? { type: 'object', properties: {}, additionalProperties: true }),
    needsApproval: tool.needsApproval ?? false,
    execute: async (/** @type {unknown} */ args) => {
      if (tool.error !== undefined) throw new Error(tool.error);
      if (body) return body(args);
      return tool.result === undefined ? { ok: true } : structuredClone(tool.result);
    },
  });
}

/**
 * Runs `job` and resolves with its record.
 * @param {EvalJob} job
 * @returns {Promise<RunRecord>}
 */
async function run(job) {
  const agent = agentFor(job.target);
  // The worker's start-up is the page's, not the model's: it stays out of the latencies.
  await agent.ready;
  await agent.clear();
  agent.setTools(job.evalCase.tools.map(buildTool));
  agent.configure({ systemPrompt: job.evalCase.system ?? '', ...(job.evalCase.maxIterations ? { maxIterations: job.evalCase.maxIterations } : {}) });
  /** @type {RunRecord} */
  const record = { calls: [], builtinCalls: [], answer: '', finalReason: 'error', errors: [], replies: [], retries: 0, modelCalls: 0, tokens: { prompt: 0, completion: 0 }, firstTokenMs: null, totalMs: 0 };
  const engineBefore = agent.engine.status().state;
  const started = performance.now();
  const timer = setTimeout(() => {
    record.errors.push({ code: 'timeout', message: `the case took longer than ${job.timeoutMs} ms and was cancelled` });
    agent.cancel();
  }, job.timeoutMs);
  try {
    for (const turn of job.evalCase.turns) {
      for await (const event of agent.send(turn)) {
        note(record, event, started);
        if (event.type === 'final') {
          record.answer = event.text;
          record.finalReason = event.reason;
        }
      }
      if (record.finalReason === 'error' || record.finalReason === 'cancelled') break;
    }
  } catch (err) {
    record.errors.push({ code: 'page', message: err instanceof Error ? err.message : String(err) });
  } finally {
    clearTimeout(timer);
  }
  record.totalMs = performance.now() - started;
  const engine = agent.engine.status();
  if (engineBefore !== 'ready' && engine.state === 'ready') record.loadMs = engine.loadMs;
  return record;
}

/**
 * Adds one event to the record.
 * @param {RunRecord} record @param {AgentEvent} event @param {number} started
 */
function note(record, event, started) {
  const output = event.type === 'text' || event.type === 'thinking' || event.type === 'tool-call-delta' || event.type === 'tool-call';
  if (output && record.firstTokenMs === null) record.firstTokenMs = performance.now() - started;
  switch (event.type) {
    case 'iteration':
      record.modelCalls += 1;
      break;
    case 'tool-call':
      if (event.builtin) record.builtinCalls.push(event.name);
      else record.calls.push({ name: event.name, args: event.args });
      break;
    case 'tool-result': {
      const call = event.builtin ? undefined : record.calls.findLast((c) => c.name === event.name && c.status === undefined);
      if (call) {
        call.status = event.status;
        if (event.error) call.error = event.error;
      }
      break;
    }
    case 'reply-read':
      record.replies.push({ protocol: event.protocol, ...(event.format ? { format: event.format } : {}), repairs: event.repairs, quirks: event.quirks });
      break;
    case 'retry':
      record.retries += 1;
      break;
    case 'usage':
      record.tokens.prompt += event.promptTokens;
      record.tokens.completion += event.completionTokens;
      break;
    case 'error':
      record.errors.push({ ...(event.code ? { code: event.code } : {}), message: event.message });
      break;
  }
}

/**
 * Loads an in-page engine's model before any case runs, so no case's latency
 * carries the load: one short reply, then the history cleared. Resolves with
 * how long the load took (the engine's `loadMs`).
 * @param {EvalJob['target']} target
 * @returns {Promise<number | undefined>}
 */
async function warmUp(target) {
  const agent = agentFor(target);
  await agent.ready;
  await agent.send('hello').done;
  await agent.clear();
  const status = agent.engine.status();
  if (status.state === 'error') throw new Error(`the in-page engine failed to load: ${status.message}`);
  return status.state === 'ready' ? status.loadMs : undefined;
}

/** @type {any} */ (globalThis).__pageloopEval = { run, warmUp, ready: true };

export {};
