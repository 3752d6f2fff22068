// "Copy as API request" gives a curl command that sends exactly the app's request: run
// by bash with curl standing in as a function that prints its arguments, it yields the
// route, the headers and a body equal to the request, whatever the prompt holds. The API
// key is read from the environment and never written into the command.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { curlCommand } from '../../../src/shared/app/api-request'

const KEY = 'mg_live_0123456789abcdef'

/** The arguments curl would have been given, read by running the command in bash. */
function runCurl(command: string): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\n${command}\n`
  const run = spawnSync('bash', ['-s'], { input: script, encoding: 'utf8', env: { PATH: process.env.PATH, MEDIAGEN_API_KEY: KEY } })
  if (run.status !== 0) throw new Error(`bash failed: ${run.stderr}`)
  return run.stdout.split('\0').slice(0, -1)
}

function parsed(args: string[]): { method: string; url: string; headers: string[]; body: unknown } {
  const headers: string[] = []
  let method = ''
  let url = ''
  let body: unknown
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '-X') method = args[++i]!
    else if (arg === '-H') headers.push(args[++i]!)
    else if (arg === '--data-raw') body = JSON.parse(args[++i]!)
    else url = arg
  }
  return { method, url, headers, body }
}

const PROMPTS = [
  `it's a "quoted" prompt`,
  'costs $5 and $(rm -rf ~) and ${HOME} and `whoami`',
  'two\nlines\r\nand a tab\t and a backslash \\ at the end \\',
  "'\\'' closing quotes '' and \\n literal",
  '日本の灯台 🌊 \u2028 and -H "X-Evil: 1" --data-raw {}',
  '; echo pwned; #'
]

describe('copy as API request', () => {
  it.each(PROMPTS.map((p) => [p]))('sends the request as the app would, for the prompt %j', (prompt) => {
    const body = { model: 'i3-4', prompt, i3Params: { seed: 42, steps: 20, aspect_ratio: '4:3' } }
    const command = curlCommand({ baseUrl: 'https://api.example.com/', body, idempotencyKey: 'key-1' })
    expect(command).not.toContain(KEY)
    expect(parsed(runCurl(command))).toEqual({
      method: 'POST',
      url: 'https://api.example.com/v2/images/generations',
      headers: [`X-API-Key: ${KEY}`, 'Content-Type: application/json', 'Idempotency-Key: key-1'],
      body
    })
  })

  it("goes to each kind of job's own route", () => {
    const target = (body: Record<string, unknown>) => parsed(runCurl(curlCommand({ baseUrl: 'http://127.0.0.1:4010', body, idempotencyKey: 'k' }))).url
    expect(target({ model: 'u1-1', u1Params: { image: 'https://cdn.example.com/a.png' } })).toBe('http://127.0.0.1:4010/v2/images/upscale')
    expect(target({ model: 'm1-1', prompt: 'calm piano' })).toBe('http://127.0.0.1:4010/v2/music/generations')
    expect(() => curlCommand({ baseUrl: 'http://x', body: { model: 'nope' }, idempotencyKey: 'k' })).toThrow(/Unknown model 'nope'/)
  })
})
