/**
 * The site's sidebar, as data: the guide groups in the order a newcomer reads
 * them, then the reference. A page joins its group here once it exists; the
 * groups that features still being built will fill (AG-UI, testing your agent,
 * evaluating models, A2UI, localisation, preview/undo) are named in
 * `PLANNED` so their pages slot into the right place, and an empty group is
 * left out rather than shown with placeholder pages.
 */
import type { DefaultTheme } from 'vitepress';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Item = DefaultTheme.SidebarItem;

/** Guide groups: title, then the pages (link without `.md`, from the site's root). */
export const GUIDE: { text: string; items: { text: string; link: string }[] }[] = [
  {
    text: 'Start',
    items: [
      { text: 'What pageloop is', link: '/guide/' },
      { text: 'Install', link: '/guide/install' },
      { text: 'Your first agent in a plain page', link: '/guide/first-agent' },
      { text: 'In a Vite app', link: '/guide/vite' },
      { text: 'In React and Next.js', link: '/guide/react' },
    ],
  },
  {
    text: 'Build',
    items: [
      { text: 'Tools and approvals', link: '/guide/tools-and-approvals' },
      { text: 'Generative UI and render-and-wait', link: '/guide/generative-ui' },
      { text: 'Files and images', link: '/guide/attachments' },
      { text: 'Threads', link: '/guide/threads' },
      { text: 'Workflows, plans and sub-agents', link: '/guide/workflows' },
      { text: 'Built-in tools: page, fetch, memory', link: '/guide/built-in-tools' },
      { text: 'Long conversations', link: '/guide/long-conversations' },
    ],
  },
  {
    text: 'Connect',
    items: [
      { text: 'MCP servers', link: '/guide/mcp' },
      { text: 'Signing in to an MCP server', link: '/guide/mcp-sign-in' },
      { text: 'MCP Apps', link: '/guide/mcp-apps' },
      { text: 'WebMCP', link: '/guide/webmcp' },
    ],
  },
  {
    text: 'Models',
    items: [
      { text: 'Ollama, llama.cpp, LM Studio, vLLM', link: '/guide/local-models' },
      { text: 'A model in the page', link: '/guide/in-page-model' },
    ],
  },
  { text: 'Test and measure', items: [] },
  {
    text: 'Operate',
    items: [
      { text: 'Tracing and OpenTelemetry', link: '/guide/tracing' },
      { text: 'Security', link: '/guide/security' },
      { text: 'How fast', link: '/guide/performance' },
    ],
  },
];

/**
 * Pages other work will add, and the group each belongs to. Listed here so a
 * page lands in its place by being written: it joins the sidebar as soon as
 * its file exists (`docs-site/<link>.md`), and not before.
 */
export const PLANNED: { group: string; text: string; link: string }[] = [
  { group: 'Connect', text: 'A server agent through AG-UI', link: '/guide/ag-ui' },
  { group: 'Build', text: 'A2UI surfaces', link: '/guide/a2ui' },
  { group: 'Build', text: 'Preview and undo', link: '/guide/preview-and-undo' },
  { group: 'Build', text: 'Localisation', link: '/guide/localisation' },
  { group: 'Build', text: 'Layout and themes', link: '/guide/layout-and-themes' },
  { group: 'Test and measure', text: 'Testing your agent', link: '/guide/testing' },
  { group: 'Test and measure', text: 'Evaluating models', link: '/guide/evals' },
];

const siteRoot = fileURLToPath(new URL('..', import.meta.url));
const written = (link: string) => existsSync(`${siteRoot}${link.slice(1)}.md`);

export const REFERENCE: Item[] = [
  {
    text: 'Reference',
    items: [
      { text: 'Overview and entry points', link: '/reference/' },
      { text: 'createAgent options', link: '/reference/options' },
      { text: 'The agent', link: '/reference/agent' },
      { text: 'Events', link: '/reference/events' },
      { text: '&lt;agent-chat&gt;', link: '/reference/agent-chat' },
      { text: 'Settings table', link: '/reference/settings' },
      { text: 'Element manifest', link: '/reference/element' },
      { text: 'API (generated)', link: '/reference/api/' },
      { text: 'Call formats', link: '/reference/call-formats' },
      { text: 'Architecture', link: '/reference/architecture' },
      { text: 'Benchmarks', link: '/reference/benchmarks' },
    ],
  },
];

/**
 * Without `collapsed`: VitePress renders a collapsible group as a button
 * holding another button (its caret), which axe refuses (nested-interactive).
 */
const expanded = (items: Item[]): Item[] => items.map(({ collapsed: _, ...item }) => (item.items ? { ...item, items: expanded(item.items) } : item));

/** The generated API pages' sidebar (TypeDoc), when they have been generated. */
function apiSidebar(): Item[] {
  const file = `${siteRoot}reference/api/typedoc-sidebar.json`;
  if (!existsSync(file)) return [];
  return [{ text: 'API', items: expanded(JSON.parse(readFileSync(file, 'utf8')) as Item[]) }];
}

export function sidebar(): DefaultTheme.Sidebar {
  const guide: Item[] = GUIDE.map((group) => ({
    text: group.text,
    items: [...group.items, ...PLANNED.filter((p) => p.group === group.text && written(p.link))].filter((i) => written(i.link.endsWith('/') ? `${i.link}index` : i.link)),
  })).filter((group) => (group.items?.length ?? 0) > 0);
  // The API's long list only on its own pages.
  return { '/guide/': guide, '/reference/api/': [...REFERENCE, ...apiSidebar()], '/reference/': REFERENCE, '/': guide };
}
