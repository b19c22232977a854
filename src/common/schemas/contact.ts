import { z } from 'zod';

export const CONTACT_TOPICS = ['listing', 'account', 'sale', 'bug', 'other'] as const;

export const ContactSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(80, 'validation.tooLong'),
    email: z.string().trim().min(1, 'validation.emailRequired').pipe(z.email('validation.emailInvalid')),
    topic: z.enum(CONTACT_TOPICS, { error: 'validation.required' }),
    message: z
      .string()
      .trim()
      .min(10, 'validation.contactMessageShort')
      .max(4000, 'validation.messageTooLong'),
  })
  .meta({ id: 'ContactMessage' });
export type ContactInput = z.input<typeof ContactSchema>;
