/** Experiments: did a content change move the brand? (issue 32 §1) Pure logic shared by the app, the API and the screen. */
export * from './estimate'
export * from './power'
export * from './design'
