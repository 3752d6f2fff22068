// The whole chain of an item in the viewer: what it was made from, step by step up to where
// the chain starts, and what was made from it (remix, edit, upscale, background removal,
// animate), step by step down; each a click away. Asked again when the library changes, so
// an output made from this one while the viewer is open joins the chain.
import { useEffect, useState } from 'react'
import type { Lineage, LineageNode } from '../../../shared/app/library-pictures'
import type { LibraryEntry } from '../../../shared/app/views'
import { call } from '../../api/client'
import { useTranslation } from '../../i18n/page-i18n'
import { useLibrary } from '../../stores/library'
import { PictureThumb } from './PictureThumb'

/** The nodes at each depth, in the order of the chain (farthest ancestor first). */
function byDepth(nodes: LineageNode[]): LineageNode[][] {
  const depths = new Map<number, LineageNode[]>()
  for (const n of nodes) depths.set(n.depth, [...(depths.get(n.depth) ?? []), n])
  return [...depths.entries()].sort(([a], [b]) => a - b).map(([, step]) => step)
}

function Step({ nodes, onOpen }: { nodes: LineageNode[]; onOpen(entry: LibraryEntry): void }) {
  const { t } = useTranslation()
  return (
    <ul className="picture-strip lineage-step">
      {nodes.map((n) =>
        n.entry ? (
          <PictureThumb key={n.jobId} entry={n.entry} onOpen={onOpen} testId="lineage-node">
            {n.derivation ? t(`gallery:lineage.derivation.${n.derivation}`) : t('gallery:lineage.start')}
          </PictureThumb>
        ) : (
          <li key={n.jobId} className="picture-thumb is-gone" data-testid="lineage-gone">
            <span className="picture-thumb-note">{t('gallery:lineage.removed')}</span>
          </li>
        )
      )}
    </ul>
  )
}

export function LineageChain({ entry, onOpen }: { entry: LibraryEntry; onOpen(entry: LibraryEntry): void }) {
  const { t } = useTranslation()
  const revision = useLibrary((s) => s.revision)
  const [lineage, setLineage] = useState<{ for: string; chain: Lineage } | null>(null)
  useEffect(() => {
    let current = true
    void call('library.lineage', { jobId: entry.jobId }).then((r) => current && r.ok && setLineage({ for: entry.jobId, chain: r.data }))
    return () => {
      current = false
    }
  }, [entry.jobId, revision])

  const chain = lineage?.for === entry.jobId ? lineage.chain : null
  if (!chain || (chain.ancestors.length === 0 && chain.descendants.length === 0)) return null
  return (
    <section className="detail-lineage" aria-labelledby="lineage-head" data-testid="lineage">
      <h3 className="facts-head" id="lineage-head">
        {t('gallery:lineage.title')}
      </h3>
      {chain.ancestors.length > 0 ? (
        <div data-testid="lineage-ancestors">
          <h4 className="lineage-label">{t('gallery:lineage.madeFrom')}</h4>
          {byDepth(chain.ancestors).map((step) => (
            <Step key={step[0]!.depth} nodes={step} onOpen={onOpen} />
          ))}
        </div>
      ) : null}
      {chain.descendants.length > 0 ? (
        <div data-testid="lineage-descendants">
          <h4 className="lineage-label">{t('gallery:lineage.madeFromIt')}</h4>
          {byDepth(chain.descendants).map((step) => (
            <Step key={step[0]!.depth} nodes={step} onOpen={onOpen} />
          ))}
        </div>
      ) : null}
      {chain.truncated ? <p className="detail-note">{t('gallery:lineage.truncated')}</p> : null}
    </section>
  )
}
