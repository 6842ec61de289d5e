/** Canaries: was it the model, not the brand? Pure logic shared by the activities, the app and the screen. */
export * from './queries'
export * from './fingerprint'
