import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { PLANS } from '../catalog';

/**
 * The account forms' rules, used by the forms in the browser and by the
 * API. Messages are keys of the `errors` namespace (`validation.*`), translated where they are shown.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const OTHER_TEXT_MAX_LENGTH = 100;
export const ROLES = ['buyer', 'seller', 'both'] as const;
export type Role = (typeof ROLES)[number];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
/** Common providers are accepted as they are; any other domain must at least have a dot. */
const COMMON_EMAIL_DOMAINS = new Set(['gmail.com', 'outlook.com', 'hotmail.com', 'yahoo.com', 'icloud.com']);

export function isRealEmailDomain(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (COMMON_EMAIL_DOMAINS.has(domain)) return true;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((label) => label.length > 0);
}

export const EmailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .max(254, 'validation.emailInvalid')
  .regex(EMAIL_PATTERN, 'validation.emailInvalid')
  .refine(isRealEmailDomain, 'validation.emailNotReal')
  .transform((email) => email.toLowerCase())
  .meta({
    description:
      'An email address whose domain can receive mail (not example.com, localhost or a reserved name); compared in lower case.',
  });

/** The phone without spaces, dashes and parentheses. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s\-()]/g, '');
}

/** The phone rule's message key for a non-empty phone, or null when it is acceptable. */
export function phoneProblem(phone: string): string | null {
  const cleaned = normalizePhone(phone);
  const digits = cleaned.replace(/^\+/, '');
  if (/^\d+$/.test(digits) && digits.length < 10) return 'validation.phoneTooShort';
  if (!/^\+?\d{10,16}$/.test(cleaned)) return 'validation.phoneInvalid';
  if (['555', '000', '123456', '111111'].some((fake) => digits.includes(fake)))
    return 'validation.phoneNotReal';
  return null;
}

/** Optional: validated only when given; stored without the separators. */
export const PhoneSchema = z
  .string()
  .trim()
  .max(32, 'validation.phoneInvalid')
  .superRefine((phone, ctx) => {
    if (!phone) return;
    const problem = phoneProblem(phone);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((phone) => (phone ? normalizePhone(phone) : null));

export const PASSWORD_RULES = [
  { key: 'minLength', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { key: 'number', test: (p: string) => /\d/.test(p) },
  { key: 'special', test: (p: string) => /[^A-Za-z0-9\s]/.test(p) },
  { key: 'uppercase', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'lowercase', test: (p: string) => /[a-z]/.test(p) },
] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number]['key'];

/** The requirements a password does not meet yet, in the order the form lists them. */
export function unmetPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.key);
}

export const NewPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong')
  .refine((password) => unmetPasswordRules(password).length === 0, 'validation.passwordWeak')
  .meta({
    description: `At least ${PASSWORD_MIN_LENGTH} characters, with a digit, a character that is neither a letter nor a digit, an upper-case and a lower-case letter.`,
    minLength: PASSWORD_MIN_LENGTH,
  });

const LanguageSchema = z.enum(LANGUAGES).optional();

const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword;
const mismatch = { message: 'validation.passwordMismatch', path: ['confirmPassword'] };

/** A member's names, as others see them: asked the first time a member messages, offers or lists. */
export const FirstNameSchema = z
  .string({ error: 'validation.firstNameRequired' })
  .trim()
  .min(1, 'validation.firstNameRequired')
  .max(50, 'validation.nameTooLong');
export const LastNameSchema = z
  .string({ error: 'validation.lastNameRequired' })
  .trim()
  .min(1, 'validation.lastNameRequired')
  .max(50, 'validation.nameTooLong');

/** Sign-up asks for an address and a password only; names come when first needed, the phone in settings. */
export const SignUpSchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string(),
    keepSignedIn: z.boolean().default(false),
    /** The interface language, used for the emails this account receives. */
    language: LanguageSchema,
  })
  .refine(passwordsMatch, mismatch)
  .meta({ id: 'SignUpRequest' });
export type SignUpInput = z.input<typeof SignUpSchema>;

export const SignInSchema = z
  .object({
    email: EmailSchema,
    password: z.string().min(1, 'validation.passwordRequired').max(PASSWORD_MAX_LENGTH),
    keepSignedIn: z.boolean().default(false),
  })
  .meta({ id: 'SignInRequest' });
export type SignInInput = z.input<typeof SignInSchema>;

export const EmailRequestSchema = z
  .object({ email: EmailSchema, language: LanguageSchema })
  .meta({ id: 'EmailRequest' });

export const TokenSchema = z.object({ token: z.string().min(16).max(200) }).meta({ id: 'TokenRequest' });

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(16).max(200),
    password: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, mismatch)
  .meta({ id: 'ResetPasswordRequest' });

/** The form part of a password reset, without the token (the link carries it). */
export const NewPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string() })
  .refine(passwordsMatch, mismatch);

export const SessionUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    plan: z.enum(PLANS),
    role: z.enum(ROLES).nullable(),
    onboardingCompleted: z.boolean(),
    /** Runs the moderation desk at /admin. */
    isAdmin: z.boolean(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionResponseSchema = z
  .object({ user: SessionUserSchema.nullable() })
  .meta({ id: 'SessionResponse' });

/**
 * The answer of a sign-in: always the member now signed in; `restored` when the sign-in called off
 * their account's deletion (within its 30 days).
 */
export const SignedInSchema = z
  .object({ user: SessionUserSchema, restored: z.literal(true).optional() })
  .meta({ id: 'SignedIn' });

/** A code from an authenticator app (6 digits) or a recovery code, as typed. */
export const TwoFactorCodeSchema = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .min(1, 'validation.codeRequired')
  .max(32, 'validation.codeWrong');

/** The password was right and the account has two-step sign-in: a code is asked for next. */
export const SignInResultSchema = z
  .union([SignedInSchema, z.object({ twoFactor: z.literal(true) })])
  .meta({ id: 'SignInResult' });

export const SecondStepSchema = z.object({ code: TwoFactorCodeSchema }).meta({ id: 'SecondStepRequest' });

export const AcceptedSchema = z.object({ status: z.literal('accepted') }).meta({ id: 'Accepted' });
export const OkSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Ok' });

/** `signedIn`: the browser that signed up opened the link, and is now signed in. */
export const ConfirmedEmailSchema = z
  .object({ email: z.string(), signedIn: z.boolean() })
  .meta({ id: 'ConfirmedEmail' });
export const ConfirmationStatusSchema = z
  .object({ confirmed: z.boolean(), signedIn: z.boolean() })
  .meta({ id: 'ConfirmationStatus' });

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const ProvidersSchema = z
  .object({ providers: z.array(z.enum(SOCIAL_PROVIDERS)) })
  .meta({ id: 'SocialProviders' });

/**
 * A `redirect` value that stays on this site: a path starting with one `/`, never `//host` or
 * `/\host` (which browsers treat as another site), else null.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters (a tab or newline inside `/\t/host`) and backslashes are never in our paths.
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\\')) return null;
  try {
    const url = new URL(value, 'http://modmarket.invalid');
    if (url.origin !== 'http://modmarket.invalid') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
