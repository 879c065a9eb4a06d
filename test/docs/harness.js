// Watches a documentation snippet's page for test/docs/doc-snippets-suite.ts (a
// classic script, so it runs before any module): every error of any kind, and
// the events of every agent — the element's bubble up as `agent-event`, those
// of `createAgent` arrive through test/docs/pageloop-shim.ts.
(() => {
  const record = { errors: [], events: [], agents: 0 };
  window.__docs = record;
  addEventListener(
    'error',
    (e) => {
      if (e.target instanceof Element) record.errors.push(`failed to load ${e.target.src || e.target.href}`);
      else record.errors.push(`uncaught: ${e.message} (${e.filename}:${e.lineno})`);
    },
    true,
  );
  addEventListener('unhandledrejection', (e) => record.errors.push(`unhandled rejection: ${e.reason?.stack ?? e.reason}`));
  const error = console.error.bind(console);
  console.error = (...args) => {
    record.errors.push(`console.error: ${args.map(String).join(' ')}`);
    error(...args);
  };
  document.addEventListener('agent-event', (e) => record.events.push(e.detail));
})();
