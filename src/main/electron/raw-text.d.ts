// Files built into the main bundle as text by Vite's `?raw` suffix (the update public key).
declare module '*.pem?raw' {
  const text: string
  export default text
}
