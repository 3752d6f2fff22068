// HTTP `Range: bytes=…` for one file, as <video> and <audio> send when seeking. Only a
// single range is served; a multi-range request gets the whole file, which HTTP allows.
// Pure, so that the Node host and Electron's library protocol answer ranges alike.

export type RangePlan =
  | { kind: 'whole' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' }

export function planRange(header: string | null, size: number): RangePlan {
  if (!header) return { kind: 'whole' }
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!m || (!m[1] && !m[2])) return { kind: 'whole' }
  let start: number
  let end: number
  if (!m[1]) {
    // bytes=-N: the last N bytes.
    const suffix = Number(m[2])
    if (suffix === 0) return { kind: 'unsatisfiable' }
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= size || start > end) return { kind: 'unsatisfiable' }
  return { kind: 'partial', start, end }
}
