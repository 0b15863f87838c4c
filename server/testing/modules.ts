import type { ServerModule } from '../module'

let installed: readonly ServerModule[] = []

/**
 * The server halves the test harness builds apps and migrates databases with. The server core imports no module:
 * the test composition root (tests/support/server-setup.ts, a vitest setup file) installs app/server-modules.ts.
 */
export function installTestModules(modules: readonly ServerModule[]): void {
  installed = modules
}

export function testModules(): readonly ServerModule[] {
  return installed
}
