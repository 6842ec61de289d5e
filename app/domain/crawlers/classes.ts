/** The purposes an AI agent fetches for (small, so the browser bundle need not carry the bot lists). */
export const BOT_CLASSES = ['training', 'search', 'user', 'other'] as const
export type BotClass = (typeof BOT_CLASSES)[number]

export const BOT_CLASS_LABELS: Record<BotClass, string> = {
  training: 'Training crawler',
  search: 'Search / index bot',
  user: 'User-triggered fetcher',
  other: 'Other bot',
}
