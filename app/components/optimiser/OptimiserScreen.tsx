/**
 * The Content Optimiser screen: target prompt and content (URL or text/HTML), a progress panel with the nine phases
 * read from the workflow, the results with the seven pillar tabs, and on the summary tab critical actions,
 * recommendation selection, the rewrite, export and share. Optionally tied to a project (auto-save, 'Saved (n)').
 * This file lays the screen out; the state and calls are useOptimiser's, each pane has its own file.
 */
import { useState } from 'react'
import { HelpDialog, SavesDialog, ShareDialog } from './OptimiserDialogs'
import { OptimiserForm } from './OptimiserForm'
import { OptimiserProgressPanel } from './OptimiserProgressPanel'
import { OptimiserResults } from './OptimiserResults'
import { useOptimiser, type OptimiserLimits } from './use-optimiser'

export type { OptimiserLimits }

export function OptimiserScreen({ projectId, projectName, limits }: { projectId: number | null; projectName?: string | null; limits: OptimiserLimits }) {
  const o = useOptimiser({ projectId, projectName, limits })
  const [savesOpen, setSavesOpen] = useState(false)
  const [helpOpen, setHelpOpen] = useState(false)
  return (
    <div className="optimiser" data-testid="optimiser-screen">
      <OptimiserForm o={o} projectId={projectId} isActive={limits.isActive} savedCount={o.saves.saves.length} onOpenSaves={() => setSavesOpen(true)} />
      <OptimiserProgressPanel progress={o.progress} />
      {!o.result && !o.running && <p className="muted empty">Enter a target prompt and the content (or its URL) to analyse how likely AI answers are to cite it.</p>}
      {o.result && <OptimiserResults o={o} result={o.result} onHelp={() => setHelpOpen(true)} />}
      {helpOpen && <HelpDialog onClose={() => setHelpOpen(false)} />}
      {o.exports.shareUrl && <ShareDialog shareUrl={o.exports.shareUrl} onClose={o.exports.closeShare} />}
      {savesOpen && (
        <SavesDialog
          saves={o.saves.saves}
          onLoad={(s) => {
            o.saves.load(s)
            setSavesOpen(false)
          }}
          onDelete={o.saves.remove}
          onClose={() => setSavesOpen(false)}
        />
      )}
    </div>
  )
}
