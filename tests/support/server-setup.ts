/**
 * The server suite's composition root (a vitest setup file): every server test builds apps and migrates
 * databases with the product's modules, as server/main.ts does, while the server core imports none of them.
 */
import { serverModules } from '../../app/server-modules'
import { installTestModules } from '../../server/testing/modules'

installTestModules(serverModules)
