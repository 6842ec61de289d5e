/** What scripts/server.ts hands every loader and action besides the request. */
import type { AppLoadContext } from '@remix-run/node'

declare module '@remix-run/server-runtime' {
  interface AppLoadContext {
    /** The client's address (the socket peer, or the forwarded one when TRUST_PROXY is set). */
    clientAddress: string
    /** This response's Content-Security-Policy nonce for inline scripts. */
    cspNonce: string
  }
}

/** The client address of a request; 'unknown' when the app runs without scripts/server.ts (e.g. unit tests). */
export const clientAddressOf = (context: AppLoadContext | undefined): string => context?.clientAddress || 'unknown'
