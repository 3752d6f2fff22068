// The startup benchmark's measuring code, run inside the page (injected before the page's
// own scripts, as `window.__startup`), so its clock is the page's: milliseconds from the
// start of navigation. On every animation frame it looks for Create's prompt box and
// Generate; once both are on screen it types a prompt, as a user who starts at once would,
// and Create is usable on the first frame Generate is enabled with that prompt (the model
// list has arrived and the form is valid). The page's CSP refuses strings run as code, so
// the driver reads the result with a plain expression (`window.__startup.usable`).
;(() => {
  const PROMPT = 'a lighthouse on a cliff at dusk, oil painting'

  interface Startup {
    /** The prompt box and Generate first on screen. */
    shownMs: number
    /** Generate enabled with the typed prompt. */
    usableMs: number
    /** Scripts whose last byte had arrived by then: bytes on the wire and bytes to parse. */
    scripts: { count: number; wireBytes: number; parsedBytes: number }
    /** Where the time went: the page's first script in, its first call out, the info and the models answered, its first render. */
    phases: { scriptMs: number; firstCallMs: number; infoMs: number; modelsMs: number; renderedMs: number }
  }

  const byTestId = <T extends HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`)
  const onScreen = (el: HTMLElement | null): el is HTMLElement => el !== null && el.getClientRects().length > 0

  /** Types into a React-controlled text box: the value through its native setter, then `input`. */
  function type(box: HTMLTextAreaElement, text: string): void {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(box, text)
    box.dispatchEvent(new Event('input', { bubbles: true }))
  }

  function scriptsBy(ms: number): Startup['scripts'] {
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => /\.m?js(\?|$)/.test(new URL(r.name).pathname) && r.responseEnd <= ms)
    return {
      count: scripts.length,
      wireBytes: scripts.reduce((n, r) => n + r.encodedBodySize, 0),
      parsedBytes: scripts.reduce((n, r) => n + r.decodedBodySize, 0)
    }
  }

  // The first render: the moment React first puts anything in #root.
  let renderedMs = NaN
  new MutationObserver((_, observer) => {
    if (document.getElementById('root')?.firstChild) {
      renderedMs = performance.now()
      observer.disconnect()
    }
  }).observe(document, { childList: true, subtree: true })

  function phases(): Startup['phases'] {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const calls = resources.filter((r) => new URL(r.name).pathname.startsWith('/api/invoke/'))
    const firstOf = (route: string) => calls.find((r) => r.name.endsWith(`/api/invoke/${route}`))?.responseEnd ?? NaN
    const script = resources.find((r) => /\.m?js(\?|$)/.test(new URL(r.name).pathname))
    return {
      scriptMs: script?.responseEnd ?? NaN,
      firstCallMs: Math.min(...calls.map((r) => r.startTime)),
      infoMs: firstOf('app.info'),
      modelsMs: firstOf('catalog.list'),
      renderedMs
    }
  }

  // Looked at just after each frame, when its layout is done: reading sizes inside the
  // frame's own callback would force that layout early and add to what is measured.
  const afterFrame = (then: (frameMs: number) => void) =>
    requestAnimationFrame((frameMs) => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => then(frameMs)
      channel.port2.postMessage(null)
    })

  let shownMs: number | null = null
  const usable = new Promise<Startup>((resolve) => {
    const check = (frameMs: number) => {
      const prompt = byTestId<HTMLTextAreaElement>('prompt-input')
      const generate = byTestId<HTMLButtonElement>('submit-job')
      if (onScreen(prompt) && onScreen(generate) && !prompt.disabled && !prompt.readOnly) {
        shownMs ??= frameMs
        if (prompt.value === '') type(prompt, PROMPT)
        else if (!generate.disabled) return resolve({ shownMs, usableMs: frameMs, scripts: scriptsBy(frameMs), phases: phases() })
      }
      afterFrame(check)
    }
    afterFrame(check)
  })

  Object.assign(window, { __startup: { usable } })
})()
