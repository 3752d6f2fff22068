// "Copy as API request": the request the app would send for a draft, as a curl command
// to paste in a terminal or a script. The key is never in it: the command reads it from
// MEDIAGEN_API_KEY, so a copied command can be shared without giving the account away.
// Headers are the service's (spec: Authentication): programmatic callers send the key in
// X-API-Key; Idempotency-Key makes a repeated run return the same job.
import { DEFAULT_PROFILE, getModel, SUBMIT_ROUTE, type ServiceProfile } from '../api'

/** The environment variable the command reads the API key from. */
export const API_KEY_VARIABLE = 'MEDIAGEN_API_KEY'

export interface ApiRequestInput {
  /** The service's base URL, as the app uses it. */
  baseUrl: string
  /** The JSON body, as validated for the model it names. */
  body: Record<string, unknown>
  idempotencyKey: string
  profile?: ServiceProfile
}

/** A word the shell takes literally: single-quoted, with each ' closed, escaped and reopened. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

/** The method and full URL of the route the body's model is submitted to. */
function submitTarget(input: ApiRequestInput): { method: string; url: string } {
  const model = typeof input.body.model === 'string' ? getModel(input.body.model) : undefined
  if (!model) throw new Error(`Unknown model '${String(input.body.model)}'`)
  const route = (input.profile ?? DEFAULT_PROFILE).routes[SUBMIT_ROUTE[model.kind]]
  return { method: route.method, url: `${input.baseUrl.replace(/\/+$/, '')}${route.path}` }
}

/** The curl command, one option a line. */
export function curlCommand(input: ApiRequestInput): string {
  const { method, url } = submitTarget(input)
  return [
    `curl -X ${method} ${shellQuote(url)}`,
    // Double quotes, so the shell puts the key in from the environment.
    `-H "X-API-Key: $${API_KEY_VARIABLE}"`,
    `-H ${shellQuote('Content-Type: application/json')}`,
    `-H ${shellQuote(`Idempotency-Key: ${input.idempotencyKey}`)}`,
    `--data-raw ${shellQuote(JSON.stringify(input.body))}`
  ].join(' \\\n  ')
}
