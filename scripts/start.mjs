#!/usr/bin/env node
// `npm start`: build whatever is missing or out of date (usually nothing: `npm install` built it), then
// serve everything from one process.
// First: on a Node older than Retainkit supports, this re-runs itself on the pinned Node 24.
import './require-node.mjs'
import { exitAs, run, runAndExit } from './child-process.mjs'
import { SERVER_ENTRY, SERVER_NODE_ARGS, serverEnv } from './server-command.mjs'

// Each step on the Node running this script; a stop signal is handed to the step running, and ends
// `npm start` as that step ended (the server drains, closes the database and releases DATA_DIR first).
const built = await run(process.execPath, ['scripts/build.mjs', '--if-needed'])
if (built.code !== 0) exitAs(built)
// The bundled server (server-command.mjs says how and why).
else await runAndExit(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], { env: serverEnv(process.env) })
