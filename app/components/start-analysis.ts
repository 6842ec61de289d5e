/**
 * Starting an analysis from any button (Proceed, Add Analysis, Start or Restart Analysis). An admin who already ran
 * the project today is asked ANALYSE_AGAIN_QUESTION (the server's 409) and, once they confirm, the start is sent again
 * with ?again=true. Everyone else gets the refusal as before.
 */
import { ANALYSE_AGAIN_QUESTION } from '~/domain/limits'

const messageOf = (err: unknown): string | undefined => (err as { detail?: string } | null)?.detail ?? (err instanceof Error ? err.message : undefined)

/** The started analysis, or null when the admin declined a second run today. */
export async function startAnalysisConfirmed<T>(post: (url: string) => Promise<T>, projectId: number, path: 'analyse-today' | 'analyze-today' = 'analyse-today'): Promise<T | null> {
  const url = `/api/projects/${projectId}/${path}`
  try {
    return await post(url)
  } catch (err) {
    if (messageOf(err) !== ANALYSE_AGAIN_QUESTION) throw err
    if (!window.confirm(ANALYSE_AGAIN_QUESTION)) return null
    return post(`${url}?again=true`)
  }
}
