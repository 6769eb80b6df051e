import { DEMO_TEXTS_DE, DEMO_TEXTS_ES, DEMO_TEXTS_FR, type DemoLanguageTexts } from './demo-texts-languages'
import type { Prng } from './prng'

/**
 * Write-in feedback for the demo merchant, a coffee subscription box. Sentences per reason, with
 * optional openers and closers, give a few thousand distinct texts whose word cloud reads like real
 * feedback ("price", "beans", "roast", "bags" …). Typographic apostrophes and accents are mixed in on
 * purpose: the analytics tokeniser must handle them.
 */
export const DEMO_FEEDBACK: Readonly<Record<string, readonly string[]>> = {
  too_expensive: [
    'The price went up again and it is hard to justify for coffee.',
    'Shipping costs make every bag too expensive.',
    'Money is tight this year, I need to cut subscriptions.',
    'I can get decent beans at the supermarket for half the price.',
    'Love the roasts but $38 a month is more than my budget allows.',
    'With the new price the double bag plan no longer makes sense.',
    'Too pricey now that I’m paying for daycare.',
    'The coffee is great, the price is not.',
    'Cutting back on luxuries, coffee included.',
    'I would stay for a cheaper plan with fewer bags.',
  ],
  not_using_enough: [
    'Bags keep piling up in the cupboard.',
    'I drink less coffee since I started working from the office.',
    'Too many beans, I can’t keep up with the deliveries.',
    'Half of every bag goes stale before I open it.',
    'We switched to tea in the mornings.',
    'One bag a month would be plenty, two is too much.',
    'I travel a lot and the deliveries arrive when nobody is home.',
    'Only my partner drinks coffee now.',
  ],
  switched_competitor: [
    'Found a local roaster that delivers on bikes.',
    'A friend gifted me a subscription from another roastery.',
    'The supermarket’s own specialty range is good enough for me.',
    'Switching to a service that lets me pick every roast myself.',
    'Another club offers free grinders with the annual plan.',
    'Trying a café-quality pod machine instead of beans.',
    'Blue Ridge Roasters has more single origins.',
  ],
  temporary_break: [
    'Going abroad for the summer, back in September.',
    'Moving house next month, will resubscribe after.',
    'Taking a break from caffeine for a while.',
    'Pregnant and avoiding coffee for now.',
    'On a long trip, please keep my preferences.',
    'Renovating the kitchen, no espresso machine for two months.',
  ],
  missing_features: [
    'I want to choose decaf for some deliveries.',
    'Please add a grind option for my French press.',
    'No way to skip a single delivery without pausing everything.',
    'I wish I could pick roasts instead of getting surprises.',
    'Would love a crème brûlée flavoured blend or more seasonal roasts.',
    'Need compostable packaging before I come back.',
  ],
  technical_issues: [
    'The website logged me out every time I tried to change my address.',
    'Two deliveries never arrived and tracking showed nothing.',
    'I was charged twice in March.',
    'The app crashes when I update my card.',
    'Beans arrived crushed and the bag was torn.',
  ],
  other: [
    'Just not for me anymore.',
    'My doctor told me to cut down on coffee.',
    'The roasts were too dark for my taste.',
    'Bought an espresso machine that needs a different grind.',
    'Nothing wrong, just simplifying my life.',
    'Customer support took a week to answer my email.',
  ],
}

// Used now and then (see feedbackFor), so that filler words stay out of the top of the word cloud.
const OPENERS = ['Honestly, ', 'Sorry, ', 'To be fair, ', 'Hi team! ', 'Mainly: ', 'Long story short, ']
const CLOSERS = [
  ' Thanks for the great coffee.',
  ' Might come back later.',
  ' Keep up the good work!',
  ' The Colombian roast was my favourite.',
  ' Will miss the tasting notes.',
  ' Please stop the emails.',
  ' Good luck!',
  ' The Ethiopian blend was lovely though.',
]

/** The languages the demo's subscribers read the flow in, and how many of them each (out of 100). */
export const DEMO_LANGUAGES = { en: 70, fr: 12, de: 10, es: 8 } as const
export type DemoLanguage = keyof typeof DEMO_LANGUAGES

const TEXTS: Readonly<Record<DemoLanguage, DemoLanguageTexts>> = {
  en: { feedback: DEMO_FEEDBACK, openers: OPENERS, closers: CLOSERS },
  fr: DEMO_TEXTS_FR,
  de: DEMO_TEXTS_DE,
  es: DEMO_TEXTS_ES,
}

/**
 * A plausible write-in for a reason in the session's language (unknown reasons borrow from 'other').
 * The same random draws whatever the language: the rest of the history does not depend on it.
 */
export function feedbackFor(reason: string, random: Prng, language: DemoLanguage = 'en'): string {
  const texts = TEXTS[language]
  const sentences = texts.feedback[reason] ?? texts.feedback.other ?? []
  const first = random.pick(sentences)
  // A third of people write two sentences.
  const second = random.chance(0.33) ? ` ${random.pick(sentences)}` : ''
  const opener = random.chance(0.15) ? random.pick(texts.openers) : ''
  // After an opener the sentence continues in lower case, unless it starts with "I" or a name.
  const lead = opener && !/^(?:I\b|I’|Blue )/.test(first) ? first[0]?.toLowerCase() + first.slice(1) : first
  const closer = random.chance(0.2) ? random.pick(texts.closers) : ''
  const text = `${opener}${lead}${second === ` ${first}` ? '' : second}${closer}`
  return text.trim()
}
