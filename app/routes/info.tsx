export { loader, default } from './support'
