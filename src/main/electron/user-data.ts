// Which data folder the app uses when the environment names one. Tests and side-by-side
// profiles point an unpackaged app elsewhere with MEDIAGEN_USER_DATA; a packaged app
// ignores it, so no environment can choose where an installed app keeps the key and library.
// Kept free of Electron so it can be tested under plain Node.

export function userDataOverride(isPackaged: boolean, env: Readonly<Record<string, string | undefined>>): string | null {
  if (isPackaged) return null
  return env['MEDIAGEN_USER_DATA'] || null
}
