/**
 * The demo page: an orders dashboard with `<agent-chat>` docked at the side.
 * It connects to the endpoint in the settings (Ollama on this machine by
 * default) and, when nothing answers there, to the scripted demo model,
 * which runs in the agent's worker behind the same model interface.
 */
import '../components/define.js';
import { OrderStore } from './data.js';
import { mountDashboard } from './dashboard.js';
import { dashboardTools } from './tools.js';
import { generativeTools } from './generative-tools.js';
import { fileTools } from './file-tools.js';
import { DEMO_WORKFLOWS } from './workflows.js';
import { checkEndpoint, type EndpointCheck, type EndpointSettings } from './endpoint-check.js';
import { loadSettings, saveSettings } from './settings-store.js';
import { diagnoseSaved } from './doctor-on-save.js';
import { mountTraceFile } from './trace-file.js';
import type { AgentEvent } from '../src/types.js';
import type { ThreadChangeDetail } from '../components/define.js';

/** The scripted model's module, as the worker will import it. */
const SCRIPTED_MODEL_URL = new URL('./scripted-model.ts', import.meta.url).href;

const store = new OrderStore();
mountDashboard(store);

const chat = document.querySelector('agent-chat')!;
chat.tools = [...dashboardTools(store), ...generativeTools(store), ...fileTools(store)];

// The app's state as context: the open order goes with every model request, as it is then.
const shareSelection = () => {
  const o = store.selected;
  chat.context = o ? { openOrder: { id: o.id, item: o.item, status: o.status, customer: store.customer(o.customerId)?.name } } : {};
};
store.addEventListener('change', shareSelection);
shareSelection();
chat.workflows = DEMO_WORKFLOWS;

// The conversation lives in a thread (IndexedDB, with the thread list of
// `show-threads`), so a reload shows it again instead of starting over. The
// open thread's id is remembered here, since without a `thread` attribute the
// element would open a new thread on every load.
const THREAD_KEY = 'pageloop-demo-thread';
const savedThread = localStorage.getItem(THREAD_KEY);
if (savedThread) chat.setAttribute('thread', savedThread);
chat.addEventListener('thread-change', (e) => localStorage.setItem(THREAD_KEY, (e as CustomEvent<ThreadChangeDetail>).detail.thread));

const badge = document.getElementById('model-badge')!;
const connection = document.getElementById('connection')!;
const form = document.getElementById('settings-form') as HTMLFormElement;
const settingsPanel = document.getElementById('settings') as HTMLDetailsElement;
const themeSelect = document.getElementById('theme') as HTMLSelectElement;

// The page and the element follow one theme; the element's attribute overrides the system's.
const savedTheme = localStorage.getItem('pageloop-demo-theme');
if (savedTheme === 'light' || savedTheme === 'dark' || savedTheme === 'auto') themeSelect.value = savedTheme;
const applyTheme = (): void => {
  const theme = themeSelect.value as 'light' | 'dark' | 'auto';
  chat.theme = theme;
  document.documentElement.dataset.theme = theme;
};
themeSelect.addEventListener('change', () => {
  applyTheme();
  localStorage.setItem('pageloop-demo-theme', themeSelect.value);
});
applyTheme();
mountTraceFile(chat);

function fillForm(settings: EndpointSettings): void {
  (form.elements.namedItem('baseURL') as HTMLInputElement).value = settings.baseURL;
  (form.elements.namedItem('model') as HTMLInputElement).value = settings.model;
  (form.elements.namedItem('apiKey') as HTMLInputElement).value = settings.apiKey;
  (form.elements.namedItem('rememberKey') as HTMLInputElement).checked = settings.rememberKey === true;
}

function readForm(): EndpointSettings {
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
  const rememberKey = (form.elements.namedItem('rememberKey') as HTMLInputElement).checked;
  return { baseURL: value('baseURL'), model: value('model'), apiKey: value('apiKey'), rememberKey };
}

function say(kind: 'ok' | 'problem' | 'info', ...lines: string[]): void {
  connection.dataset.kind = kind;
  connection.replaceChildren(
    ...lines.map((line, i) => {
      const p = document.createElement('p');
      p.textContent = line;
      if (i === 0) p.className = 'connection-title';
      return p;
    }),
  );
}

/** Leaves the in-page engine, if one was running (the element frees its model with the agent). */
function leaveEngine(): void {
  chat.engine = undefined;
  chat.removeAttribute('gguf');
  localStorage.removeItem(ENGINE_URL_KEY);
}

function useEndpoint(settings: EndpointSettings): void {
  leaveEngine();
  chat.removeAttribute('model-module');
  chat.setAttribute('tool-protocol', 'auto');
  chat.setAttribute('base-url', settings.baseURL);
  chat.setAttribute('model', settings.model);
  if (settings.apiKey) chat.setAttribute('api-key', settings.apiKey);
  else chat.removeAttribute('api-key');
  badge.textContent = settings.model;
  badge.dataset.kind = 'llm';
}

function useScripted(problem: EndpointCheck | null): void {
  leaveEngine();
  chat.removeAttribute('base-url');
  chat.removeAttribute('api-key');
  chat.setAttribute('model', 'scripted-demo');
  chat.setAttribute('tool-protocol', 'native');
  chat.setAttribute('model-module', SCRIPTED_MODEL_URL);
  badge.textContent = 'Scripted demo — not an LLM';
  badge.dataset.kind = 'scripted';
  const lines = ['Using the scripted demo model: a fixed script, not an LLM. It streams, calls the page tools and asks for approval, so you can see the whole loop.'];
  if (problem && !problem.ok) lines.push(`Why: ${problem.message}`, `Fix: ${problem.fix}`);
  say('info', ...lines);
}

/** Bumped by every choice of model, so a slow endpoint check cannot undo a later choice. */
let choice = 0;

/** The doctor of the last saved endpoint, stopped when another choice is made. */
let doctor: AbortController | undefined;

/** Connects to `settings`; `saved` (the settings form): the doctor then checks the endpoint too, and its findings join the connection line. */
async function connect(settings: EndpointSettings, saved = false): Promise<void> {
  const mine = ++choice;
  doctor?.abort();
  say('info', `Checking ${settings.baseURL} …`);
  const result = await checkEndpoint(settings);
  if (mine !== choice) return;
  const title = result.ok ? `Connected to ${settings.baseURL} (${result.models.length} model${result.models.length === 1 ? '' : 's'} available).` : undefined;
  if (result.ok && title) {
    useEndpoint(settings);
    say('ok', title, ...(saved ? ['The doctor is checking the endpoint…'] : []));
  } else {
    useScripted(result);
  }
  if (!saved) return;
  const controller = (doctor = new AbortController());
  const found = await diagnoseSaved(settings, controller.signal).catch(() => undefined);
  if (mine !== choice || !found) return;
  const shown = [...connection.querySelectorAll('p')].map((p) => p.textContent ?? '').filter((line) => line !== 'The doctor is checking the endpoint…');
  say(found.failed ? 'problem' : result.ok ? 'ok' : 'info', ...shown, ...found.lines);
}

// ——— "Run a model in this page": a GGUF file or URL, run by the agent's worker ———

const ENGINE_URL_KEY = 'pageloop-demo-engine-url';
const engineForm = document.getElementById('engine-form') as HTMLFormElement;
const dropZone = document.getElementById('gguf-drop')!;

function useEngine(gguf: string | File): void {
  choice++;
  chat.removeAttribute('model-module');
  chat.removeAttribute('base-url');
  chat.removeAttribute('api-key');
  chat.setAttribute('tool-protocol', 'auto');
  const name = typeof gguf === 'string' ? decodeURIComponent(new URL(gguf, location.href).pathname.split('/').pop() ?? gguf) : gguf.name;
  chat.setAttribute('model', name);
  chat.engine = { gguf };
  if (typeof gguf === 'string') localStorage.setItem(ENGINE_URL_KEY, gguf);
  badge.textContent = `In this page: ${name}`;
  badge.dataset.kind = 'llm';
  settingsPanel.open = false;
  say('info', `Running ${name} in this page (llama.cpp in WebAssembly, ${crossOriginIsolated ? 'several threads' : 'one thread'}). No server: the model and the conversation stay on this machine.`);
}

// The element reports the engine's progress itself; the connection line adds what is done, once.
chat.addEventListener('agent-event', (e) => {
  const event = (e as CustomEvent<AgentEvent>).detail;
  if (event.type !== 'engine') return;
  const s = event.status;
  if (s.state === 'ready') say('ok', `${s.model} is running in this page (${s.source === 'cache' ? 'from the cache' : s.source === 'file' ? 'from your file' : 'downloaded'}, loaded in ${(s.loadMs / 1000).toFixed(1)} s, ${s.threads} thread${s.threads === 1 ? '' : 's'}).`);
  else if (s.state === 'error') say('problem', 'The model could not be loaded.', s.message);
});

engineForm.addEventListener('submit', (e) => {
  e.preventDefault();
  const file = (engineForm.elements.namedItem('ggufFile') as HTMLInputElement).files?.[0];
  const url = (engineForm.elements.namedItem('ggufUrl') as HTMLInputElement).value.trim();
  if (file) useEngine(file);
  else if (url) useEngine(url);
  else say('problem', 'Pick a .gguf file or give its URL first.');
});
(engineForm.elements.namedItem('ggufFile') as HTMLInputElement).addEventListener('change', (e) => {
  const file = (e.target as HTMLInputElement).files?.[0];
  if (file) useEngine(file);
});
// A file dropped on the assistant's side, or on the drop zone, runs at once.
const assistant = document.getElementById('assistant')!;
assistant.addEventListener('dragover', (e) => {
  if (!e.dataTransfer?.types.includes('Files')) return;
  e.preventDefault();
  dropZone.dataset.over = '';
});
assistant.addEventListener('dragleave', () => delete dropZone.dataset.over);
assistant.addEventListener('drop', (e) => {
  const file = e.dataTransfer?.files[0];
  delete dropZone.dataset.over;
  if (!file) return;
  e.preventDefault();
  if (!file.name.toLowerCase().endsWith('.gguf')) say('problem', `${file.name} is not a .gguf file.`);
  else useEngine(file);
});

form.addEventListener('submit', (e) => {
  e.preventDefault();
  const settings = readForm();
  saveSettings(settings);
  void connect(settings, true);
});
document.getElementById('use-scripted')!.addEventListener('click', () => {
  settingsPanel.open = false;
  useScripted(null);
});

const initial = loadSettings();
fillForm(initial);
const savedEngineUrl = localStorage.getItem(ENGINE_URL_KEY);
if (savedEngineUrl) useEngine(savedEngineUrl);
else void connect(initial);
