// The documentation's runnable code blocks, part 4 of 5 (test/docs/doc-snippets-suite.ts).
import { describeDocSnippets } from './doc-snippets-suite.js';

describeDocSnippets(3, 5);
