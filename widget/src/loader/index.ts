import { browserHost } from '../host/browser'
import { installLoader } from './install'

/** Replaced at build time with the content-hashed bundle's file name (rollup.config.mjs, second pass). */
declare const __RK_WIDGET_FILE__: string

installLoader(browserHost(), __RK_WIDGET_FILE__)
