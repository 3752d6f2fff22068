// Copies the draft as the request the app would send, as a curl command that reads the
// key from the environment (the key never reaches the page, nor the clipboard). Where the
// model takes a seed and the draft has none, one is picked as the app would pick it, so
// the command makes the same picture each time it is run.
import { paramsOf, parseGenerationRequest } from '../../../shared/api'
import { withPickedSeed } from '../../../shared/api/seed'
import { API_KEY_VARIABLE, curlCommand } from '../../../shared/app/api-request'
import { useApp } from '../../stores/app'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'

/** The body with a seed where the app would pick one, and that seed (null when none was picked). */
function seeded(body: Record<string, unknown>): { body: Record<string, unknown>; picked: unknown } {
  const parsed = parseGenerationRequest(body)
  if (!parsed.ok) return { body, picked: null }
  const sent = withPickedSeed(parsed.model, parsed.request)
  if (sent === parsed.request) return { body, picked: null }
  const block = paramsOf(sent, parsed.model)
  return { body: { ...body, [parsed.model.blockName]: block }, picked: block.seed }
}

export function CopyApiRequest({ body }: { body: Record<string, unknown> | null }) {
  const baseUrl = useApp((s) => s.info?.baseUrl ?? '')
  const copy = async () => {
    if (!body) return
    try {
      const sent = seeded(body)
      // A new key each time, as for a new submission: a pasted command makes its own job once.
      await navigator.clipboard.writeText(curlCommand({ baseUrl, body: sent.body, idempotencyKey: crypto.randomUUID() }))
      const seedNote = sent.picked === null ? '' : ` with seed ${String(sent.picked)}, picked for it`
      toast.success(`Copied as a curl command${seedNote}; it reads the API key from $${API_KEY_VARIABLE}`)
    } catch (err) {
      toast.error(err instanceof Error && err.name !== 'NotAllowedError' ? err.message : 'Could not copy: the clipboard is not available here')
    }
  }
  return (
    <Button size="sm" variant="ghost" className="copy-api-request" data-testid="copy-api-request" disabled={!body || !baseUrl} onClick={() => void copy()}>
      Copy as API request
    </Button>
  )
}
