/**
 * Model gateway: the one place activities call the six AI vendors through their official SDKs.
 * Env variables are documented in ./config.ts.
 */
export type { ProviderKey, ProviderConfig, Citation, Source, Usage, NormalisedAnswer, AskOptions, AskJsonOptions, Gateway } from './types'
export { PROVIDER_KEYS } from './types'
export { LLM_PROVIDER_KEYS } from '../../app/domain/providers'
export { loadProviderConfigs, isDemoMode, simulatorConfigs, providerDisplayName, apiKeyEnvName, DEFAULT_SIMULATOR_URL } from '../../app/domain/providers'
export { GatewayError, classifyError, type GatewayErrorKind } from './errors'
export { createGateway } from './gateway'
export { frameworkPrompt, parseFrameworkPrompt, FRAMEWORK_SCHEMA, FRAMEWORK_SCHEMA_NAME, type FrameworkInput, type FrameworkResult } from './prompts'
export { estimateCostUsd } from './pricing'
