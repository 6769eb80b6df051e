import { browserHost } from '../host/browser'
import { GLOBAL_NAME } from '../snippet'
import { createWidgetBundle } from './widget-bundle'

/** Entry of widget.<hash>.js: hands the bundle to the loader that inserted this script. */
const host = browserHost()
const loader = (host.window as unknown as Record<string, { _r?: (bundle: unknown) => void } | undefined>)[
  GLOBAL_NAME
]
loader?._r?.(createWidgetBundle(host))
