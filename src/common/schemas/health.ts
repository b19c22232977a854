import { z } from 'zod';

export const HealthResponseSchema = z
  .object({ status: z.literal('ok') })
  .meta({ id: 'Health', description: 'The service and its database answer.' });
