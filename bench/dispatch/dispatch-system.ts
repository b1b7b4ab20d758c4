/**
 * What the bench needs from each queue: a producer in the measuring process and consumers in
 * worker processes. Every system enqueues one job per call and runs a handler that does nothing
 * but what that system needs to mark the job done.
 */
export interface DispatchSystem {
  name: string;
  /** Installs the system's schema on an empty database and returns a producer for it. */
  prepare(url: string): Promise<DispatchProducer>;
  /** Called in a worker process: connects, but claims nothing until `start`. */
  createConsumer(url: string, concurrency: number, onJobStarted: (jobId: string) => void): Promise<DispatchConsumer>;
}

export interface DispatchProducer {
  /** Enqueues one job through the system's public API and returns its id once committed. */
  enqueue(): Promise<string>;
  /** SQL counting jobs not yet finished; the measuring process polls it to detect the end. */
  unfinishedJobsQuery: string;
  close(): Promise<void>;
}

export interface DispatchConsumer {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes on one machine. */
export function wallClockMs(): number {
  return performance.timeOrigin + performance.now();
}
