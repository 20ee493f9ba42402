/**
 * From a worker, on the port it is given as `workerData.port` (see
 * `runInPool`): it has started (a job's clock runs from then); events of a
 * job, with their size in bytes (for flow control); or the job is done.
 */
export type FromWorker =
  | {type: 'ready'}
  | {type: 'events'; index: number; events: unknown[]; bytes: number; done?: true}
  | {type: 'done'; index: number}

/** To a worker: a job to run, or that `bytes` of its events were taken. */
export type ToWorker = {type: 'job'; index: number; job: unknown} | {type: 'ack'; bytes: number}

/**
 * How many bytes of events a worker may have sent that the main thread has
 * not yet taken before it waits (see `workerChannel`); a job whose turn has not
 * come holds no more than this in the main thread.
 */
export const creditBytes = 4 * 1024 * 1024
