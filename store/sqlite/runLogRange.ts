/**
 * Where a run's rows sit in the run log (schema step 7): the ids of run number `n` are
 * `n * 2^32 + 0, 1, 2, …` in the order they were appended, so a run's rows are one range of the
 * log's rowid B-tree, found with no index, and a commit's rows go at the end of its run's range
 * (the log's right edge for the newest run). Named parameters: `:run` is the run's number.
 */
export const inRun = 'id >= :run * 4294967296 AND id < (:run + 1) * 4294967296'

/** Appends one row (`:run`, `:runId`, `:kind`, `:key`, `:body`) after the last of its run. */
export const appendToRun = `INSERT INTO run_log (id, run_no, run_id, kind, key, body) VALUES (
  coalesce((SELECT id + 1 FROM run_log WHERE ${inRun} ORDER BY id DESC LIMIT 1),
    :run * 4294967296),
  :run, :runId, :kind, :key, :body)`

/** The run's number of `:runId`, for the readers: `:run` taken from `runs`. */
export const inRunOf = inRun.replaceAll(':run', '(SELECT run_no FROM runs WHERE run_id = :runId)')
