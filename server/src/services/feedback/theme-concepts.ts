import type { ScoredLanguage } from './languages'

/**
 * The built-in themes: what cancellation write-ins are about, with the words that say it in each
 * language. A write-in belongs to a theme when one of its words has the same Porter stem as a word here
 * (so "crashes", "crashed" and "crashing" are one), or when it holds one of the phrases (several words,
 * matched as a sequence of words). The key is the theme's stable name in the database; the name is what
 * the dashboard shows until the merchant renames it.
 */
export interface ThemeConcept {
  key: string
  name: string
  words: Readonly<Record<ScoredLanguage, readonly string[]>>
}

export const MISSING_FEATURE = 'missing_feature'

export const THEME_CONCEPTS: readonly ThemeConcept[] = [
  {
    key: 'price',
    name: 'Price',
    words: {
      en: ['expensive', 'price', 'prices', 'pricey', 'overpriced', 'cost', 'costs', 'afford', 'cheaper', 'budget', 'pricing'],
      fr: ['cher', 'chère', 'prix', 'tarif', 'tarifs', 'coût', 'moyens', 'budget', 'hausse'],
      de: ['teuer', 'überteuert', 'preis', 'preise', 'kosten', 'leisten', 'günstiger', 'günstigere', 'budget', 'preiserhöhung'],
      es: ['caro', 'cara', 'carísimo', 'precio', 'precios', 'coste', 'costo', 'permitir', 'barata', 'barato', 'presupuesto', 'subida'],
    },
  },
  {
    key: 'bugs',
    name: 'Bugs and crashes',
    words: {
      en: ['bug', 'bugs', 'buggy', 'crash', 'crashes', 'crashing', 'error', 'errors', 'broken', 'broke', 'freezes', 'glitch', 'fails', 'lost data'],
      fr: ['bug', 'bugs', 'plante', 'planté', 'erreur', 'erreurs', 'fige', 'cassé', 'perdu'],
      de: ['bug', 'bugs', 'fehler', 'absturz', 'stürzt', 'abgestürzt', 'friert', 'kaputt', 'verloren'],
      es: ['error', 'errores', 'fallo', 'fallos', 'falla', 'cuelga', 'congela', 'roto', 'perdí'],
    },
  },
  {
    key: 'performance',
    name: 'Slow or unreliable',
    words: {
      en: ['slow', 'slower', 'outage', 'outages', 'down', 'unreliable', 'reliable', 'load', 'spinner'],
      fr: ['lent', 'lente', 'lenteur', 'panne', 'pannes', 'fiable', 'charger'],
      de: ['langsam', 'ausfall', 'ausfälle', 'ausgefallen', 'zuverlässig'],
      es: ['lento', 'lenta', 'lentísimo', 'caída', 'caídas', 'cayó', 'fiable', 'cargar'],
    },
  },
  {
    key: 'support',
    name: 'Customer support',
    words: {
      en: ['support', 'ticket', 'tickets', 'reply', 'answered', 'chatbot', 'customer service', 'service team'],
      fr: ['support', 'ticket', 'tickets', 'réponse', 'répondu', 'chatbot', 'service client'],
      de: ['support', 'ticket', 'tickets', 'antwort', 'geantwortet', 'chatbot', 'kundenservice', 'kundendienst'],
      es: ['soporte', 'ticket', 'tickets', 'respuesta', 'respondió', 'chatbot', 'atención al cliente'],
    },
  },
  {
    key: MISSING_FEATURE,
    name: 'Missing feature',
    words: {
      en: ['missing', 'lack', 'lacks', 'lacking', 'limited', 'integrate', 'integration', "doesn't have", "don't have", 'still no'],
      fr: ['manque', 'manquent', 'limité', 'intégration', 'toujours pas'],
      de: ['fehlt', 'fehlen', 'eingeschränkt', 'anbindung', 'integration', 'immer noch keine'],
      es: ['falta', 'faltan', 'limitado', 'integra', 'integración'],
    },
  },
  {
    key: 'competitor',
    name: 'Switched to a competitor',
    words: {
      en: ['competitor', 'competitors', 'alternative', 'switched to', 'switching to', 'going with', 'salesforce', 'notion', 'asana', 'hubspot'],
      fr: ['concurrent', 'concurrence', 'alternative', 'passe chez', 'passons à', 'migrons', 'salesforce', 'asana', 'hubspot'],
      de: ['konkurrenz', 'alternative', 'anbieter', 'wechseln zu', 'wechseln zur', 'salesforce', 'asana', 'hubspot'],
      es: ['competencia', 'alternativa', 'proveedor', 'nos pasamos', 'nos vamos a', 'salesforce', 'asana', 'hubspot'],
    },
  },
  {
    key: 'ease_of_use',
    name: 'Hard to use',
    words: {
      en: ['complicated', 'confusing', 'clunky', 'intuitive', 'user friendly', 'hard to use', 'interface', 'onboarding', 'set up', 'frustrating'],
      fr: ['compliqué', 'confus', 'intuitif', 'interface', 'prise en main', 'configurer', 'frustrant'],
      de: ['kompliziert', 'verwirrend', 'umständlich', 'benutzerfreundlich', 'oberfläche', 'einarbeitung', 'einzurichten', 'frustrierend'],
      es: ['complicado', 'confuso', 'intuitivo', 'interfaz', 'configurar', 'frustrante', 'torpe'],
    },
  },
  {
    key: 'not_using',
    name: 'Not using it enough',
    words: {
      en: ['not using', "don't need", "don't use", 'no longer', 'using it enough', 'only needed', 'project ended', 'project finished'],
      fr: ['pas besoin', "n'utilise", 'utilise pas', 'plus besoin', 'projet terminé', 'pas assez'],
      de: ['brauche es', 'nutze es', 'zu selten', 'nicht mehr', 'projekt abgeschlossen', 'brauchte es nur'],
      es: ['no lo necesito', 'no lo uso', 'ya no', 'proyecto terminado', 'solo lo necesitaba'],
    },
  },
  {
    key: 'pause',
    name: 'Taking a break',
    words: {
      en: ['pause', 'pausing', 'break', 'summer', 'winter', 'travelling', 'traveling', 'come back', 'back in', 'later', 'temporary'],
      fr: ['pause', 'été', 'hiver', 'voyage', 'reviendrai', 'plus tard', 'temporaire'],
      de: ['pause', 'pausiere', 'pausieren', 'sommer', 'winter', 'reisen', 'wieder da', 'später', 'vorübergehend', 'aussetzen'],
      es: ['pausa', 'pauso', 'verano', 'invierno', 'viaje', 'vuelvo', 'volveré', 'más adelante', 'temporal', 'descanso'],
    },
  },
  {
    key: 'billing',
    name: 'Billing problems',
    words: {
      en: ['charged', 'charges', 'invoice', 'invoices', 'billing', 'refund', 'fees', 'renewal'],
      fr: ['débité', 'prélevé', 'prélèvements', 'facture', 'factures', 'facturation', 'remboursement', 'frais', 'renouvellement'],
      de: ['abgebucht', 'abbuchungen', 'rechnung', 'rechnungen', 'abrechnung', 'erstattung', 'gebühren', 'verlängerung'],
      es: ['cobraron', 'cargos', 'factura', 'facturas', 'facturación', 'reembolso', 'comisiones', 'renovación'],
    },
  },
  {
    key: 'delivery_quality',
    name: 'Delivery and product quality',
    words: {
      en: ['shipping', 'delivery', 'deliveries', 'arrived', 'damaged', 'spoiled', 'quality', 'boxes', 'box', 'sizes'],
      fr: ['livraison', 'livraisons', 'colis', 'arrivés', 'abîmés', 'avariés', 'qualité', 'box', 'tailles'],
      de: ['lieferung', 'lieferungen', 'pakete', 'beschädigt', 'verdorben', 'qualität', 'boxen', 'box', 'größen'],
      es: ['envío', 'entregas', 'paquetes', 'llegaron', 'dañados', 'mal estado', 'calidad', 'cajas', 'caja', 'tallas'],
    },
  },
  {
    key: 'business_change',
    name: 'Business closed or changed',
    words: {
      en: ['closing', 'acquired', 'business', 'company', 'shop', 'store', 'retiring', 'in-house', 'consolidating'],
      fr: ['fermeture', 'ferme', 'rachetée', 'entreprise', 'boutique', 'retraite', 'interne', 'regroupe', 'regroupons'],
      de: ['schließen', 'übernommen', 'geschäft', 'firma', 'laden', 'rente', 'internes', 'zusammen'],
      es: ['cerramos', 'adquirida', 'negocio', 'empresa', 'tienda', 'jubilo', 'interna', 'unificando'],
    },
  },
]
