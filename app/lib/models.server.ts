export { isDemoMode, loadProviderConfigs } from '../domain/providers'
