import { z } from 'zod'
import { email, MESSAGES } from './primitives'

/** What the contact form sends: name, email, message, all required. */
export const contactFormSchema = z.object({
  name: z.string('Name is required').trim().min(1, 'Name is required'),
  email: z.string('Email is required').trim().min(1, 'Email is required').pipe(email),
  message: z.string('Message is required').trim().min(1, 'Message is required'),
})

/**
 * The message schema, which the server applies to `POST /api/contact`: message 10–1000, name
 * 1–100, optional company up to 100. `website` is a honeypot that people never see and bots fill in.
 */
export const contactMessageSchema = z.object({
  name: z.string('Name is required').trim().min(1, 'Name is required').max(100, 'Name too long'),
  email: z.string('Email is required').trim().pipe(email),
  company: z.string().trim().max(100, 'Company name too long').optional(),
  message: z
    .string('Message is required')
    .trim()
    .min(10, MESSAGES.messageShort)
    .max(1000, MESSAGES.messageLong),
  website: z.string().max(200).optional(),
})

/** Payment-recovery waitlist signup. */
export const waitlistSchema = z.object({
  email: z.string('Email is required').trim().pipe(email),
  product: z.enum(['payment-recovery']).default('payment-recovery'),
  website: z.string().max(200).optional(),
})
