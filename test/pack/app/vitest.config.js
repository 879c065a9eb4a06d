// Vitest's browser mode for an app's agent code: tests run in Chromium
// (Playwright as the provider), on a Vite server that also serves pageloop's
// mock endpoint (pageloopMock) and builds model modules (modelModules).
// CHROME_PATH: a Chromium already on the machine (else Playwright's own).
import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { modelModules, pageloopMock } from 'pageloop/testing/vite';

export default defineConfig({
  plugins: [pageloopMock(), modelModules()],
  test: {
    include: ['tests/**/*.test.js'],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: process.env.CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] } }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
