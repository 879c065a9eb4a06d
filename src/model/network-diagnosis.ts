/**
 * A browser reports a refused connection, a CORS refusal and a connection
 * reset the same way — `TypeError: Failed to fetch` — though their fixes
 * differ entirely. Two probes of `/models` tell them apart:
 * - a `no-cors` request fails too: nothing answers at the address;
 * - it succeeds (an opaque response) but an ordinary (CORS) request does
 *   not: the server answers but does not let this page read it — CORS;
 * - both succeed: the server answers and lets this page read it, so the
 *   failed request was cut off before its response — a reset.
 * A CORS answer is named with its fix for the common local servers, and
 * with the one other cause the probes cannot rule out.
 */

/**
 * Whether a request to `url` in `mode` gets any response within `timeoutMs`
 * (and before `signal`): with `no-cors`, an opaque answer counts, so this is
 * "does anything answer there" whatever the server's CORS.
 */
export async function getsAnswer(url: string, mode: RequestMode, fetchImpl: typeof fetch = fetch, timeoutMs = 5000, signal?: AbortSignal): Promise<boolean> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    await fetchImpl(url, { mode, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    return true;
  } catch {
    return false;
  }
}

/** The message for a request to `endpoint` that failed before any response. */
export async function unreachableMessage(endpoint: string, fetchImpl: typeof fetch): Promise<string> {
  const origin = typeof self !== 'undefined' && self.location ? self.location.origin : 'this page';
  const probe = (mode: RequestMode) => getsAnswer(`${endpoint}/models`, mode, fetchImpl);
  if (!(await probe('no-cors'))) {
    return (
      `Could not connect to ${endpoint}: nothing answers there (connection refused, or the host is unreachable). ` +
      `Is the model server running, and are the address and port right? (Ollama: \`ollama serve\`, port 11434; LM Studio: start its server, port 1234; llama-server: port 8080.)`
    );
  }
  if (await probe('cors')) {
    return (
      `${endpoint} closed the connection before answering (a reset: it lets this page (${origin}) read its answers, so this is not a CORS setting). ` +
      `The server may have crashed or restarted mid-request (look at its log), or a proxy, VPN or firewall cut the connection. Try again.`
    );
  }
  return (
    `${endpoint} is running but does not let this page (${origin}) read its answers: a CORS setting. ` +
    `Ollama: start it with OLLAMA_ORIGINS=${origin} (or "*"). LM Studio: turn on "Enable CORS" in the server settings. ` +
    `vLLM: --allowed-origins. Or serve the model through a proxy on the page's own origin. ` +
    `(If CORS is already set, the server closed the connection instead — a reset: look at its log.)`
  );
}
