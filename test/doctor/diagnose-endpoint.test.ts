// The doctor against the mock endpoint answering as each server family does
// (its own routes and fields: llama.cpp /props, Ollama /api/show and /api/ps,
// vLLM max_model_len, LM Studio /api/v0/models), through the real agent
// worker: each checklist line and its fix, CORS told from a refused
// connection, and a cancel that closes the probe's connection.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import { mockEndpoint, type MockScript } from '../../src/testing/mock-endpoint.js';
import { chunk, textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { Agent, AgentOptions, Diagnosis, DiagnosisCheck } from '../../src/types.js';

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

const here = location.origin;
const other = here.includes('localhost') ? here.replace('localhost', '127.0.0.1') : here.replace('127.0.0.1', 'localhost');

async function diagnoseMock(script: Partial<MockScript>, options: Partial<AgentOptions> = {}, origin?: string): Promise<Diagnosis> {
  const mock = await mockEndpoint({ turns: [], ...script }, origin ? { origin } : {});
  const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', maxRetries: 0, ...options });
  agents.push(agent);
  return agent.diagnose();
}

function line(d: Diagnosis, id: string): DiagnosisCheck {
  const found = d.checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check "${id}" in ${d.checks.map((c) => c.id).join(', ')}`);
  return found;
}

const weatherCall = (usage = true) => toolCallTurn([{ name: 'get_weather', args: { city: 'Paris' } }], usage ? { usage: { prompt_tokens: 180, completion_tokens: 18 } } : {});

describe('agent.diagnose() against each server family', function () {
  this.timeout(30000);

  it('llama.cpp server: /props n_ctx, vision from modalities, a native call streamed in pieces with usage', async () => {
    const d = await diagnoseMock({ family: 'llama.cpp', contextLength: 16384, vision: true, turns: [weatherCall()] });
    expect(d.target).to.equal('endpoint');
    expect(d.family).to.equal('llama.cpp');
    expect(d.checks.map((c) => c.id)).to.deep.equal(['reachable', 'cors', 'server', 'models', 'context', 'tools', 'stream', 'first-token', 'vision']);
    expect(line(d, 'reachable')).to.include({ status: 'pass' });
    expect(line(d, 'cors').detail).to.match(/Same origin/);
    expect(line(d, 'server')).to.deep.include({ status: 'pass', detail: 'llama.cpp server (b6700-mock).' });
    expect(line(d, 'models').status).to.equal('pass');
    expect(line(d, 'context')).to.include({ status: 'pass' });
    expect(line(d, 'context').detail).to.match(/^16384 tokens \(llama-server \/props n_ctx/);
    expect(line(d, 'tools')).to.include({ status: 'pass' });
    expect(line(d, 'tools').detail).to.match(/^Native/);
    expect(line(d, 'stream').detail).to.match(/usage on a final chunk with no choices/).and.match(/arguments streamed in \d+ pieces/);
    expect(line(d, 'first-token').status).to.equal('pass');
    expect(line(d, 'vision').status).to.equal('pass');
    expect(d.checks.filter((c) => c.status === 'fail' || c.status === 'warn')).to.deep.equal([]);
  });

  it('sends one small probe: the trivial tool, max_tokens 64, streamed', async () => {
    const mock = await mockEndpoint({ family: 'llama.cpp', turns: [weatherCall()] });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model' });
    agents.push(agent);
    await agent.diagnose();
    const chats = (await mock.log()).filter((e) => e.path === '/v1/chat/completions');
    expect(chats).to.have.length(1);
    const body = chats[0]!.body as { max_tokens: number; tools: Array<{ function: { name: string } }>; stream: boolean };
    expect(body.max_tokens).to.equal(64);
    expect(body.stream).to.equal(true);
    expect(body.tools.map((t) => t.function.name)).to.deep.equal(['get_weather']);
  });

  it('probe: false sends no chat request and skips the lines it would have filled', async () => {
    const mock = await mockEndpoint({ family: 'llama.cpp', turns: [] });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model' });
    agents.push(agent);
    const d = await agent.diagnose({ probe: false });
    expect(['tools', 'stream', 'first-token'].map((id) => line(d, id).status)).to.deep.equal(['skip', 'skip', 'skip']);
    expect((await mock.log()).filter((e) => e.path === '/v1/chat/completions')).to.have.length(0);
  });

  it('llama.cpp without tool support: the refusal is named, with --jinja as the fix; a fail when toolProtocol is native', async () => {
    const auto = await diagnoseMock({ family: 'llama.cpp', noTools: true, contextLength: 8192 });
    expect(line(auto, 'tools')).to.include({ status: 'warn' });
    expect(line(auto, 'tools').detail).to.match(/refused native tools: "tools param requires --jinja flag/);
    expect(line(auto, 'tools').fix).to.match(/--jinja/).and.match(/text protocol/);
    expect(line(auto, 'stream').status).to.equal('skip');
    const native = await diagnoseMock({ family: 'llama.cpp', noTools: true, contextLength: 8192 }, { toolProtocol: 'native' });
    expect(line(native, 'tools').status).to.equal('fail');
    expect(line(native, 'tools').fix).to.match(/--jinja/);
  });

  it('a window the agent cannot work in (under 1024 tokens) fails, where one under 8192 only warns', async () => {
    const tiny = await diagnoseMock({ family: 'llama.cpp', contextLength: 512, turns: [weatherCall()] });
    expect(line(tiny, 'context')).to.deep.include({ status: 'fail', fix: 'Restart llama-server with a bigger window: -c 16384 (each of --parallel N slots gets -c/N).' });
    expect(line(tiny, 'context').detail).to.match(/^512 tokens \(llama-server \/props n_ctx.*: too small for the agent/);
    const small = await diagnoseMock({ family: 'llama.cpp', contextLength: 1024, turns: [weatherCall()] });
    expect(line(small, 'context').status).to.equal('warn');
  });

  it("llama.cpp serves its one model whatever the name: a warning naming the model it really serves", async () => {
    const d = await diagnoseMock({ family: 'llama.cpp', models: ['qwen2.5-0.5b-instruct'], turns: [weatherCall()] });
    expect(line(d, 'models')).to.include({ status: 'warn' });
    expect(line(d, 'models').fix).to.match(/qwen2\.5-0\.5b-instruct/);
  });

  it("Ollama: the num_ctx trap — the default 4096 though the model was trained for more — with OLLAMA_CONTEXT_LENGTH and the Modelfile as fixes", async () => {
    const d = await diagnoseMock({ family: 'ollama', models: ['qwen2.5:7b'], turns: [weatherCall()] }, { model: 'qwen2.5:7b' });
    expect(d.family).to.equal('ollama');
    expect(line(d, 'server').detail).to.equal('Ollama (0.12.6).');
    const context = line(d, 'context');
    expect(context.status).to.equal('warn');
    expect(context.detail).to.match(/^4096 tokens/).and.match(/trained for 32768/).and.match(/num_ctx trap/);
    expect(context.fix).to.match(/OLLAMA_CONTEXT_LENGTH=32768 ollama serve/).and.match(/PARAMETER num_ctx 32768/).and.match(/ollama create/);
    expect(line(d, 'vision')).to.include({ status: 'warn' });
    expect(line(d, 'vision').fix).to.match(/vision model/);
  });

  it('Ollama with num_ctx set: the window it was given, no trap; "qwen3" finds "qwen3:latest"', async () => {
    const d = await diagnoseMock({ family: 'ollama', models: ['qwen3:latest'], contextLength: 32768, vision: true, turns: [weatherCall()] }, { model: 'qwen3' });
    expect(line(d, 'models').status).to.equal('pass');
    expect(line(d, 'context')).to.include({ status: 'pass' });
    expect(line(d, 'context').detail).to.match(/^32768 tokens \(Ollama \/api\/ps/);
    expect(line(d, 'vision').status).to.equal('pass');
  });

  it('Ollama: a model it does not have fails, with ollama pull as the fix; a model without tools is refused', async () => {
    const d = await diagnoseMock({ family: 'ollama', models: ['qwen2.5:7b'], noTools: true }, { model: 'gemma2:2b' });
    expect(line(d, 'models')).to.include({ status: 'fail' });
    expect(line(d, 'models').fix).to.match(/ollama pull gemma2:2b/);
    expect(line(d, 'tools').detail).to.match(/does not support tools/);
    expect(line(d, 'tools').fix).to.match(/"tools" capability/);
  });

  it("vLLM: max_model_len from /v1/models (the agent cannot read it: set contextTokens), and --enable-auto-tool-choice for tools", async () => {
    const d = await diagnoseMock({ family: 'vllm', contextLength: 8192, noTools: true });
    expect(d.family).to.equal('vllm');
    expect(line(d, 'server').detail).to.equal('vLLM (0.11.0).');
    expect(line(d, 'context')).to.include({ status: 'warn' });
    expect(line(d, 'context').detail).to.match(/^8192 tokens \(vLLM \/v1\/models max_model_len\)/);
    expect(line(d, 'context').fix).to.match(/contextTokens: 8192/);
    expect(line(d, 'tools').fix).to.match(/--enable-auto-tool-choice --tool-call-parser/);
    expect(line(d, 'vision').status).to.equal('skip');
  });

  it('vLLM: contextTokens bigger than max_model_len is a fail', async () => {
    const d = await diagnoseMock({ family: 'vllm', contextLength: 4096, turns: [weatherCall()] }, { contextTokens: 32768 });
    expect(line(d, 'context')).to.include({ status: 'fail' });
    expect(line(d, 'context').fix).to.match(/contextTokens to 4096/).and.match(/--max-model-len 32768/);
  });

  it('LM Studio: loaded_context_length from /api/v0/models, a VLM, and a model that answers without calling the tool', async () => {
    const d = await diagnoseMock({ family: 'lmstudio', contextLength: 4096, vision: true, turns: [textTurn('It is sunny in Paris.')] });
    expect(d.family).to.equal('lmstudio');
    expect(line(d, 'context')).to.include({ status: 'warn' });
    expect(line(d, 'context').detail).to.match(/^4096 tokens \(LM Studio \/api\/v0\/models loaded_context_length\)/);
    expect(line(d, 'context').fix).to.match(/lms load mock-model --context-length 16384/);
    expect(line(d, 'vision').status).to.equal('pass');
    expect(line(d, 'tools')).to.include({ status: 'warn' });
    expect(line(d, 'tools').detail).to.match(/without calling get_weather/);
    expect(line(d, 'stream').detail).to.match(/no token usage reported/);
  });

  it('a call written as text in the reply is told apart from a native one', async () => {
    const d = await diagnoseMock({ family: 'llama.cpp', turns: [textTurn('<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>')] });
    expect(line(d, 'tools')).to.include({ status: 'warn' });
    expect(line(d, 'tools').detail).to.match(/as text in its reply/);
    expect(line(d, 'tools').fix).to.match(/toolProtocol: 'text'/);
  });

  it('reasoning in reasoning_content and arguments as an object are named as stream quirks', async () => {
    const turn = {
      chunks: [
        chunk({ role: 'assistant', reasoning_content: 'The user wants weather.' }),
        chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'get_weather', arguments: { city: 'Paris' } } }] }),
        chunk({}, 'tool_calls'),
      ],
    };
    const d = await diagnoseMock({ family: 'llama.cpp', turns: [turn] });
    expect(line(d, 'tools').status).to.equal('pass');
    expect(line(d, 'stream').detail).to.match(/reasoning in reasoning_content/).and.match(/as a JSON object/).and.match(/no token usage/);
  });

  it('an unrecognised OpenAI-compatible server: no family, the window unknown', async () => {
    const d = await diagnoseMock({ turns: [weatherCall()] });
    expect(d.family).to.equal(undefined);
    expect(line(d, 'server').detail).to.match(/not llama\.cpp, Ollama, vLLM or LM Studio/);
    expect(line(d, 'context')).to.include({ status: 'skip' });
    expect(line(d, 'context').fix).to.match(/contextTokens/);
  });
});

describe('agent.diagnose(): no connection, CORS, cancel', function () {
  this.timeout(30000);

  it('a CORS refusal (another origin, no CORS headers) is a CORS fail naming each family\'s setting, not "unreachable"', async () => {
    const d = await diagnoseMock({ family: 'ollama', noCors: true }, {}, other);
    expect(line(d, 'reachable').status).to.equal('pass');
    const cors = line(d, 'cors');
    expect(cors.status).to.equal('fail');
    expect(cors.fix).to.include(`OLLAMA_ORIGINS=${here}`).and.match(/Enable CORS/).and.match(/--allowed-origins/).and.match(/llama-server lets every origin/);
    expect(d.checks.slice(2).every((c) => c.status === 'skip')).to.equal(true);
  });

  it('another origin that allows CORS passes the CORS line', async () => {
    const d = await diagnoseMock({ family: 'llama.cpp', turns: [weatherCall()] }, {}, other);
    expect(line(d, 'cors')).to.include({ status: 'pass' });
    expect(line(d, 'cors').detail).to.include(here);
  });

  it('nothing listening: reachable fails with how to start a server, every other line is skipped', async () => {
    const agent = createAgent({ baseURL: 'http://127.0.0.1:9/v1', model: 'm' });
    agents.push(agent);
    const d = await agent.diagnose();
    expect(line(d, 'reachable').status).to.equal('fail');
    expect(line(d, 'reachable').detail).to.match(/Nothing answers/);
    expect(line(d, 'reachable').fix).to.match(/ollama serve|llama-server/);
    expect(d.checks.slice(1).map((c) => c.status)).to.deep.equal(Array(d.checks.length - 1).fill('skip'));
  });

  it('cancel mid-probe: rejects with code aborted at once, and the probe connection is closed', async () => {
    const mock = await mockEndpoint({ family: 'llama.cpp', turns: [{ ...weatherCall(), delayMs: 400, hang: true }] });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model' });
    agents.push(agent);
    const controller = new AbortController();
    const pending = agent.diagnose({ signal: controller.signal });
    for (let i = 0; i < 200 && !(await mock.log()).some((e) => e.path === '/v1/chat/completions'); i++) await new Promise((r) => setTimeout(r, 25));
    controller.abort();
    const error = await pending.then(
      () => undefined,
      (e: { code?: string }) => e,
    );
    expect(error?.code).to.equal('aborted');
    let closed = false;
    for (let i = 0; i < 200 && !closed; i++) {
      closed = (await mock.log()).some((e) => e.path === '/v1/chat/completions' && e.clientClosedEarly);
      if (!closed) await new Promise((r) => setTimeout(r, 25));
    }
    expect(closed).to.equal(true);
  });

  it('refuses bad options clearly', async () => {
    const agent = createAgent({ baseURL: '/nowhere/v1', model: 'm' });
    agents.push(agent);
    expect(() => agent.diagnose({ signal: 'stop' as unknown as AbortSignal })).to.throw(TypeError, /AbortSignal/);
    expect(() => agent.diagnose({ probe: 'yes' as unknown as boolean })).to.throw(TypeError, /probe/);
  });
});
