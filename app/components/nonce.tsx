import { createContext, useContext } from 'react'

/** The CSP nonce of this response (server render only; browsers hide it from scripts, so the client uses ''). */
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
