/**
 * pageloop's documentation site (VitePress). `npm run docs` serves it,
 * `npm run docs:build` builds it into docs-site/dist; both generate the
 * reference pages from the source first (scripts/docs/generate.js).
 *
 * VitePress rather than Starlight: it is Vite, as the project is (its own
 * Vite 5 nests under it beside the project's Vite 8); its local search builds
 * its index into the site, so search works offline; it runs on Node 20
 * (Starlight 0.42 needs Astro 7, which wants Node 22.12); and TypeDoc's markdown plugin has a
 * VitePress theme (typedoc-vitepress-theme) for the generated API pages.
 */
import { defineConfig } from 'vitepress';
import { sidebar } from './sidebar.js';

export default defineConfig({
  title: 'pageloop',
  description: 'An in-page AI agent SDK: the agent loop in a Web Worker, any OpenAI-compatible endpoint, page tools, approvals, and a drop-in <agent-chat> element.',
  lang: 'en',
  base: process.env.DOCS_BASE ?? '/',
  outDir: 'dist',
  cacheDir: '.vitepress/cache',
  srcExclude: ['dist/**', 'README.md'],
  // Offline hosting anywhere: plain .html files, no server rewrites needed.
  cleanUrls: false,
  lastUpdated: false,
  // No network at build or in the browser: fonts are the system's.
  head: [['meta', { name: 'color-scheme', content: 'light dark' }]],
  markdown: {
    // The high-contrast variants: every token at least 4.5:1 on the code background (axe, both themes).
    theme: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
  },
  vue: {
    template: { compilerOptions: { isCustomElement: (tag) => tag === 'agent-chat' || tag === 'agent-trace' } },
  },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/' },
      { text: 'Reference', link: '/reference/' },
      { text: 'API', link: '/reference/api/' },
    ],
    sidebar: sidebar(),
    search: { provider: 'local' },
    outline: { level: [2, 3] },
    docFooter: { prev: 'Previous', next: 'Next' },
  },
});
