/** Thrown when a contender's run did not do the workload exactly; aborts the benchmark. */
export class WorkloadMismatch extends Error {
  override readonly name = 'WorkloadMismatch'
}

/** Fails the benchmark unless `condition` holds. */
export function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new WorkloadMismatch(what)
}
