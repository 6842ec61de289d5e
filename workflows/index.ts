export { analysisWorkflow } from './analysis'
export { frameworkWorkflow } from './framework'
