// The modules of the message catalogue's build plugin (`vite/messages.ts`).

declare module 'virtual:messages' {
  /** A loader of each language's namespace, keyed `<lng>/<ns>` (`de/common`). */
  const loaders: Record<string, () => Promise<unknown>>;
  export default loaders;
}

declare module 'virtual:messages/*' {
  /** The texts of one language's namespace (`virtual:messages/de/common`). */
  const texts: Record<string, unknown>;
  export default texts;
}
