/** Messages per page of a thread's conversation (the server prefetch and the browser must agree). */
export const threadMessagesPageSize = 100;

/** Runs of one thread a page shows boundaries for; a longer thread shows ids for the oldest. */
export const threadRunsShown = 200;
