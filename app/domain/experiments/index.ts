/** Experiments: did a content change move the brand? Pure logic shared by the app, the API and the screen. */
export * from './estimate'
export * from './power'
export * from './design'
