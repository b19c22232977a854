import { z } from 'zod';

/** What the server's configuration says that pages show: where the shop is and how to reach support. */
export const SiteSchema = z
  .object({
    /** `SHOP_URL`: the merchandise shop's own site; null while there is none ("Coming soon"). */
    shopUrl: z.url().nullable(),
    supportEmail: z.email(),
    /** `PRIVACY_EMAIL`, or the support address when it is not set. */
    privacyEmail: z.email(),
  })
  .meta({ id: 'Site', description: 'Public settings the pages show.' });
export type Site = z.infer<typeof SiteSchema>;
