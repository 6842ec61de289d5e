export { isDemoMode, loadProviderConfigs } from '../../activities/gateway/config'
