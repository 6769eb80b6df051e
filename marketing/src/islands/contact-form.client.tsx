import { ContactForm } from '../components/contact/contact-form'
import { hydrateIslands } from './hydrate'

hydrateIslands('contact-form', ContactForm)
