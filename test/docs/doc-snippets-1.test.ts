// The documentation's runnable code blocks, part 1 of 5 (test/docs/doc-snippets-suite.ts).
import { describeDocSnippets } from './doc-snippets-suite.js';

describeDocSnippets(0, 5);
