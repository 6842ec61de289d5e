/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// The classic compiler also resolves `./x.css?url` (root.tsx uses it); same shape as `*.css`.
declare module '*.css?url' {
  const href: string
  export default href
}
