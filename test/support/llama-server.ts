// The page side of test/support/llama-server-middleware.js: the URL of a real
// llama-server running the repository's tiny model, started by the test runner
// with the flags of SERVERS[name] there.
//
// Invariant: a test that calls this in `before` either gets a server or stops:
// it skips (saying how to get the binary) only where the runner has no binary
// and is not CI; in CI, or when the binary fails to start, the hook throws and
// the tests fail.

/** The servers the middleware can start (its SERVERS). */
export type LlamaServerName = 'jinja' | 'no-jinja' | 'small-context';

/** Starts (once) the server `name` and returns its base URL (`http://127.0.0.1:PORT`, no `/v1`). */
export async function llamaServer(context: Mocha.Context, name: LlamaServerName): Promise<string> {
  context.timeout(90_000);
  const response = await fetch(`/__llama/start/${name}`);
  const body = (await response.json()) as { url?: string; error?: string };
  if (response.ok && body.url) return body.url;
  if (response.status === 404) {
    console.warn(`SKIPPED: ${body.error}`);
    context.skip();
  }
  throw new Error(`llama-server "${name}": ${body.error ?? `HTTP ${response.status}`}`);
}
