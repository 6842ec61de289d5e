import type { IdeatorViewData } from '~/domain/ideator/types'
import { ContentDialog } from './ContentDialog'
import { IdeasList } from './IdeasList'
import { IdeatorSetup } from './IdeatorSetup'
import { useIdeator } from './use-ideator'

/** Content Recommendations: the setup beside the ideas, and the generated content in a dialog. */
export function Recommendations({ data }: { data: IdeatorViewData }) {
  const s = useIdeator(data)
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(260px, 1fr) 2fr', gap: '1rem', alignItems: 'start' }}>
      <IdeatorSetup data={data} s={s} />
      <IdeasList data={data} s={s} />
      {s.dialog && <ContentDialog contents={s.dialog} onClose={() => s.setDialog(null)} />}
    </div>
  )
}
