import { SiteNav } from '../components/nav/site-nav'
import { hydrateIslands } from './hydrate'

hydrateIslands('site-nav', SiteNav)
