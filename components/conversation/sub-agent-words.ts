/**
 * A sub-agent's words in English (sub-agent-view.ts, a chunk of its own,
 * carries them): the ids every catalog translates (components/i18n/words.ts).
 */
export const subAgentWords = {
  subAgentTitle: 'Sub-agent',
  subAgentWorking: 'working',
  subAgentStep: (n: string, max: string) => `step ${n} of ${max}`,
  subAgentFinished: 'finished',
  /** `count` picks the plural form; `shown` is it formatted. */
  subAgentCalls: (count: number, shown: string) => (count === 1 ? '1 tool call' : `${shown} tool calls`),
};

export type SubAgentWords = typeof subAgentWords;
