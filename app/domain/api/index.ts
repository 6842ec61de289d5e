export * from './keys'
export * from './cursor'
export * from './visibility'
