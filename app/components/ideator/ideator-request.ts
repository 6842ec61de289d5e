import type { IdeatorViewData } from '~/domain/ideator/types'

export interface IdeatorChoices {
  brief: string
  /** 'none' or the id of one of the project's audiences. */
  audienceId: string
  contentType: string
  language: string
}

/** The setup fields both generate calls send: the project, brand, brief, audience (id and name, or null) and the writing choices. */
export function ideatorSetupBody(data: Pick<IdeatorViewData, 'projectId' | 'brand' | 'brandDomain' | 'audiences'>, c: IdeatorChoices) {
  return {
    projectId: data.projectId,
    userBrief: c.brief,
    brandName: data.brand,
    brandDomain: data.brandDomain,
    audienceId: c.audienceId === 'none' ? null : c.audienceId,
    audience: c.audienceId === 'none' ? null : (data.audiences.find((a) => a.id === c.audienceId)?.name ?? null),
    contentType: c.contentType,
    language: c.language,
  }
}

/** The set with `id` added, or removed when it was there (a new set, for React state). */
export function toggled(set: Set<string>, id: string): Set<string> {
  const next = new Set(set)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}
