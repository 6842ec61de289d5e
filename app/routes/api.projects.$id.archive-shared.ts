export { action } from './api.projects.$id.archive'
