// @ts-check
/**
 * Real server-agent frameworks behind AG-UI endpoints, for the AG-UI client's
 * tests: each is set up as its own docs say, with its model pointed at the
 * project's mock OpenAI endpoint (src/testing/mock-middleware.js), so each
 * run is scripted by the page. The page reaches them at
 * `/__agui/framework/<name>/<mock script id>/…` (same origin as the page) and
 * reads what each received at `…/log`.
 *
 * - `mastra`: a Mastra agent (`@mastra/core` 0.24.9, the newest whose engines
 *   allow Node 20: every 1.x asks for Node ≥ 22.13) through `@ag-ui/mastra`'s
 *   `MastraAgent`, served as the AG-UI docs serve an agent from Node: its
 *   events encoded with the official `@ag-ui/encoder`. Endpoint: `…/run`.
 * - `copilotkit`: CopilotKit's runtime (`@copilotkit/runtime` 1.75, the v2
 *   runtime) with its `BuiltInAgent`, served by the runtime's own Node
 *   listener at `…/agent/default/run` — the AG-UI endpoint CopilotKit's
 *   front end talks to.
 *
 * Both have the same server-side tool, `weather {city}`; CopilotKit's also has
 * `confirm_booking {restaurant}`, an interrupt tool (the run pauses with an
 * AG-UI 1.0 interrupt, and the human's answer is its result), and its
 * built-in state tools (`AGUISendStateSnapshot`, `AGUISendStateDelta`).
 */
import { EventEncoder } from '@ag-ui/encoder';
import { z } from 'zod';
import { finalize } from 'rxjs';

// CopilotKit's runtime reports usage unless told not to; these machines are offline and tests must not phone home.
process.env.COPILOTKIT_TELEMETRY_DISABLED = 'true';
process.env.MASTRA_TELEMETRY_DISABLED = 'true';

/** @typedef {{ input: any, closedEarly?: boolean, ended?: boolean, authorization?: string }} Received */
/** @typedef {{ handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, path: string): Promise<void>, log: Received[] }} Framework */

/** One framework per name and mock script (its model's URL names the script). @type {Map<string, Promise<Framework>>} */
const frameworks = new Map();

const weatherDescription = 'Current weather in a city';

/** The mock's model URL for script `mockId`, on the test server at `host`. @param {string} host @param {string} mockId */
const modelUrl = (host, mockId) => `${host}/__mock/${mockId}/v1`;

/** @param {import('node:http').IncomingMessage} req */
async function readJson(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : undefined;
}

/**
 * Serves an `AbstractAgent`'s run of `input` as an AG-UI event stream, encoded
 * with the official encoder; the client going away stops the run.
 * @param {{ run(input: any): import('rxjs').Observable<any> }} agent @param {any} input @param {Received} received
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
 */
function serveRun(agent, input, received, req, res) {
  const encoder = new EventEncoder({ accept: String(req.headers.accept ?? 'text/event-stream') });
  res.writeHead(200, { 'content-type': encoder.getContentType(), 'cache-control': 'no-cache' });
  return new Promise((resolve) => {
    const subscription = agent.run(input).subscribe({
      next: (event) => res.write(encoder.encodeBinary(event)),
      error: (err) => {
        res.end(encoder.encodeBinary(/** @type {any} */ ({ type: 'RUN_ERROR', message: err instanceof Error ? err.message : String(err) })));
        resolve(undefined);
      },
      complete: () => {
        res.end();
        resolve(undefined);
      },
    });
    res.on('close', () => {
      if (!res.writableEnded) received.closedEarly = true;
      subscription.unsubscribe();
      resolve(undefined);
    });
  });
}

/** Mastra, through `@ag-ui/mastra`. @param {string} url the model's base URL @returns {Promise<Framework>} */
async function mastra(url) {
  const [{ Agent }, { createTool }, { MastraAgent }] = await Promise.all([import('@mastra/core/agent'), import('@mastra/core/tools'), import('@ag-ui/mastra')]);
  const weather = createTool({
    id: 'weather',
    description: weatherDescription,
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ context }) => ({ city: context.city, temperature: 12, sky: 'cloudy' }),
  });
  const agent = new Agent({ name: 'helper', instructions: 'You help the user. Use the tools you are given.', model: { providerId: 'mock', modelId: 'mock-model', url, apiKey: 'mock-key' }, tools: { weather } });
  /** @type {Received[]} */
  const log = [];
  return {
    log,
    async handle(req, res) {
      const input = await readJson(req);
      /** @type {Received} */
      const received = { input, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) };
      log.push(received);
      // A fresh AG-UI agent per run, as a stateless endpoint has it.
      await serveRun(new MastraAgent({ agent, resourceId: 'pageloop-tests' }), input, received, req, res);
      received.ended = true;
    },
  };
}

/** CopilotKit's runtime with its BuiltInAgent. @param {string} url the model's base URL @param {string} basePath @returns {Promise<Framework>} */
async function copilotkit(url, basePath) {
  const [{ CopilotRuntime, BuiltInAgent, defineTool }, { createCopilotNodeListener }, { createOpenAI }] = await Promise.all([
    import('@copilotkit/runtime/v2'),
    import('@copilotkit/runtime/v2/node'),
    import('@ai-sdk/openai'),
  ]);
  /** @type {Received[]} */
  const log = [];
  // What each run received, as the runtime hands it to the agent (the runtime runs a clone of the agent per request).
  class RecordedAgent extends BuiltInAgent {
    /** @override */
    clone() {
      const cloned = super.clone();
      const run = cloned.run.bind(cloned);
      /** @param {any} input */
      cloned.run = (input) => {
        /** @type {Received} */
        const received = { input: structuredClone(input) };
        log.push(received);
        // `ended`: the server's run is over (the runtime runs on after its client goes, until the model is done).
        return run(input).pipe(finalize(() => (received.ended = true)));
      };
      return cloned;
    }
  }
  const model = createOpenAI({ baseURL: url, apiKey: 'mock-key' }).chat('mock-model');
  const agent = new RecordedAgent({
    model,
    maxSteps: 5,
    tools: [
      defineTool({ name: 'weather', description: weatherDescription, parameters: z.object({ city: z.string() }), execute: async ({ city }) => ({ city, temperature: 12, sky: 'cloudy' }) }),
      defineTool({ name: 'confirm_booking', description: 'Asks the user to confirm a booking before it is made', parameters: z.object({ restaurant: z.string() }), interrupt: true, interruptReason: 'booking_approval', interruptMessage: 'Book this table?' }),
    ],
  });
  const runtime = new CopilotRuntime({ agents: { default: agent } });
  const listener = createCopilotNodeListener({ runtime, basePath });
  return {
    log,
    handle(req, res) {
      // The run this request starts is the next one logged: marked when the client goes before its end.
      const n = log.length;
      res.on('close', () => {
        if (!res.writableEnded && log[n]) log[n].closedEarly = true;
      });
      return listener(req, res);
    },
  };
}

/**
 * Answers `/__agui/framework/<name>/<mockId>/<rest>` on the test server at `host`.
 * @param {string} name @param {string} mockId @param {string} host
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {boolean} isLog
 */
export async function frameworkRun(name, mockId, host, req, res, isLog) {
  const key = `${name}/${mockId}`;
  const basePath = `/__agui/framework/${key}`;
  let made = frameworks.get(key);
  if (!made) {
    if (name === 'mastra') made = mastra(modelUrl(host, mockId));
    else if (name === 'copilotkit') made = copilotkit(modelUrl(host, mockId), basePath);
    else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`no framework "${name}"`);
      return;
    }
    frameworks.set(key, made);
  }
  try {
    const framework = await made;
    if (isLog) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(framework.log));
      return;
    }
    await framework.handle(req, res, basePath);
  } catch (err) {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(`framework ${name} failed: ${err instanceof Error ? err.stack : String(err)}`);
  }
}
