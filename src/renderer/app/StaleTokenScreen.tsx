// A tab opened on an earlier run of the browser host: its token lasted that run only.
// Trying again cannot help; the address the host printed this time can, in this very
// tab, where the page's drafts and settings are still kept.
export function StaleTokenScreen() {
  return (
    <div className="splash" role="alert" data-testid="stale-token">
      <h1>The MediaGen host was restarted</h1>
      <p>
        This tab&apos;s access ended with the host&apos;s last run. Open the address the host printed when it started (it ends in{' '}
        <code>#token=…</code>) here; your drafts and settings are kept.
      </p>
    </div>
  )
}
