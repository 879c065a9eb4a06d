// The in-page engine from the installed package (its entry, pageloop/engine, imported once): llama.cpp's wasm must come
// out of the bundle (no CDN), run the repository's tiny test model, answer.
import 'pageloop/engine';
import { createAgent } from 'pageloop';

const report = (window.__report = { events: [] });
const agent = createAgent({ engine: { gguf: '/models/tiny-toolcaller-q8_0.gguf', temperature: 0, seed: 1, cache: false } });
agent.on((e) => {
  if (e.type === 'engine') report.events.push(`engine:${e.status.state}`);
});
const final = await agent.send('hello').done;
report.final = { ...final, engine: agent.engine.status() };
