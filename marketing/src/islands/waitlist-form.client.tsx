import { WaitlistForm } from '../components/waitlist/waitlist-form'
import { hydrateIslands } from './hydrate'

hydrateIslands('waitlist-form', WaitlistForm)
