/**
 * Defaults of the offers added after configs were first stored. Plain literals in a module of their own:
 * the schema fills them into an older stored config (which therefore still parses, and can still be
 * rolled back to), and the default config is built with them, without either depending on the other.
 */
const DECLINE_AND_CANCEL = 'No thanks, cancel'

export const LATER_OFFER_DEFAULTS = {
  trial_extension: { enabled: false, days: 14 },
  talk_to_us: { enabled: false },
  copy: {
    trial_extension: {
      headline: 'Need more time to decide?',
      subheadline:
        "Keep trying everything free for another {duration}. You won't be charged until your trial ends.",
      cta_primary: 'Extend my trial',
      cta_secondary: DECLINE_AND_CANCEL,
    },
    talk_to_us: {
      headline: 'Can we help before you go?',
      subheadline: "Tell us what isn't working. A real person on our team reads every message and replies.",
      cta_primary: 'Talk to us',
      cta_secondary: DECLINE_AND_CANCEL,
    },
  },
  success: {
    trial_extension: {
      headline: 'Your trial is extended',
      subheadline: 'You have {duration} more to try everything. Enjoy!',
    },
    talk_to_us: {
      headline: 'Thanks for reaching out',
      subheadline: "We'll get back to you soon. Your subscription stays as it is in the meantime.",
    },
  },
} as const
