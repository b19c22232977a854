import { z } from 'zod';
import {
  EmailSchema,
  FirstNameSchema,
  LastNameSchema,
  NewPasswordSchema,
  PASSWORD_MAX_LENGTH,
  PhoneSchema,
  TwoFactorCodeSchema,
} from './auth';
import { LANGUAGES } from '../i18n/languages';

/**
 * What a member changes on the settings page. The rules are sign-up's: a name, phone, password or
 * email is held to the same rules wherever it is entered.
 */

export const AccountDetailsSchema = z
  .object({
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    phone: PhoneSchema.optional().default(''),
    /** Required when the phone number changes. */
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional().default(''),
  })
  .meta({ id: 'AccountDetails' });
export type AccountDetailsInput = z.input<typeof AccountDetailsSchema>;

/** The names others see, given the first time they are needed (before a first message, offer or listing). */
export const MemberNameSchema = z
  .object({ firstName: FirstNameSchema, lastName: LastNameSchema })
  .meta({ id: 'MemberName' });
export type MemberNameInput = z.input<typeof MemberNameSchema>;

/** The language a member reads the site in: their emails follow it too. */
export const LanguageChoiceSchema = z
  .object({ language: z.enum(LANGUAGES, { error: 'validation.languageUnknown' }) })
  .meta({ id: 'LanguageChoice' });
export type LanguageChoiceInput = z.input<typeof LanguageChoiceSchema>;

export const AccountSchema = z
  .object({
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phone: z.string().nullable(),
    /** False for a member who signed up through a provider and never set a password. */
    hasPassword: z.boolean(),
    /** The address waiting for its confirmation link to be opened, if any. */
    pendingEmail: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
    recoveryCodesLeft: z.number(),
    /** "Download my data": being prepared, or ready to download until `expiresAt`. */
    dataExport: z
      .object({ status: z.enum(['preparing', 'ready']), expiresAt: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof AccountSchema>;

const CurrentPasswordSchema = z
  .string({ error: 'validation.currentPasswordRequired' })
  .min(1, 'validation.currentPasswordRequired')
  .max(PASSWORD_MAX_LENGTH);

export const ChangePasswordSchema = z
  .object({
    currentPassword: CurrentPasswordSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
  })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

/** With two-step sign-in on: a code from the app or a recovery code (checked on the server). */
const SecondStepCodeSchema = z.string().trim().max(32, 'validation.codeWrong').default('');

export const ChangeEmailSchema = z
  .object({ email: EmailSchema, currentPassword: CurrentPasswordSchema, code: SecondStepCodeSchema })
  .meta({ id: 'ChangeEmailRequest' });
export type ChangeEmailInput = z.input<typeof ChangeEmailSchema>;

export const EmailChangeResultSchema = z.object({ email: z.string() }).meta({ id: 'EmailChangeResult' });

export const ActiveSessionSchema = z
  .object({
    id: z.string(),
    /** The browser and system read from the user agent, e.g. "Chrome on Android". */
    browser: z.string().nullable(),
    os: z.string().nullable(),
    device: z.enum(['desktop', 'mobile', 'tablet']),
    ipAddress: z.string().nullable(),
    lastSeenAt: z.string(),
    signedInAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'ActiveSession' });
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;

export const ActiveSessionsSchema = z
  .object({ sessions: z.array(ActiveSessionSchema) })
  .meta({ id: 'ActiveSessions' });

export const PasswordCheckSchema = z
  .object({ currentPassword: CurrentPasswordSchema })
  .meta({ id: 'PasswordCheck' });
export type PasswordCheckInput = z.input<typeof PasswordCheckSchema>;

export const TwoFactorSetupSchema = z
  .object({
    /** The key, for typing into an app that cannot scan. */
    secret: z.string(),
    uri: z.string(),
    /** The `otpauth://` address as a QR code (SVG). */
    qrSvg: z.string(),
  })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const TwoFactorEnableSchema = z.object({ code: TwoFactorCodeSchema }).meta({ id: 'TwoFactorEnable' });
export type TwoFactorEnableInput = z.input<typeof TwoFactorEnableSchema>;

export const RecoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()) })
  .meta({ id: 'RecoveryCodes' });

export const TwoFactorDisableSchema = z
  .object({ currentPassword: CurrentPasswordSchema, code: TwoFactorCodeSchema })
  .meta({ id: 'TwoFactorDisable' });
export type TwoFactorDisableInput = z.input<typeof TwoFactorDisableSchema>;

/** Deleting the account: the password, and a code when two-step sign-in is on. */
export const DeleteAccountSchema = z
  .object({
    currentPassword: CurrentPasswordSchema,
    code: SecondStepCodeSchema,
  })
  .meta({ id: 'DeleteAccountRequest' });
export type DeleteAccountInput = z.input<typeof DeleteAccountSchema>;

/** The account is deleted at `deletionDueAt` (30 days on) unless the member signs in before then. */
export const DeletionScheduledSchema = z
  .object({ status: z.literal('ok'), deletionDueAt: z.string() })
  .meta({ id: 'DeletionScheduled' });
