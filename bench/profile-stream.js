// Profiles one <agent-chat> reply streamed at full speed: long tasks and long-animation-frame
// attribution (which callback, how much forced layout). Not part of npm run bench; a tool for chasing
// main.longtasks_worker. Usage: node bench/profile-stream.js [tokens=2000] [windowChars=0 (0: today's renderer)] [extra CSS for the shadow root]
import { chromium } from 'playwright-core';
import { startBenchServer } from './lib/server.js';
const srv = await startBenchServer(new URL('..', import.meta.url).pathname);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage();
await page.goto(srv.url + '/bench/blank.html');
const tokens = Number(process.argv[2] ?? 2000); await page.evaluate(([w, cv]) => { window.WIN = w; window.CV = cv; }, [Number(process.argv[3] ?? 0), process.argv[4] ?? '']);
console.log(await page.evaluate(async (tokens) => {
  await import('/components/define.ts'); if (window.WIN) (await import('/bench/prototypes/windowed-render.ts')).installWindowedRender(window.WIN);
  const chat = document.createElement('agent-chat');
  chat.setAttribute('model', 'x'); chat.setAttribute('model-module', new URL('/bench/stream-model.ts', location.href).href);
  chat.style.cssText = 'display:block;height:600px;width:760px'; document.body.append(chat);
  await chat.agent.ready; if (window.CV) { const sheet = new CSSStyleSheet(); sheet.replaceSync(window.CV); chat.shadowRoot.adoptedStyleSheets = [...chat.shadowRoot.adoptedStyleSheets, sheet]; }
  const marks = [];
  chat.addEventListener('agent-event', (e) => { if (e.detail.type !== 'text' || marks.length < 3) marks.push(`${e.detail.type}@${performance.now().toFixed(0)}`); });
  const send = async (n) => { const done = new Promise(r => chat.addEventListener('agent-event', (e) => e.detail.type === 'final' && r())); chat.send(`tokens=${n}`); await done; await chat.updateComplete; };
  await send(200);
  marks.length = 0;
  const loaf = []; const lt = [];
  const o1 = new PerformanceObserver((l) => loaf.push(...l.getEntries())); o1.observe({ type: 'long-animation-frame' });
  const o2 = new PerformanceObserver((l) => lt.push(...l.getEntries())); o2.observe({ type: 'longtask' });
  const t0 = performance.now();
  await send(tokens);
  await new Promise(r => setTimeout(r, 300));
  o1.disconnect(); o2.disconnect();
  return JSON.stringify({ t0: t0.toFixed(0), marks: marks.slice(0, 8).concat(marks.slice(-3)), lt: lt.map(e => `${e.startTime.toFixed(0)}+${e.duration.toFixed(0)}`), loaf: loaf.map(f => ({ start: f.startTime.toFixed(0), dur: f.duration.toFixed(0), block: f.blockingDuration, render: (f.renderStart ? (f.startTime + f.duration - f.renderStart) : 0).toFixed(0), style: (f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0).toFixed(0), scripts: f.scripts.map(s => `${s.invoker}|${s.sourceFunctionName}|${s.sourceURL.split('/').slice(-2).join('/')}:${s.duration.toFixed(0)} fl${s.forcedStyleAndLayoutDuration.toFixed(0)} pc${(s.pauseDuration||0).toFixed(0)}`) })) }, null, 1);
}, tokens));
await browser.close(); await srv.stop();
