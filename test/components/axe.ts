/**
 * axe-core in the test page, loaded once: the violations of an element's
 * subtree (its shadow root included) as readable lines, so a test can
 * assert an empty list and a failure says what and where.
 */
interface AxeResult {
  violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown[] }> }>;
}
type AxeWindow = Window & { axe?: { run(context: Element, options: object): Promise<AxeResult> } };

/** The axe violations inside `element`, one line each. */
export async function axeViolations(element: Element): Promise<string[]> {
  const win = window as AxeWindow;
  if (!win.axe) {
    const script = document.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    const loaded = new Promise((resolve, reject) => {
      script.onload = resolve;
      script.onerror = reject;
    });
    document.head.append(script);
    await loaded;
  }
  const result = await win.axe!.run(element, { resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}
