import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env';

/** What the security log records; each is one JSON line with `security: <name>`. */
export type SecurityEvent =
  | 'sign-in.succeeded'
  | 'sign-in.failed'
  | 'social-sign-in.succeeded'
  | 'social-sign-in.failed'
  | 'social-identity.linked'
  | 'confirmation-link.opened'
  | 'confirmation-link.refused'
  | 'account.created'
  | 'password-reset.requested'
  | 'password-reset.completed'
  | 'reset-link.refused'
  | 'sessions.revoked'
  | 'password.changed'
  | 'email-change.requested'
  | 'email-change.confirmed'
  | 'email-change.undone'
  | 'two-factor.enabled'
  | 'two-factor.disabled'
  | 'two-factor.failed'
  | 'account.deleted'
  | 'account.restored'
  | 'limit.reached'
  | 'authorization.refused'
  | 'webhook.signature-failed';

type Detail = string | number | boolean | null | undefined;

/**
 * Writes a security event into the request's log line stream, so it carries the request id, with the
 * member it concerns (the signed-in one unless given) and the client address. Details are codes,
 * ids and paths: never an email address, a password, a token or a cookie.
 */
export function logSecurityEvent(
  c: Context<AppEnv>,
  event: SecurityEvent,
  details: { memberId?: string | null } & Record<string, Detail> = {},
): void {
  const { memberId, ...rest } = details;
  c.get('logger').info(
    {
      security: event,
      memberId: memberId ?? c.get('user')?.id ?? null,
      ip: c.get('clientIp') ?? null,
      ...rest,
    },
    `security: ${event}`,
  );
}
