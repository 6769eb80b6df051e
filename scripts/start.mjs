#!/usr/bin/env node
// `npm start`: build whatever is missing, then serve everything from one process (DESIGN 3).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const builtOutputs = ['widget/dist/loader.js', 'console/dist/index.html', 'marketing/dist/index.html']
if (builtOutputs.some((file) => !existsSync(file)) || process.env.RETAINKIT_REBUILD === '1') {
  run('npm', ['run', 'build', '--silent'])
}
if (!existsSync('server/src/index.ts')) {
  console.error('The server package is not built yet (see issue 3).')
  process.exit(1)
}
run('npx', ['tsx', 'server/src/index.ts'])
