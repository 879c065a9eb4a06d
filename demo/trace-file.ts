/**
 * The demo's "Trace" panel, the support loop of issue 23: export the open
 * thread as a file, and open any thread file's trace in a standalone
 * `<agent-trace>` (loaded only when a file is opened). Inside the chat, each
 * message's Trace button and `/trace` show the same view for a live run.
 */
import type { AgentChat } from '../components/agent-chat.js';

/** Wires the panel's Export button and file input to `chat`. */
export function mountTraceFile(chat: AgentChat): void {
  const panel = document.getElementById('trace-panel')!;
  const input = panel.querySelector<HTMLInputElement>('input[type="file"]')!;
  const holder = panel.querySelector<HTMLElement>('.trace-file-view')!;
  panel.querySelector('#export-thread')!.addEventListener('click', async () => {
    const id = chat.getAttribute('thread');
    if (!id) return;
    const url = URL.createObjectURL(new Blob([await chat.agent.threads.export(id)], { type: 'application/json' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: `${id}.json` });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (!file) return;
    await import('../components/trace/agent-trace-define.js');
    const view = document.createElement('agent-trace');
    view.theme = chat.theme;
    view.file = await file.text();
    holder.replaceChildren(view);
  });
}
