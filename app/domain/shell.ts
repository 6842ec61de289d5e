/** What the root loader gives every page: the signed-in user (or null) and the product's mode. */
export interface ShellUser {
  id: number
  email: string
  firstName: string | null
  lastName: string | null
  isAdmin: boolean
  isActive: boolean
  tier: string
}

export interface RootData {
  user: ShellUser | null
  demoMode: boolean
  entraConfigured: boolean
}
