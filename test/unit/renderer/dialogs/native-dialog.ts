// What a browser does that happy-dom does not: Escape on a modal <dialog> fires a
// cancelable `cancel` and, unless it is cancelled, closes the dialog (which fires `close`).
// The component leaves Escape to the browser, so the tests play the browser's part.
export function pressEscapeOn(dialog: HTMLDialogElement): void {
  const cancel = new Event('cancel', { cancelable: true })
  if (dialog.dispatchEvent(cancel)) dialog.close()
}
