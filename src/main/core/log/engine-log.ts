// The engine's log: JSON lines in `logs/engine.log` inside the data folder, rotated by
// size so it never grows past a few files (5 MiB each, the current one and 4 older:
// engine.log.1 is the newest of those). pino formats the lines; rotating-file-stream
// writes and rotates them in this thread (pino transports would run worker threads,
// which are awkward inside an Electron bundle). Every line is redacted (see redact.ts).
// Logging is best effort: a log that cannot be written never stops the engine.
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pino, type Logger } from 'pino'
import { createStream, type RotatingFileStream } from 'rotating-file-stream'
import { CENSOR, replaceSecrets, SENSITIVE_PATHS } from './redact'

export type LogFields = Record<string, unknown>

export interface EngineLog {
  info(event: string, fields?: LogFields): void
  warn(event: string, fields?: LogFields): void
  error(event: string, fields?: LogFields): void
  /** The current log file's absolute path; null for the no-op log. */
  readonly path: string | null
  /** Writes out everything logged so far and closes the file. */
  close(): Promise<void>
}

export interface EngineLogOptions {
  /** Strings (API keys) to replace by `***` wherever they appear; asked for each line, so a new key is covered at once. */
  redact?: () => readonly string[]
  /** Size at which the file is rotated; default 5 MiB. */
  maxFileBytes?: number
  /** Files kept, the current one included; default 5. */
  maxFiles?: number
  /** The file's name in the `logs` folder; default engine.log (the desktop app's updater keeps updates.log). */
  fileName?: string
}

export const LOG_FILE_NAME = 'engine.log'
const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024
const DEFAULT_MAX_FILES = 5

export function openEngineLog(dataDir: string, opts: EngineLogOptions = {}): EngineLog {
  const dir = resolve(dataDir, 'logs')
  // Private like the rest of the data folder: the log names prompts and jobs.
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const fileName = opts.fileName ?? LOG_FILE_NAME
  const stream = createStream((index: number | Date | null) => (typeof index === 'number' && index > 0 ? `${fileName}.${index}` : fileName), {
    path: dir,
    size: `${opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES}B`,
    // Classic logrotate numbering: the current file plus this many older ones.
    rotate: Math.max(1, (opts.maxFiles ?? DEFAULT_MAX_FILES) - 1),
    mode: 0o600
  })
  const redact = opts.redact ?? (() => [])
  const logger = pino(
    {
      base: { pid: process.pid },
      messageKey: 'event',
      timestamp: pino.stdTimeFunctions.isoTime,
      // "info" rather than 30: the file is meant to be read by people too.
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: SENSITIVE_PATHS, censor: CENSOR },
      hooks: { streamWrite: (line) => replaceSecrets(line, redact()) }
    },
    stream
  )
  return new FileLog(logger, stream, join(dir, fileName))
}

class FileLog implements EngineLog {
  private broken = false
  private closing: Promise<void> | null = null

  constructor(private readonly logger: Logger, private readonly stream: RotatingFileStream, readonly path: string) {
    // Once the stream fails (disk full, folder removed) it is closed for good; later
    // lines are dropped instead of throwing into the engine.
    stream.on('error', () => {
      this.broken = true
    })
  }

  info(event: string, fields?: LogFields): void {
    this.write('info', event, fields)
  }

  warn(event: string, fields?: LogFields): void {
    this.write('warn', event, fields)
  }

  error(event: string, fields?: LogFields): void {
    this.write('error', event, fields)
  }

  private write(level: 'info' | 'warn' | 'error', event: string, fields: LogFields | undefined): void {
    if (this.broken || this.closing) return
    this.logger[level](fields ?? {}, event)
  }

  close(): Promise<void> {
    this.closing ??= new Promise<void>((done) => {
      if (this.broken || this.stream.destroyed) return done()
      // 'finish' once every queued line is handed to the file, then the file is closed.
      this.stream.once('close', () => done())
      this.stream.once('error', () => done())
      this.stream.end()
    })
    return this.closing
  }
}

/** The log, or (when its folder cannot be made, e.g. on a full disk) a log that writes nothing. */
export function openEngineLogOrNone(dataDir: string, opts: EngineLogOptions, onError: (err: Error) => void): EngineLog {
  try {
    return openEngineLog(dataDir, opts)
  } catch (err) {
    onError(err instanceof Error ? err : new Error(String(err)))
    return noopEngineLog()
  }
}

/** A log that writes nothing: for tests and for callers that have no data folder. */
export function noopEngineLog(): EngineLog {
  return { info: () => undefined, warn: () => undefined, error: () => undefined, path: null, close: async () => undefined }
}
