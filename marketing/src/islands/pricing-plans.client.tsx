import { PricingPlans } from '../components/pricing/pricing-plans'
import { hydrateIslands } from './hydrate'

hydrateIslands('pricing-plans', PricingPlans)
