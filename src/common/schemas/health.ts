import { z } from 'zod';

export const HealthResponseSchema = z
  .object({ status: z.literal('ok') })
  .meta({ id: 'Health', description: 'The service and its database answer.' });

/** What an operator reads of a running service: how far behind its job queue is. */
export const HealthDetailSchema = z
  .object({
    status: z.literal('ok'),
    jobs: z.object({
      oldestDueSeconds: z.number().int().min(0),
      due: z.record(z.string(), z.number().int()),
      failed: z.record(z.string(), z.number().int()),
    }),
  })
  .meta({
    id: 'HealthDetail',
    description:
      'The job queue: how long the longest-waiting due job has waited past its time (seconds), due jobs per kind, failed jobs per kind.',
  });
export type HealthDetail = z.infer<typeof HealthDetailSchema>;
