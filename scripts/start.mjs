#!/usr/bin/env node
// `npm start`: build whatever is missing or out of date (usually nothing: `npm install` built it), then
// serve everything from one process.
// First: on an unsupported Node this stops with the version needed before anything else loads.
import './require-node.mjs'
import { spawnSync } from 'node:child_process'
import { SERVER_ENTRY, SERVER_NODE_ARGS, serverEnv } from './server-command.mjs'

const run = (cmd, args, env = process.env) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

run('node', ['scripts/build.mjs', '--if-needed'])
// The bundled server (server-command.mjs says how and why).
run(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], serverEnv(process.env))
