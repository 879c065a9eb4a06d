// A zod-mini tool exposed to WebMCP (strict polyfill as `document.modelContext`),
// defined while pageloop's zod-mini converter is still loading: this file is its
// own page, so the converter is not loaded when its one test defines the tool.
// (Here the bridge's chunk tends to arrive after the converter's; the bridge
// waits for the converter either way, webmcp-bridge.ts.)
import { expect } from 'chai';
import * as zm from 'zod/mini';
import { toJSONSchema } from 'zod/v4/core';
import { cleanupWebMCPPolyfill, initializeWebMCPPolyfill } from '@mcp-b/webmcp-polyfill';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { toolSchemasPending } from '../../src/tools/tool-schema.js';
import type { ModelContext } from '../../src/page/webmcp/model-context.js';

describe('WebMCP expose, zod-mini tool', () => {
  beforeEach(() => initializeWebMCPPolyfill());
  afterEach(() => cleanupWebMCPPolyfill());

  it('registers the tool with its JSON Schema as inputSchema once the converter is in', async () => {
    const schema = zm.object({ city: zm.string(), days: zm.optional(zm.number()) });
    const weather = defineTool({ name: 'weather', description: 'Weather of a city', parameters: schema, readOnly: true, execute: ({ city }) => `${city}: sun` });
    expect(toolSchemasPending(), 'the converter must still be loading for this test to mean anything').to.equal(true);
    const agent = createAgent({ baseURL: 'http://127.0.0.1:9/v1', model: 'mock-model', tools: [weather], webmcp: { expose: true } });
    try {
      expect(await agent.webmcp.ready).to.include({ state: 'ready' });
      const listed = (await (document as unknown as { modelContext: Required<ModelContext> }).modelContext.getTools()).find((t) => t.name === 'weather');
      const { $schema: _, ...zods } = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
      expect(listed?.inputSchema).to.deep.equal(zods);
    } finally {
      agent.dispose();
    }
  });
});
