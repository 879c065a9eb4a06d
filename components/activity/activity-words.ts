/**
 * A remote agent's activity card in English (activity-card.ts, a chunk of
 * its own, carries it): the ids every catalog translates
 * (components/i18n/words.ts). The activity's type and content are the
 * server's data, shown as they come.
 */
export const activityWords = {
  activityOf: (type: string) => `Activity: ${type}`,
};

export type ActivityWords = typeof activityWords;
