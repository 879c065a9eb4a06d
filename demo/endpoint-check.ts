/**
 * Checks an OpenAI-compatible endpoint the way the agent will use it, and
 * says in plain words what is wrong and how to fix it: nothing listening,
 * CORS, a refused key, or a model the server does not have.
 */

/** The outcome of a check. */
export type EndpointCheck =
  | { ok: true; models: string[] }
  | { ok: false; problem: 'unreachable' | 'cors' | 'http' | 'bad-response' | 'model-missing'; message: string; fix: string; models?: string[] };

/** Settings the demo keeps in localStorage. */
export interface EndpointSettings {
  baseURL: string;
  model: string;
  apiKey: string;
  /** The user ticked "Remember the key": only then is the key written to localStorage. */
  rememberKey?: boolean;
}

/**
 * GETs `{baseURL}/models` and reads the answer.
 *
 * @example
 * const result = await checkEndpoint({ baseURL: 'http://localhost:11434/v1', model: 'qwen2.5:3b', apiKey: '' });
 * if (!result.ok) console.log(result.message, result.fix);
 */
export async function checkEndpoint(settings: EndpointSettings, fetchImpl: typeof fetch = fetch): Promise<EndpointCheck> {
  const base = settings.baseURL.replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(`${base}/models`, location.href);
  } catch {
    return { ok: false, problem: 'bad-response', message: `"${settings.baseURL}" is not a URL.`, fix: 'Enter the endpoint’s base URL, e.g. http://localhost:11434/v1.' };
  }
  const headers: Record<string, string> = settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {};
  let res: Response;
  try {
    res = await fetchImpl(url, { headers, signal: AbortSignal.timeout(4000) });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'TimeoutError') {
      return { ok: false, problem: 'unreachable', message: `${url.origin} did not answer within 4 seconds.`, fix: 'Check that the server is running and the address is right.' };
    }
    // fetch says TypeError both when nothing listens and when CORS blocks the
    // answer. A no-cors request tells them apart: it succeeds (opaquely) when
    // something answered.
    const reachable = await fetchImpl(url, { mode: 'no-cors', signal: AbortSignal.timeout(4000) }).then(() => true, () => false);
    if (reachable) {
      const isOllama = url.port === '11434';
      return {
        ok: false,
        problem: 'cors',
        // A reset of this one request looks the same to the page: say so rather than send the user to fix CORS alone.
        message: `${url.origin} answered, but the browser blocked this page (${location.origin}) from reading the answer (CORS) — or, if CORS is already allowed, the connection was reset (try again; look at the server's log).`,
        fix: isOllama
          ? `Restart Ollama allowing this origin: OLLAMA_ORIGINS=${location.origin} ollama serve (on macOS: launchctl setenv OLLAMA_ORIGINS "${location.origin}", then restart the app).`
          : `Make the server send Access-Control-Allow-Origin for ${location.origin} (LM Studio: turn on "Enable CORS" in the server settings; vLLM: --allowed-origins), or reach it through a proxy on this origin.`,
      };
    }
    return {
      ok: false,
      problem: 'unreachable',
      message: `Nothing answered at ${url.origin}.`,
      fix: url.port === '11434' ? 'Install Ollama (https://ollama.com), then run: ollama serve, and ollama pull qwen2.5:3b.' : 'Start the server, or correct the address.',
    };
  }
  if (res.status === 401 || res.status === 403) {
    return { ok: false, problem: 'http', message: `The endpoint refused the request (HTTP ${res.status}).`, fix: 'Check the API key. Keys in a page are visible to its readers: prefer a proxy that adds the key.' };
  }
  if (!res.ok) {
    return { ok: false, problem: 'http', message: `GET ${url.pathname} answered HTTP ${res.status}.`, fix: 'Check that the base URL ends where the OpenAI API begins (usually …/v1).' };
  }
  let models: string[];
  try {
    const body = (await res.json()) as { data?: Array<{ id?: unknown }> };
    models = (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string');
  } catch {
    return { ok: false, problem: 'bad-response', message: `${url.href} did not answer with JSON.`, fix: 'Check that the base URL points at an OpenAI-compatible API (usually …/v1).' };
  }
  if (settings.model && models.length > 0 && !models.includes(settings.model)) {
    return {
      ok: false,
      problem: 'model-missing',
      message: `The endpoint has no model "${settings.model}".`,
      fix: `Pick one it has: ${models.join(', ')}${url.port === '11434' ? ` — or run: ollama pull ${settings.model}` : ''}.`,
      models,
    };
  }
  return { ok: true, models };
}
