/**
 * `<agent-trace>`'s words in English (its title, run picker, summary, the
 * rows' titles, facts and notes): the ids every catalog translates
 * (components/i18n/words.ts). In the trace view's chunk, loaded on first
 * open: a chat whose user never opens a trace carries none of them.
 * Attribute names, event names and values (`gen_ai.usage.input_tokens`,
 * `stop`) are the recorder's data, shown as recorded.
 */
export const agentTraceWords = {
  traceTitle: 'Trace',
  traceClose: 'Close',
  traceLoading: 'Loading the trace…',
  traceNothing: 'No trace to show: give the element an agent, a file or a src.',
  traceDropped: (count: number) =>
    count === 1
      ? "1 older span was dropped to keep the thread's trace within its size cap (option trace.maxBytes)."
      : `${count} older spans were dropped to keep the thread's trace within its size cap (option trace.maxBytes).`,
  traceNoRun: 'No run has been traced in this thread yet.',
  traceNoSpans: (run: string) => `No span of run ${run} is in this trace.`,
  traceSpansLabel: 'Spans of the run, in start order',
  traceRun: 'Run',
  /** `n` and `droppedN`: the numbers `count` and `dropped` write (their plural forms). */
  traceSpansInThread: (count: string, dropped: string, n: number, droppedN: number) => `${count} span${n === 1 ? '' : 's'} in the thread · ${dropped} dropped`,
  traceSummary: (duration: string, outcome: string, count: string, dropped: string, n: number, droppedN: number) => `${duration} · ${outcome} · ${count} span${n === 1 ? '' : 's'} · ${dropped} dropped`,
  traceRunning: 'running',
  traceDone: 'done',
  traceError: 'error',
  traceStillRunning: (duration: string) => `${duration}, running`,
  traceMs: (ms: string) => `${ms} ms`,
  traceSeconds: (seconds: string) => `${seconds} s`,
  traceMinutes: (minutes: string, seconds: string) => `${minutes} min ${seconds} s`,
  traceSubAgent: 'Sub-agent',
  traceModelRequest: 'Model request',
  traceModelRequestN: (n: string) => `Model request ${n}`,
  traceTool: (name: string) => `Tool ${name}`,
  factModel: (model: string) => `model ${model}`,
  factFirstToken: (time: string) => `first token ${time}`,
  factTokens: (input: string, output: string) => `tokens ${input} in · ${output} out`,
  factFinish: (reason: string) => `finish ${reason}`,
  factRetries: (count: number, wait: string) => (count === 1 ? `1 retry, waited ${wait}` : `${count} retries, waited ${wait}`),
  factStatus: (status: string) => `status ${status}`,
  factAnswer: (answer: string, wait: string) => `${answer} after ${wait}`,
  factStartedAfter: (wait: string) => `started after ${wait}`,
  factCancelled: 'cancelled',
  factError: (type: string) => `error ${type}`,
  factUnknown: 'unknown',
  noteRetry: (reason: string, wait: string, attempt: string) => `${reason}: waited ${wait} before attempt ${attempt}`,
  noteContext: (what: string, sizes: string) => `context ${what}: ${sizes}`,
  contextFolded: 'folded',
  contextDropped: 'dropped',
  contextCut: 'cut',
  /** `count`: the `after` number (its plural form). */
  noteContextSizes: (before: string, after: string, window: string, count: number) => `${before} → ${after} token${count === 1 ? '' : 's'} of ${window}`,
  noteContextMessages: (count: string, sizes: string, n: number) => `${count} message${n === 1 ? '' : 's'}, ${sizes}`,
  noteCall: (id: string) => `(call ${id})`,
  noteApprovalAsked: 'approval asked',
  noteError: (message: string) => `error: ${message}`,
  detailSpan: 'span',
  detailStatus: 'status',
  detailSpanId: 'span id',
  detailParent: 'parent',
  detailEvents: 'Events',
};

/** `<agent-trace>`'s words, as its language writes them. */
export type AgentTraceWords = typeof agentTraceWords;
