// Cuts a stream of bytes into lines, with a cap: a peer that sends a line without end is
// refused once it passes the cap, before more of it is kept in memory.

export class LineSplitter {
  private parts: Buffer[] = []
  private size = 0

  constructor(private readonly maxBytes: number) {}

  /** The lines `chunk` completes (without their `\n` or `\r\n`), or 'too_long' once a line passes the cap. */
  push(chunk: Buffer): string[] | 'too_long' {
    const lines: string[] = []
    let start = 0
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      if (this.size + nl - start > this.maxBytes) return 'too_long'
      this.parts.push(chunk.subarray(start, nl))
      lines.push(Buffer.concat(this.parts).toString('utf8').replace(/\r$/, ''))
      this.parts = []
      this.size = 0
      start = nl + 1
    }
    const rest = chunk.subarray(start)
    if (this.size + rest.length > this.maxBytes) return 'too_long'
    if (rest.length) {
      this.parts.push(rest)
      this.size += rest.length
    }
    return lines
  }
}
