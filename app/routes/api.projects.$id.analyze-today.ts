export { action } from './api.projects.$id.analyse-today'
