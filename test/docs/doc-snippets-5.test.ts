// The documentation's runnable code blocks, part 5 of 5 (test/docs/doc-snippets-suite.ts).
import { describeDocSnippets } from './doc-snippets-suite.js';

describeDocSnippets(4, 5);
