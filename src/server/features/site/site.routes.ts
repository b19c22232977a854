import { createRoute } from '@hono/zod-openapi';
import { SiteSchema, type Site } from '@common/schemas/site';
import { createRouter } from '../../http/create-router';

const getSite = createRoute({
  method: 'get',
  path: '/',
  tags: ['System'],
  summary: 'Public settings the pages show (the shop address, the support address)',
  responses: {
    200: { description: 'The settings', content: { 'application/json': { schema: SiteSchema } } },
  },
});

/** The configuration that pages show, as the server was started with it. */
export function siteRoutes(site: Site) {
  return createRouter().openapi(getSite, (c) => c.json(site, 200));
}
