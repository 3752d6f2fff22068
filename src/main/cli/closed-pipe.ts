// `cli ls | head`: once the reader is gone there is no one left to tell anything, so a
// closed pipe on standard output ends the process quietly, with success, as other
// command-line tools do. Any other write error is a real failure.
export function quietOnClosedPipe(stream: NodeJS.WriteStream, exit: (code: number) => void = (code) => process.exit(code)): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') exit(0)
    else {
      process.stderr.write(`error: could not write the output: ${error.message}\n`)
      exit(1)
    }
  })
}
