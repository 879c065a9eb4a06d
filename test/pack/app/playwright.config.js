// Playwright Test for an app with <agent-chat>: its production build served by
// `vite preview`, the model replaced by pageloop's mock server in each test
// (e2e/chat.spec.js). CHROME_PATH: a Chromium already on the machine (else
// Playwright's own, from `npx playwright install chromium`).
import { defineConfig } from '@playwright/test';

const port = Number(process.env.PREVIEW_PORT ?? 4179);

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] },
  },
  webServer: { command: `npx vite preview --port ${port} --strictPort`, url: `http://localhost:${port}/chat.html`, reuseExistingServer: false },
});
