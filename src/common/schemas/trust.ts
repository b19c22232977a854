import { z } from 'zod';
import { cents } from './money';
import { NextCursorSchema } from './paging';

/** What can be reported. */
export const REPORT_KINDS = ['listing', 'message', 'member', 'post', 'wanted'] as const;
/** What the audit log's entries act on: reported things, and orders (a dispute's decision). */
export const AUDIT_KINDS = [...REPORT_KINDS, 'order'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Why, from a fixed list (the note says the rest). */
export const REPORT_REASONS = [
  'scam',
  'prohibited',
  'counterfeit',
  'misleading',
  'harassment',
  'offensive',
  'spam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_NOTE_MAX = 1000;

export const ReportSchema = z
  .object({
    kind: z.enum(REPORT_KINDS, { error: 'validation.required' }),
    targetId: z.string().trim().min(1, 'validation.required').max(64, 'validation.invalid'),
    reason: z.enum(REPORT_REASONS, { error: 'validation.reasonRequired' }),
    note: z.string().trim().max(REPORT_NOTE_MAX, 'validation.tooLong').default(''),
  })
  .meta({ id: 'Report' });
export type ReportInput = z.input<typeof ReportSchema>;

export const BlockSchema = z
  .object({
    memberId: z.string().trim().min(1, 'validation.required').max(64, 'validation.invalid'),
    hideListings: z.boolean().default(true),
  })
  .meta({ id: 'Block' });
export type BlockInput = z.input<typeof BlockSchema>;

export const BlockedMemberSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    hideListings: z.boolean(),
    blockedAt: z.string(),
  })
  .meta({ id: 'BlockedMember' });
export type BlockedMember = z.infer<typeof BlockedMemberSchema>;

/** Where the member stands with another: for the Block / Unblock buttons. */
export const BlockStateSchema = z
  .object({ blocked: z.boolean(), blockedYou: z.boolean() })
  .meta({ id: 'BlockState' });

/** How long a suspension lasts: days, or for good. */
export const SUSPENSION_DAYS = [1, 7, 30] as const;

export const ModerationActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('dismiss') }),
  z.object({ action: z.literal('hide-listing') }),
  z.object({ action: z.literal('remove-message') }),
  z.object({ action: z.literal('remove-post') }),
  /** A wanted post off the list for good (its member still sees it, hidden). */
  z.object({ action: z.literal('hide-wanted') }),
  z.object({
    action: z.literal('suspend'),
    /** Days, or null for good. */
    days: z.union([z.literal(1), z.literal(7), z.literal(30), z.null()]),
    reason: z.string().trim().min(1, 'validation.reasonRequired').max(REPORT_NOTE_MAX, 'validation.tooLong'),
  }),
]);
export type ModerationActionInput = z.input<typeof ModerationActionSchema>;

/** The reported thing, as the moderator sees it beside the report. */
export const ReportedContentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('listing'),
    id: z.string(),
    title: z.string(),
    priceCents: cents(),
    description: z.string(),
    photo: z.string().nullable(),
    hidden: z.boolean(),
    isSold: z.boolean(),
  }),
  z.object({
    kind: z.literal('message'),
    id: z.string(),
    conversationId: z.string(),
    listingTitle: z.string().nullable(),
    /** The reported message with up to three before and after it, oldest first. */
    around: z.array(
      z.object({
        id: z.string(),
        sender: z.string(),
        content: z.string(),
        removed: z.boolean(),
        createdAt: z.string(),
      }),
    ),
  }),
  z.object({ kind: z.literal('member'), id: z.string() }),
  z.object({
    kind: z.literal('post'),
    id: z.string(),
    title: z.string(),
    description: z.string(),
    photo: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('wanted'),
    id: z.string(),
    title: z.string(),
    description: z.string(),
    photo: z.string().nullable(),
    hidden: z.boolean(),
  }),
  z.object({ kind: z.literal('gone'), id: z.string() }),
]);
export type ReportedContent = z.infer<typeof ReportedContentSchema>;

export const AdminMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  memberSince: z.string(),
  activeListings: z.number(),
  suspendedUntil: z.string().nullable(),
  suspensionReason: z.string().nullable(),
});

export const AdminReportSchema = z
  .object({
    id: z.string(),
    kind: z.enum(REPORT_KINDS),
    reason: z.enum(REPORT_REASONS),
    note: z.string(),
    createdAt: z.string(),
    reporter: z.object({ id: z.string(), name: z.string() }),
    subject: AdminMemberSchema,
    content: ReportedContentSchema,
    /** Other open reports about the same thing. */
    alsoReported: z.number(),
  })
  .meta({ id: 'AdminReport' });
export type AdminReport = z.infer<typeof AdminReportSchema>;

export const AdminReportPageSchema = z.object({
  items: z.array(AdminReportSchema),
  nextCursor: NextCursorSchema,
});

/**
 * What an audit entry acted on, kept with the entry as it was then: `label` is a listing's or post's
 * title, a member's public name, or the title of the listing a message was about; `email` is a member's
 * address then.
 */
export const AuditSubjectSchema = z.object({ label: z.string(), email: z.string().optional() });
export type AuditSubject = z.infer<typeof AuditSubjectSchema>;

export const AuditEntrySchema = z
  .object({
    id: z.number(),
    /** The moderator's name; null for an operator command on the machine, or a moderator since deleted. */
    admin: z.string().nullable(),
    action: z.string(),
    kind: z.enum(AUDIT_KINDS),
    targetId: z.string(),
    /**
     * What it acted on, as it was at the time of the action (a title, a member's name); for entries
     * older than those snapshots, as it is now; null when neither is known.
     */
    target: z.string().nullable(),
    /** A member's address at the time of the action (suspensions, grants). */
    targetEmail: z.string().nullable(),
    reason: z.string(),
    until: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AdminOverviewSchema = z
  .object({
    newMembers: z.number(),
    newListings: z.number(),
    newReports: z.number(),
    openReports: z.number(),
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;
