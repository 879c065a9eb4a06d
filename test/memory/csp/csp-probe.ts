// Runs in csp/vector-index.html under a policy without 'wasm-unsafe-eval' and reports to the test page.
import { VectorIndex } from '../../../src/memory/vector-index.js';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));

let result: Record<string, unknown>;
try {
  const index = new VectorIndex(32);
  for (let i = 0; i < 200; i++) index.set(i, Array.from({ length: 32 }, (_, j) => Math.sin(i * 7.1 + j * 1.3)));
  const query = Array.from({ length: 32 }, (_, j) => Math.sin(123 * 7.1 + j * 1.3));
  result = { kind: 'memory-csp', simd: index.simd, best: index.search(query, 3)[0]?.slot };
} catch (err) {
  result = { kind: 'memory-csp', error: String(err) };
}
// Violation events are dispatched asynchronously.
setTimeout(() => parent.postMessage({ ...result, violations }, '*'), 0);
