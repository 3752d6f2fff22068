// How the library benchmarks time a set of queries: each run once untimed (to warm the JIT
// and the page cache), then once timed; the figures are the median and the 95th percentile.

export interface Percentiles {
  p50: number
  p95: number
}

/** The value at `p` percent of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

function percentiles(times: number[]): Percentiles {
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95) }
}

/** p50 / p95 in ms of the runs, each timed once after an untimed pass. */
export function timed(runs: (() => unknown)[]): Percentiles {
  for (const run of runs) run()
  return percentiles(
    runs.map((run) => {
      const started = performance.now()
      run()
      return performance.now() - started
    })
  )
}

/** The same for runs that answer later. */
export async function timedAsync(runs: (() => Promise<unknown>)[]): Promise<Percentiles> {
  for (const run of runs) await run()
  const times: number[] = []
  for (const run of runs) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  return percentiles(times)
}
