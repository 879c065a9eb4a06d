// @ts-check
// The mock as a Node server of its own (src/testing/mock-server.js) and as the
// `pageloop-mock` command, tested from Node as a Playwright or Vitest setup
// uses it: streamed answers exactly as scripted, standing replies, sessions
// apart, the quirks switched on by script or flag, and a close that ends a
// hanging stream. Run by `npm run test:node`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '../../src/testing/mock-server.js';

const chunk = (/** @type {Record<string, unknown>} */ delta, finish = /** @type {string | null} */ (null)) => ({ id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 0, model: 'mock-model', choices: [{ index: 0, delta, finish_reason: finish }] });
const textTurn = (/** @type {string} */ text) => ({ chunks: [chunk({ role: 'assistant', content: text }), chunk({}, 'stop')] });

/** POSTs a chat request; resolves with the status and the raw body. @param {string} baseURL @param {unknown[]} messages @param {Record<string, unknown>} [extra] */
async function chat(baseURL, messages, extra = {}) {
  const res = await fetch(`${baseURL}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'mock-model', stream: true, messages, ...extra }) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

test('streams each turn as scripted, frame for frame, then [DONE], and logs the request', async () => {
  const mock = await startMockServer({ script: { turns: [textTurn('Hi!'), { chunks: ['data: {"raw":true}\n\n'], done: false }] } });
  try {
    assert.match(mock.baseURL, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const first = await chat(mock.baseURL, [{ role: 'user', content: 'hello' }]);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('content-type'), 'text/event-stream');
    assert.equal(first.text, `data: ${JSON.stringify(chunk({ role: 'assistant', content: 'Hi!' }))}\n\ndata: ${JSON.stringify(chunk({}, 'stop'))}\n\ndata: [DONE]\n\n`);
    const second = await chat(mock.baseURL, [{ role: 'user', content: 'again' }]);
    assert.equal(second.text, 'data: {"raw":true}\n\n');
    const third = await chat(mock.baseURL, [{ role: 'user', content: 'and again' }]);
    assert.equal(third.status, 500);
    assert.match(third.text, /script has no turn 3 \(it has 2\)/);
    const log = await mock.log();
    assert.deepEqual(log.map((e) => /** @type {any} */ (e.body).messages[0].content), ['hello', 'again', 'and again']);
    assert.equal(log[0]?.clientClosedEarly, false);
  } finally {
    await mock.close();
  }
});

test('standing replies answer by the system message or, with in: "last", by the last message — a tool result too', async () => {
  const mock = await startMockServer({
    replies: [
      { when: 'You are the weather desk', turn: textTurn('Weather desk here.') },
      { in: 'last', when: '"tempC":18', turn: textTurn('It is 18°C.') },
      { in: 'last', when: 'Paris', turn: textTurn('Calling get_weather.') },
    ],
  });
  try {
    assert.match((await chat(mock.baseURL, [{ role: 'system', content: 'You are the weather desk.' }, { role: 'user', content: 'hi' }])).text, /Weather desk here/);
    assert.match((await chat(mock.baseURL, [{ role: 'user', content: 'Weather in Paris?' }])).text, /Calling get_weather/);
    const afterTool = [{ role: 'user', content: 'Weather in Paris?' }, { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'c1', content: '{"city":"Paris","tempC":18}' }];
    // The same reply again and again: standing replies take no turn.
    for (let i = 0; i < 2; i++) assert.match((await chat(mock.baseURL, afterTool)).text, /It is 18°C/);
    const miss = await chat(mock.baseURL, [{ role: 'user', content: 'Weather in Oslo?' }]);
    assert.equal(miss.status, 500);
    assert.match(miss.text, /no standing reply matched/);
  } finally {
    await mock.close();
  }
});

test('sessions opened from Node or from a page keep their own turns and logs; reset starts the base URL over', async () => {
  const mock = await startMockServer({ script: { turns: [textTurn('root')] } });
  try {
    const a = mock.script({ turns: [textTurn('A')] });
    const posted = await fetch(`${mock.url}/__mock/scripts`, { method: 'POST', body: JSON.stringify({ turns: [textTurn('B')] }) }).then((r) => /** @type {Promise<any>} */ (r.json()));
    assert.match((await chat(a.baseURL, [{ role: 'user', content: 'to a' }])).text, /"A"/);
    assert.match((await chat(mock.url + posted.baseURL, [{ role: 'user', content: 'to b' }])).text, /"B"/);
    assert.match((await chat(mock.baseURL, [{ role: 'user', content: 'to root' }])).text, /"root"/);
    assert.deepEqual((await a.log()).map((e) => /** @type {any} */ (e.body).messages[0].content), ['to a']);
    assert.deepEqual((await mock.log()).map((e) => /** @type {any} */ (e.body).messages[0].content), ['to root']);
    mock.reset();
    assert.deepEqual(await mock.log(), []);
    assert.match((await chat(mock.baseURL, [{ role: 'user', content: 'again' }])).text, /"root"/);
  } finally {
    await mock.close();
  }
});

test("quirks: a server family's routes, tools refused in its words, no CORS, a cut connection", async () => {
  const mock = await startMockServer({ script: { family: 'llama.cpp', contextLength: 2048, noTools: true, turns: [{ reset: true }] } });
  try {
    const props = await fetch(`${mock.url}/props`).then((r) => /** @type {Promise<any>} */ (r.json()));
    assert.equal(props.default_generation_settings.n_ctx, 2048);
    const models = await fetch(`${mock.baseURL}/models`).then((r) => /** @type {Promise<any>} */ (r.json()));
    assert.equal(models.data[0].owned_by, 'llamacpp');
    const refused = await chat(mock.baseURL, [{ role: 'user', content: 'x' }], { tools: [{ type: 'function', function: { name: 'f', parameters: {} } }] });
    assert.equal(refused.status, 500);
    assert.match(refused.text, /tools param requires --jinja flag/);
    await assert.rejects(chat(mock.baseURL, [{ role: 'user', content: 'x' }]), /fetch failed/);
    assert.equal((await fetch(`${mock.baseURL}/models`)).headers.get('access-control-allow-origin'), '*');
    const closed = mock.script({ noCors: true, turns: [] });
    assert.equal((await fetch(closed.baseURL + '/models')).headers.get('access-control-allow-origin'), null);
  } finally {
    await mock.close();
  }
});

test('close() ends a stream that hangs instead of waiting for the client', async () => {
  const mock = await startMockServer({ script: { turns: [{ chunks: [chunk({ content: 'slow' })], hang: true }] } });
  const res = await fetch(`${mock.baseURL}/chat/completions`, { method: 'POST', body: JSON.stringify({ messages: [{ role: 'user', content: 'x' }] }) });
  const reader = /** @type {ReadableStreamDefaultReader<Uint8Array>} */ (res.body?.getReader());
  assert.match(new TextDecoder().decode((await reader.read()).value), /slow/);
  const started = Date.now();
  await mock.close();
  await assert.rejects(
    (async () => {
      while (!(await reader.read()).done);
      throw new Error('the stream ended cleanly');
    })(),
  );
  assert.ok(Date.now() - started < 5000, 'close() waited on the hanging stream');
});

test('holdBefore stops the stream before that chunk until release(), from Node or over HTTP; a release may come first', async () => {
  const held = { chunks: [chunk({ role: 'assistant', content: 'one' }), chunk({ content: 'two' }), chunk({}, 'stop')], holdBefore: 1 };
  const mock = await startMockServer({ script: { turns: [held, held, held, held] } });
  try {
    const res = await fetch(`${mock.baseURL}/chat/completions`, { method: 'POST', body: JSON.stringify({ messages: [{ role: 'user', content: 'x' }] }) });
    const reader = /** @type {ReadableStreamDefaultReader<Uint8Array>} */ (res.body?.getReader());
    assert.match(new TextDecoder().decode((await reader.read()).value), /"one"/);
    // Held: nothing more comes however long one waits (a broken hold sends "two" within a millisecond).
    const next = reader.read();
    const early = await Promise.race([next.then(() => 'more came'), new Promise((r) => setTimeout(() => r('still held'), 300))]);
    assert.equal(early, 'still held');
    assert.equal((await mock.log())[0]?.held, true);
    mock.release();
    let rest = new TextDecoder().decode((await next).value);
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    assert.match(rest, /"two"[\s\S]*"stop"[\s\S]*\[DONE\]/);
    assert.equal((await mock.log())[0]?.held, false);

    // A release that comes before the hold lets the next one pass at once; over HTTP too.
    const ahead = await fetch(`${mock.url}/release`, { method: 'POST' });
    assert.equal(ahead.status, 200);
    assert.match((await chat(mock.baseURL, [{ role: 'user', content: 'y' }])).text, /"one"[\s\S]*"two"[\s\S]*\[DONE\]/);

    // A client that leaves while held takes its hold with it: the next release is not spent on it.
    const controller = new AbortController();
    const left = await fetch(`${mock.baseURL}/chat/completions`, { method: 'POST', body: JSON.stringify({ messages: [] }), signal: controller.signal });
    await left.body?.getReader().read();
    controller.abort();
    for (let i = 0; i < 500 && (await mock.log())[2]?.clientClosedEarly !== true; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal((await mock.log())[2]?.clientClosedEarly, true);
    mock.release();
    const after = chat(mock.baseURL, [{ role: 'user', content: 'after' }]);
    const verdict = await Promise.race([after.then((r) => r.text), new Promise((r) => setTimeout(() => r('held: the release went to the client that left'), 5000))]);
    assert.match(String(verdict), /"two"[\s\S]*\[DONE\]/);

    // Each session has its own holds and releases.
    const other = mock.script({ turns: [held] });
    other.release();
    assert.match((await chat(other.baseURL, [{ role: 'user', content: 'z' }])).text, /"two"[\s\S]*\[DONE\]/);
  } finally {
    await mock.close();
  }
});

test('a body that is not JSON gets a 400 that says so', async () => {
  const mock = await startMockServer();
  try {
    const res = await fetch(`${mock.baseURL}/chat/completions`, { method: 'POST', body: '{not json' });
    assert.equal(res.status, 400);
    assert.match(/** @type {any} */ (await res.json()).error.message, /^mock: .*JSON/);
  } finally {
    await mock.close();
  }
});

test('pageloop-mock serves a script file with quirk flags, prints its base URL, and stops on SIGTERM', async () => {
  const bin = fileURLToPath(new URL('../../src/testing/mock-bin.js', import.meta.url));
  const script = fileURLToPath(new URL('./fixtures/mock-script.json', import.meta.url));
  const child = spawn(process.execPath, [bin, '--script', script, '--family', 'ollama', '--models', 'qwen3:4b'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const line = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve(out.trim());
      });
      child.once('exit', (code) => reject(new Error(`pageloop-mock exited ${code} before printing`)));
    });
    const baseURL = /pageloop-mock: (\S+) \(1 turns, 1 standing replies/.exec(String(line))?.[1];
    assert.ok(baseURL, `printed: ${line}`);
    assert.deepEqual(/** @type {any} */ (await fetch(baseURL.replace(/\/v1$/, '/api/tags')).then((r) => r.json())).models.map((/** @type {any} */ m) => m.name), ['qwen3:4b']);
    assert.match((await chat(baseURL, [{ role: 'user', content: 'ping' }])).text, /pong/);
    assert.match((await chat(baseURL, [{ role: 'user', content: 'first' }])).text, /scripted first turn/);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  }
});

test('pageloop-mock refuses a bad flag with its usage and exit code 2', async () => {
  const bin = fileURLToPath(new URL('../../src/testing/mock-bin.js', import.meta.url));
  const child = spawn(process.execPath, [bin, '--family', 'tgi'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  assert.equal(code, 2);
  assert.match(err, /--family is llama\.cpp, ollama, vllm or lmstudio \(got tgi\)/);
  assert.match(err, /Usage: pageloop-mock/);
});
