import { RoiCalculator } from '../components/roi/roi-calculator'
import { hydrateIslands } from './hydrate'

hydrateIslands('roi-calculator', RoiCalculator)
