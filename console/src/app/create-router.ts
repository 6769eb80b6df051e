import { createBrowserRouter } from 'react-router-dom'
import { consoleRoutes } from './routes'

// Startup loads this module (and with it react-router and the route table) beside the runtime config.
export { RouterProvider } from 'react-router-dom'

/**
 * A browser-history router in data mode: the same BrowserRouter URLs, plus what only data routers
 * offer — the editor's unsaved-changes guard (useBlocker) needs it. Tests use createMemoryRouter with
 * the same route table.
 */
export function createConsoleRouter() {
  return createBrowserRouter(consoleRoutes)
}
