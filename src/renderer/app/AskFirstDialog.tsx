// The question main has the page ask before a send above the ask-first threshold: main's
// own sentence ("This send costs 40 credits, above your ask-first threshold of 30 —
// send?"), answered Send or Don't send. Closing it is a no.
import { useTranslation } from '../i18n/page-i18n'
import { useSpendLimits } from '../stores/spend-limits'
import { Button } from '../ui/Button'
import { Dialog } from '../ui/Dialog'

export function AskFirstDialog() {
  const { t } = useTranslation()
  const question = useSpendLimits((s) => s.questions[0] ?? null)
  const answer = useSpendLimits((s) => s.answer)
  return (
    <Dialog
      open={question !== null}
      title={t('shell:askFirst.title')}
      onClose={() => answer(false)}
      size="sm"
      testId="ask-first"
      initialFocusId="ask-first-send"
      footer={
        <>
          <Button variant="ghost" onClick={() => answer(false)} data-testid="ask-first-cancel">
            {t('shell:askFirst.keep')}
          </Button>
          <Button variant="primary" id="ask-first-send" onClick={() => answer(true)} data-testid="ask-first-send">
            {t('shell:askFirst.send')}
          </Button>
        </>
      }
    >
      <p data-testid="ask-first-message">{question?.message}</p>
    </Dialog>
  )
}
