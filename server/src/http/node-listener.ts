import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'
import type { AppDeps } from '../deps'
import { countFastPath } from '../observability/http-metrics'
import { widgetConfigPreHandler } from '../routes/widget/config-fast-path'
import { widgetEventsPreHandler } from '../routes/widget/events-fast-path'
import type { AppEnv } from './app-env'

/**
 * The process's HTTP listener: the widget config's pre-handler first (a config in memory goes straight
 * onto the socket), then the widget events call's (events-fast-path.ts), then the Hono app for
 * everything else, through @hono/node-server as before.
 */
export function createAppListener(
  app: Pick<Hono<AppEnv>, 'fetch'>,
  deps: AppDeps,
): (req: IncomingMessage, res: ServerResponse) => void {
  const framework = getRequestListener(app.fetch)
  const handOver = (req: IncomingMessage, res: ServerResponse) => void framework(req, res)
  const fastPath = widgetConfigPreHandler(deps)
  // Counted only when /metrics is on: the fast path's budget pays nothing otherwise.
  const preHandle = deps.config.observability.metrics ? countFastPath(fastPath) : fastPath
  // With /metrics on, every events call goes through the framework, whose middleware counts it.
  const events = deps.config.observability.metrics ? null : widgetEventsPreHandler(deps, handOver)
  return (req, res) => {
    if (!preHandle(req, res) && !events?.(req, res)) handOver(req, res)
  }
}

export function createAppServer(app: Pick<Hono<AppEnv>, 'fetch'>, deps: AppDeps): Server {
  return createServer(createAppListener(app, deps))
}
