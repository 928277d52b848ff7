#!/usr/bin/env node
// Launches the pms-bridge command line (TypeScript) through tsx, so an installed checkout runs without a build step.
import { register } from 'tsx/esm/api'

register()
await import('../src/cli.ts')
