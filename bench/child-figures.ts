// A benchmark's measurement in a fresh process (this repository's file `file` run again
// with `--child` and `args`), so its peak memory and caches belong to it alone: the
// figures it prints as JSON on its last line.
import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'

export async function childFigures(file: string, ...args: string[]): Promise<Record<string, number>> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file, '--child', ...args], { cwd: resolve(import.meta.dirname, '..'), maxBuffer: 1 << 20 })
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, number>
}

/** A figure to one decimal. */
export const r1 = (v: number | undefined): number => Math.round((v ?? NaN) * 10) / 10
