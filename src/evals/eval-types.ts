/**
 * The eval's data, declared once for both sides: the dataset's shapes (read
 * and checked by dataset.js in Node) and what crosses to and from the eval
 * page (page/eval-page.js in Chromium). Types only.
 */

/** A tool as the eval page builds it for a case. */
export interface EvalTool {
  name: string;
  description?: string;
  /** JSON Schema of the arguments (default: an object of anything). */
  parameters?: Record<string, unknown>;
  /** What every call returns (default `{ ok: true }`). */
  result?: unknown;
  /**
   * Instead of `result`: a JavaScript function body run in the eval page with
   * `args` in scope, e.g. `return { city: args.city, tempC: 18 }` (may await).
   */
  body?: string;
  /** Every call fails with this message. */
  error?: string;
  /** Declared as the app declares it; the eval approves every call. */
  needsApproval?: boolean;
}

/** A call the case expects. */
export interface ExpectedCall {
  name: string;
  /** The arguments expected; absent: any. */
  args?: Record<string, unknown>;
  /** `subset` (default): these keys with these values, others allowed; `exact`: exactly these arguments. */
  argsMatch?: 'subset' | 'exact';
}

/**
 * A check of the final answer: words it contains (all of them), words it must
 * not contain, a regular expression, a JSON Schema its JSON must satisfy (the
 * answer, or its first fenced or braced JSON), or a rubric a judge model grades.
 */
export type AnswerCheck =
  | { contains: string | string[]; ignoreCase?: boolean }
  | { notContains: string | string[]; ignoreCase?: boolean }
  | { regex: string; flags?: string }
  | { schema: Record<string, unknown> }
  | { judge: string };

/** What a case expects. */
export interface Expectation {
  /** The page-tool calls expected over the whole case (the loop's own, such as `task_complete`, are not counted); `[]`: none. Absent: calls are not scored. */
  calls?: ExpectedCall[];
  /** `strict` (default): in this order; `any`: in any order. */
  order?: 'strict' | 'any';
  /** Other calls besides these do not fail the case (default false). */
  allowExtra?: boolean;
  /** Checks of the last turn's final answer (all must pass). */
  answer?: AnswerCheck | AnswerCheck[];
}

/** One case of a dataset. */
export interface EvalCase {
  /** Unique in the dataset. */
  id: string;
  /** The user's message. */
  prompt?: string;
  /** Instead of `prompt`: user messages sent one after the other, each answered through the loop before the next; the calls of all turns are scored, the answer of the last. */
  conversation?: string[];
  /** The app's system prompt for this case. */
  system?: string;
  /** The tools the page offers: declarations, or names of the dataset's shared tools. */
  tools?: Array<EvalTool | string>;
  expect?: Expectation;
  /** Model calls one reply may take (default the agent's, 10). */
  maxIterations?: number;
  tags?: string[];
}

/** A case as it runs: its turns, and its tools resolved. */
export interface ReadyCase extends Omit<EvalCase, 'tools'> {
  turns: string[];
  tools: EvalTool[];
}

/** A dataset, checked. */
export interface Dataset {
  name: string;
  cases: ReadyCase[];
}

/** One run the Node side asks of the eval page. */
export interface EvalJob {
  /** Agent options for `createAgent` (an endpoint's, or `engine`). */
  target: { name: string; options: Record<string, unknown> };
  evalCase: Pick<ReadyCase, 'id' | 'turns' | 'system' | 'tools' | 'maxIterations'>;
  timeoutMs: number;
}

/** What the eval page saw of one run. */
export interface RunRecord {
  /** Page-tool calls, in order. */
  calls: Array<{ name: string; args: unknown; status?: string; error?: string }>;
  /** The loop's own tools the model called (`task_complete`, `converse`, …). */
  builtinCalls: string[];
  /** The last turn's final text. */
  answer: string;
  finalReason: string;
  errors: Array<{ code?: string; message: string }>;
  /** How each model reply was read (the `reply-read` events). */
  replies: Array<{ protocol: string; format?: string; repairs: string[]; quirks: string[] }>;
  retries: number;
  modelCalls: number;
  tokens: { prompt: number; completion: number };
  /** From the first send to the model's first output (text, reasoning or a call). */
  firstTokenMs: number | null;
  /** From the first send to the last turn's final event. */
  totalMs: number;
  /** An in-page engine's model load, when this run waited for it. */
  loadMs?: number;
}
