/**
 * The plan's words in English (plan-view.ts, a chunk of its own, carries
 * them): the ids every catalog translates (components/i18n/words.ts).
 * Counts come formatted in the element's language.
 */
export const planWords = {
  planTitle: 'Plan',
  planCount: (done: string, total: string) => `${done} of ${total} done`,
  planFailedCount: (count: string) => `${count} failed`,
  planBlockedCount: (count: string) => `${count} blocked`,
  planTasks: 'Tasks',
  planPending: 'pending',
  planInProgress: 'in progress',
  planDone: 'done',
  planFailed: 'failed',
  planBlocked: 'blocked',
  planAfter: (titles: string) => `after ${titles}`,
};

export type PlanWords = typeof planWords;
