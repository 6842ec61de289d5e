/**
 * Topics & Audiences setup ('Project setup, topics-and-audiences variant', Audience, Saved
 * audience payload, Topic, Query item, topic and audience rules, caps). Pure: the zod schemas the
 * routes validate with, the cleaning of generated output, and the even spread of queries over a selection.
 */
export * from './types'
export * from './schemas'
export * from './generated'
export * from './saved'
