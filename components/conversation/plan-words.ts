/**
 * The plan's words in English (plan-view.ts, a chunk of its own, carries
 * them): the ids every catalog translates (components/i18n/words.ts).
 * Counts come formatted in the element's language.
 */
export const planWords = {
  planTitle: 'Plan',
  /** Numbers written; the last parameter the same number as the first, which picks the plural form (`count`: the tasks done). */
  planCount: (done: string, total: string, count: number) => `${done} of ${total} done`,
  planFailedCount: (count: string, n: number) => `${count} failed`,
  planBlockedCount: (count: string, n: number) => `${count} blocked`,
  planTasks: 'Tasks',
  planPending: 'pending',
  planInProgress: 'in progress',
  planDone: 'done',
  planFailed: 'failed',
  planBlocked: 'blocked',
  planAfter: (titles: string) => `after ${titles}`,
};

export type PlanWords = typeof planWords;
