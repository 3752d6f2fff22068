// The system's languages where there is no Electron to ask: the locale variables a
// terminal and the programs in it go by (LC_ALL over LC_MESSAGES over LANG, as POSIX
// says), then the runtime's own locale (what Windows and macOS report through Intl).
export function systemLanguagesFromEnv(env: Record<string, string | undefined>): string[] {
  const fromEnv = [env['LC_ALL'], env['LC_MESSAGES'], env['LANG']].filter((v): v is string => !!v && v.trim() !== '')
  return [...fromEnv, Intl.DateTimeFormat().resolvedOptions().locale]
}
