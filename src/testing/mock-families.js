// @ts-check
/**
 * The mock endpoint's server families (mock-handler.js, script option
 * `family`): the routes and fields llama.cpp's server, Ollama, vLLM and LM
 * Studio answer with beside the OpenAI ones, as their sources and docs give
 * them, so the doctor (src/model/doctor/) is tested against their real shapes.
 */

/** @typedef {import('./mock-handler.js').MockScript} MockScript */

/**
 * A `/v1/models` item as the script's server family writes it: llama.cpp's
 * `owned_by: "llamacpp"` and `meta` (tools/server/server-context.cpp), Ollama's
 * `owned_by: "library"` (openai/openai.go), vLLM's `ModelCard` with `root` and
 * `max_model_len` (vllm/entrypoints/openai/protocol.py), LM Studio's
 * `organization_owner`.
 * @param {MockScript} script @param {string} id
 */
export function modelCard(script, id) {
  const trained = script.trainedContext ?? 32768;
  switch (script.family) {
    case 'llama.cpp':
      return { id, object: 'model', created: 1700000000, owned_by: 'llamacpp', meta: { vocab_type: 2, n_vocab: 151936, n_ctx_train: trained, n_embd: 896, n_params: 494032768, size: 531065856 } };
    case 'ollama':
      return { id, object: 'model', created: 1700000000, owned_by: 'library' };
    case 'vllm':
      return { id, object: 'model', created: 1700000000, owned_by: 'vllm', root: id, parent: null, max_model_len: script.contextLength ?? trained, permission: [] };
    case 'lmstudio':
      return { id, object: 'model', owned_by: 'organization_owner' };
    default:
      return { id, object: 'model', owned_by: 'mock' };
  }
}

/**
 * The family's own routes (beside the OpenAI ones), with the fields its docs
 * and sources give: llama.cpp `GET /props`, `GET /health` (tools/server/README.md);
 * Ollama `GET /api/version`, `GET /api/tags`, `POST /api/show`, `GET /api/ps`
 * (docs/api.md); vLLM `GET /version`; LM Studio `GET /api/v0/models`
 * (lmstudio docs, developer/rest/endpoints). Undefined: not one of them.
 * @param {MockScript} script @param {string} method @param {string} path @param {any} body
 * @returns {{ status?: number, body: unknown } | undefined}
 */
export function serverFamilyRoute(script, method, path, body) {
  const models = script.models ?? ['mock-model'];
  const trained = script.trainedContext ?? 32768;
  const family = script.family;
  if (family === 'llama.cpp') {
    if (path === '/health') return { body: { status: 'ok' } };
    if (path === '/props') {
      return {
        body: {
          default_generation_settings: { n_ctx: script.contextLength ?? script.nCtx ?? 4096, params: { temperature: 0.8, top_k: 40, n_predict: -1 } },
          total_slots: 1,
          model_path: `/models/${models[0]}.gguf`,
          modalities: { vision: script.vision === true, audio: false },
          chat_template_caps: { supports_tools: !script.noTools, supports_tool_calls: !script.noTools, supports_parallel_tool_calls: !script.noTools },
          build_info: 'b6700-mock',
        },
      };
    }
  }
  if (family === 'ollama') {
    if (path === '/api/version') return { body: { version: '0.12.6' } };
    const details = { parent_model: '', format: 'gguf', family: 'qwen2', families: ['qwen2'], parameter_size: '7.6B', quantization_level: 'Q4_K_M' };
    if (path === '/api/tags') return { body: { models: models.map((name) => ({ name, model: name, modified_at: '2025-10-01T12:00:00Z', size: 4683087332, digest: 'a'.repeat(64), details })) } };
    if (path === '/api/ps') {
      // A model once asked for stays loaded; it runs at the Modelfile's num_ctx, or Ollama's default.
      return { body: { models: [{ name: models[0], model: models[0], size: 6654289920, digest: 'a'.repeat(64), details, expires_at: '2099-01-01T00:00:00Z', size_vram: 6654289920, context_length: script.contextLength ?? 4096 }] } };
    }
    if (path === '/api/show' && method === 'POST') {
      const name = String(body?.model ?? body?.name ?? '');
      if (!models.some((m) => m === name || m === `${name}:latest`)) return { status: 404, body: { error: `model '${name}' not found` } };
      const parameters = [script.contextLength ? `num_ctx                        ${script.contextLength}` : '', 'stop                           "<|im_start|>"', 'stop                           "<|im_end|>"'].filter(Boolean).join('\n');
      const capabilities = ['completion', ...(script.noTools ? [] : ['tools']), ...(script.vision ? ['vision'] : [])];
      return { body: { modelfile: `FROM ${name}\n`, parameters, template: '{{ .Prompt }}', details, model_info: { 'general.architecture': 'qwen2', 'general.parameter_count': 7615616512, 'qwen2.context_length': trained }, capabilities, modified_at: '2025-10-01T12:00:00Z' } };
    }
  }
  if (family === 'vllm' && path === '/version') return { body: { version: '0.11.0' } };
  if (family === 'lmstudio' && path === '/api/v0/models') {
    const data = models.map((id) => ({
      id,
      object: 'model',
      type: script.vision ? 'vlm' : 'llm',
      publisher: 'lmstudio-community',
      arch: 'qwen2',
      compatibility_type: 'gguf',
      quantization: 'Q4_K_M',
      state: 'loaded',
      max_context_length: trained,
      loaded_context_length: script.contextLength ?? 4096,
      capabilities: script.noTools ? [] : ['tool_use'],
    }));
    return { body: { object: 'list', data } };
  }
  return undefined;
}

/**
 * How each family refuses `tools` it cannot use, word for word: llama-server
 * without --jinja (older builds), Ollama for a model without the "tools"
 * capability, vLLM without --enable-auto-tool-choice.
 * @param {MockScript['family']} family @param {string} model
 */
export function toolsRefusal(family, model) {
  if (family === 'llama.cpp') return { status: 500, error: { code: 500, message: 'tools param requires --jinja flag', type: 'server_error' } };
  if (family === 'ollama') return { status: 400, error: { message: `registry.ollama.ai/library/${model} does not support tools`, type: 'api_error', param: null, code: null } };
  if (family === 'vllm') return { status: 400, error: { message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set', type: 'BadRequestError', param: null, code: 400 } };
  return { status: 400, error: { message: 'tools are not supported', type: 'invalid_request_error', param: 'tools', code: null } };
}
