/**
 * The Google Tag Manager texts of the install section. The snippet comes from the widget package
 * (`@retainkit/widget/snippet`) and the subscriber-token recipes from `@retainkit/widget/token-recipes`:
 * one source each, shared with the docs and the tests that run them.
 */

/** The element the Tag Manager tag attaches the cancel flow to. */
export const TAG_MANAGER_CANCEL_SELECTOR = '[data-retainkit-cancel]'
export const TAG_MANAGER_TOKEN_VARIABLE = 'Retainkit token'

export const TAG_MANAGER_STEPS = [
  'In Google Tag Manager, open your container and choose Tags → New.',
  'Pick the tag type "Custom HTML" and paste the tag below.',
  'Set the trigger to "All Pages" (or only the pages with your cancel button).',
  'Add the attribute data-retainkit-cancel to your cancel link or button, so the tag can find it.',
  'If your site sends a Content-Security-Policy with a nonce, create a GTM variable holding it: the tag passes it on to the loader.',
  'Push the subscriber token to the data layer on signed-in pages and read it with a Data Layer Variable; the tag below reads {{Retainkit token}}.',
  'Preview the container, click your cancel button, then Submit to publish.',
] as const
