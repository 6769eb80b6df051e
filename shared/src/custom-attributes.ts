// The limits of the subscriber token's custom attributes: a leaf, so the segment schemas and the
// matcher (which takes its types from those schemas) both read them without importing each other.

/** Custom attribute names: what the subscriber token's `attributes` claim may carry. */
export const CUSTOM_ATTRIBUTE_NAME = /^[a-z][a-z0-9_]{0,39}$/
/** How many attributes that claim may carry, and how long a text one may be. */
export const MAX_CUSTOM_ATTRIBUTES = 30
export const MAX_CUSTOM_ATTRIBUTE_TEXT = 200
