// The gallery benchmark's measuring code, run inside the page (injected as a script before
// the page's own, as `window.__probe`), so no DevTools round trip is counted: first paint,
// a requestAnimationFrame sampler while scrolling, DOM node counts, the time a filter takes
// to show, and the naive baseline gallery.
;(() => {
  const frame = () => new Promise<number>((r) => requestAnimationFrame(r))
  const byTestId = <T extends HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`)

  /** Resolves on the first frame after an image inside `selector` has decoded. */
  function painted(selector: string): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        const img = document.querySelector<HTMLImageElement>(`${selector} img[src]`)
        if (img && img.complete && img.naturalWidth > 0) requestAnimationFrame(() => resolve())
        else requestAnimationFrame(check)
      }
      check()
    })
  }

  let paintStart = 0
  let pressedAt: number | null = null
  let paint: Promise<{ fromPress: number; fromCall: number }> = Promise.resolve({ fromPress: 0, fromCall: 0 })
  /**
   * Starts the clock; the caller then clicks and awaits `firstGrid()`. The grid is timed
   * from the press's own time stamp (when the page received it), and also from this call,
   * which adds the driver's checks before its click (it waits for the button to hold still
   * over animation frames) to what the user would see.
   */
  function watchFirstGrid(): void {
    paintStart = performance.now()
    pressedAt = null
    addEventListener('pointerdown', (e) => (pressedAt = e.timeStamp), { capture: true, once: true })
    paint = painted('[data-testid="gallery-item"]').then(() => {
      const now = performance.now()
      return { fromPress: now - (pressedAt ?? paintStart), fromCall: now - paintStart }
    })
  }

  /**
   * Turns the wheel over `el` by `px`: the page's own wheel handler takes it where it has
   * one (the gallery past a million entries, whose canvas pixels are several rows' pixels
   * each), else the content is scrolled by `px`, as the browser does with a wheel.
   */
  function wheel(el: HTMLElement, px: number): void {
    const taken = !el.dispatchEvent(new WheelEvent('wheel', { deltaY: px, bubbles: true, cancelable: true }))
    if (!taken) el.scrollTop += px
  }

  /**
   * Scrolls `selector` down continuously (40 px of content a frame, about 2,400 px/s) for `ms`, then
   * jumps to its middle and its end; records each frame's time and the most DOM nodes seen.
   */
  async function scrollRun(selector: string, ms: number) {
    const el = document.querySelector<HTMLElement>(selector)
    if (!el) throw new Error(`nothing matches ${selector}`)
    const nodes = () => document.getElementsByTagName('*').length
    const deltas: number[] = []
    let maxNodes = nodes()
    let last = await frame()
    const start = last
    for (let n = 0; last - start < ms; n++) {
      wheel(el, 40)
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) el.scrollTop = 0
      const t = await frame()
      deltas.push(t - last)
      last = t
      if (n % 5 === 0) maxNodes = Math.max(maxNodes, nodes())
    }
    for (const at of [0.5, 1]) {
      el.scrollTop = el.scrollHeight * at
      await frame()
      await frame()
      maxNodes = Math.max(maxNodes, nodes())
    }
    deltas.sort((a, b) => a - b)
    const at = (q: number) => deltas[Math.floor(deltas.length * q)] ?? 0
    // A frame that took half as long again as the usual one missed its display refresh.
    const dropped = deltas.filter((d) => d > at(0.5) * 1.5).length
    return { p95: at(0.95), max: deltas.at(-1) ?? 0, frames: deltas.length, dropped, maxNodes }
  }

  /** React tracks a control's value through the prototype's setter; an event then tells it. */
  function setValue(el: HTMLInputElement | HTMLSelectElement, value: string): void {
    const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value)
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
  }

  /** Milliseconds from a change ("click:id", "select:id:value", "search:id:words") to the count showing its answer. */
  async function untilCountChanges(change: string): Promise<number> {
    const count = byTestId('gallery-count')
    const before = count?.textContent
    const start = performance.now()
    const [kind, id, value = ''] = change.split(':') as [string, string, string?]
    const el = byTestId<HTMLInputElement>(id)
    if (!el) throw new Error(`no control ${id}`)
    if (kind === 'click') el.click()
    if (kind === 'select') setValue(el as unknown as HTMLSelectElement, value)
    if (kind === 'search') {
      setValue(el, value)
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    }
    while (count?.textContent === before) await frame()
    await frame()
    return performance.now() - start
  }

  interface Entry {
    jobId: string
    prompt: string | null
    model: string
    files: { thumbnail: string | null }[]
  }
  let held: Entry[] = []

  function renderBaseline(list: Entry[], token: string): void {
    const ul = document.querySelector('ul')
    if (!ul) return
    ul.replaceChildren(
      ...list.map((e) => {
        const li = document.createElement('li')
        const thumb = e.files[0]?.thumbnail
        const img = document.createElement('img')
        img.loading = 'lazy'
        if (thumb) img.src = `/library/${thumb}?token=${token}`
        const prompt = document.createElement('span')
        prompt.textContent = e.prompt ?? ''
        const model = document.createElement('span')
        model.textContent = e.model
        li.append(img, prompt, model)
        return li
      })
    )
  }

  /**
   * The naive gallery: the first `count` entries fetched from the same host and drawn as
   * plain tiles (thumbnail, prompt, model) in a CSS grid, every one of them in the DOM.
   */
  async function baseline(token: string, count: number): Promise<number> {
    const start = performance.now()
    held = []
    for (let offset = 0; offset < count; offset += 500) {
      const r = await fetch('/api/invoke/library.list', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-host-token': token },
        body: JSON.stringify({ offset, limit: Math.min(500, count - offset) })
      })
      const body = (await r.json()) as { data: { entries: Entry[] } }
      held.push(...body.data.entries)
    }
    const style = document.createElement('style')
    style.textContent = `
      body{margin:0;font:13px sans-serif;background:#111;color:#ddd}
      #scroll{height:100vh;overflow:auto}
      ul{list-style:none;margin:0;padding:16px;display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:14px}
      img{width:100%;aspect-ratio:1;object-fit:cover;display:block;border-radius:10px;background:#222}
      span{display:block;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}`
    const scroller = document.createElement('div')
    scroller.id = 'scroll'
    scroller.dataset.testid = 'baseline-grid'
    scroller.append(document.createElement('ul'))
    document.head.append(style)
    document.body.replaceChildren(scroller)
    renderBaseline(held, token)
    await painted('ul')
    return performance.now() - start
  }

  /** The baseline's search: words filtered over the entries it holds, and the grid drawn again. */
  async function baselineSearch(token: string, words: string[]): Promise<number> {
    const start = performance.now()
    renderBaseline(held.filter((e) => words.every((w) => (e.prompt ?? '').toLowerCase().includes(w))), token)
    await frame()
    return performance.now() - start
  }

  ;(window as unknown as { __probe: unknown }).__probe = {
    watchFirstGrid,
    firstGrid: () => paint,
    scrollRun,
    untilCountChanges,
    baseline,
    baselineSearch
  }
})()
