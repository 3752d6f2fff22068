// Copies the draft as the request the app would send, as a curl command that reads the
// key from the environment (the key never reaches the page, nor the clipboard).
import { API_KEY_VARIABLE, curlCommand } from '../../../shared/app/api-request'
import { useAppInfo } from '../../stores/app-info'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'

export function CopyApiRequest({ body }: { body: Record<string, unknown> | null }) {
  const baseUrl = useAppInfo((s) => s.info?.baseUrl ?? '')
  const copy = async () => {
    if (!body) return
    try {
      // A new key each time, as for a new submission: a pasted command makes its own job once.
      await navigator.clipboard.writeText(curlCommand({ baseUrl, body, idempotencyKey: crypto.randomUUID() }))
      toast.success(`Copied as a curl command; it reads the API key from $${API_KEY_VARIABLE}`)
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
