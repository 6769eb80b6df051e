/** Time as a dependency, so tests can move it (offer cooldowns, OTP expiry, month boundaries). */
export interface Clock {
  now(): Date
}
