export { loader, meta, default } from './export-history'
