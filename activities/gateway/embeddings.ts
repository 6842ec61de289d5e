/**
 * Text embeddings through the vendors' SDKs (OpenAI embeddings, Gemini embedContent): the optimiser's
 * relevance phase compares each chunk with the prompt by cosine similarity. Same configuration
 * (key, base URL, timeout) as the provider's chat model; the embedding model has its own variable.
 */
import OpenAI from 'openai'
import { GoogleGenAI } from '@google/genai'
import { classifyError, timeoutError } from './errors'
import type { ProviderConfig } from './types'

export type EmbeddingProvider = 'openai' | 'gemini'
export const EMBEDDING_PROVIDERS: EmbeddingProvider[] = ['openai', 'gemini']

export function embeddingModel(provider: EmbeddingProvider, env: Record<string, string | undefined> = process.env): string {
  return provider === 'openai' ? env.OPENAI_EMBEDDING_MODEL || 'text-embedding-3-small' : env.GEMINI_EMBEDDING_MODEL || 'gemini-embedding-001'
}

/** One vector per text, in order. Throws the gateway's classified error. */
export async function embedTexts(provider: EmbeddingProvider, cfg: ProviderConfig, texts: string[], signal?: AbortSignal): Promise<number[][]> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, cfg.timeoutMs)
  const onAbort = () => controller.abort()
  signal?.addEventListener('abort', onAbort, { once: true })
  try {
    if (provider === 'openai') {
      const client = new OpenAI({ apiKey: cfg.apiKey, baseURL: cfg.baseUrl, maxRetries: 0, timeout: cfg.timeoutMs + 1000 })
      const res = await client.embeddings.create({ model: embeddingModel('openai'), input: texts }, { signal: controller.signal })
      return [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding)
    }
    const ai = new GoogleGenAI({ apiKey: cfg.apiKey, httpOptions: { timeout: cfg.timeoutMs + 1000, ...(cfg.baseUrl ? { baseUrl: cfg.baseUrl } : {}) } })
    const res = await ai.models.embedContent({ model: embeddingModel('gemini'), contents: texts, config: { abortSignal: controller.signal } })
    return (res.embeddings ?? []).map((e) => e.values ?? [])
  } catch (err) {
    if (timedOut) throw timeoutError(provider, cfg.timeoutMs, err)
    throw classifyError(provider, err)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}
