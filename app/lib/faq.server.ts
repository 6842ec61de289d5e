/**
 * The FAQ chat on the server: answers from the FAQ (app/domain/faq) for anyone, signed in or not,
 * limited per client address (FAQ_CHAT_PER_ADDRESS_PER_MINUTE, 429 with Retry-After beyond it).
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { answerFaq } from '../domain/faq/search'
import type { FaqAnswer } from '../domain/faq/texts'
import { env } from './env.server'
import { tooManyRequests } from './http.server'
import { sharedLimiter } from './cluster.server'

// Shared by every web process (PostgreSQL store): the limit is per address, whichever process answers.
let limiter: RateLimiterAbstract | undefined

export const FAQ_RATE_LIMIT_MESSAGE = 'You have asked a lot of questions in a short time. Please wait a moment and try again.'

export async function askFaq(message: string, clientAddress: string): Promise<FaqAnswer> {
  limiter ??= sharedLimiter({ keyPrefix: 'faq-address', points: env().FAQ_CHAT_PER_ADDRESS_PER_MINUTE, durationSeconds: 60 })
  try {
    await limiter.consume(clientAddress)
  } catch (e) {
    if (e instanceof RateLimiterRes) tooManyRequests(FAQ_RATE_LIMIT_MESSAGE, e.msBeforeNext / 1000)
    throw e
  }
  return answerFaq(message)
}
