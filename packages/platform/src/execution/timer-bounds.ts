/**
 * The longest delay a Node timer takes (2^31 − 1 ms, about 24.8 days). A longer one is clamped to 1 ms
 * (`TimeoutOverflowWarning`): an executor configured with a recovery interval of 2^31 ran its sweeps in a
 * tight loop. Every executor timer setting (lease, heartbeat, poll, recovery) is checked against it.
 */
export const maximumTimerMs = 2_147_483_647;

export const timerTooLong = `must be at most ${maximumTimerMs} ms (about 24.8 days): Node fires a longer timer at once`;
