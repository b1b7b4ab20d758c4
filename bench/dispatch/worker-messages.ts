/** What the measuring process tells a worker process. */
export type ToWorkerMessage = { type: 'start' } | { type: 'report' } | { type: 'stop' };

/** What a worker process answers. `starts` pairs a job id with the wall-clock ms its handler began. */
export type FromWorkerMessage = { type: 'ready' } | { type: 'started' } | { type: 'report'; starts: [string, number][] } | { type: 'stopped' };
