import { z } from '@hono/zod-openapi';
import { OkSchema } from '@common/schemas/auth';
import { SaveSearchSchema, SavedSearchSchema, UpdateSavedSearchSchema } from '@common/schemas/saved-searches';
import { body, failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { requireUser } from '../auth/sessions';
import type { SavedSearchesService } from './saved-searches.service';
import { IdParam } from '../../http/ids';

const tags = ['Saved searches'];
const notMine = failure('No such saved search of yours');

const routes = {
  list: route({
    member: true,
    method: 'get',
    path: '/',
    tags,
    summary: 'My saved searches with result counts and new results, newest first',
    request: { query: z.object({ search: z.string().max(100).optional() }) },
    responses: {
      200: json(z.object({ savedSearches: z.array(SavedSearchSchema) }), 'Saved searches'),
      401: failure('Not signed in'),
    },
  }),
  save: route({
    member: true,
    method: 'post',
    path: '/',
    tags,
    summary: 'Save browse filters under a name',
    request: body(SaveSearchSchema),
    responses: {
      201: json(SavedSearchSchema, 'Saved'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      403: failure('Too many saved searches'),
    },
  }),
  update: route({
    member: true,
    method: 'patch',
    path: '/{id}',
    tags,
    summary: 'Rename a saved search or turn its alerts on or off',
    request: {
      params: IdParam,
      ...body(UpdateSavedSearchSchema),
    },
    responses: {
      200: json(SavedSearchSchema, 'Saved'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      404: notMine,
    },
  }),
  open: route({
    member: true,
    method: 'post',
    path: '/{id}/open',
    tags,
    summary: 'Record that I opened it (clears its new results)',
    request: { params: IdParam },
    responses: { 200: json(OkSchema, 'Opened'), 401: failure('Not signed in'), 404: notMine },
  }),
  remove: route({
    member: true,
    method: 'delete',
    path: '/{id}',
    tags,
    summary: 'Delete a saved search',
    request: { params: IdParam },
    responses: { 200: json(OkSchema, 'Deleted'), 401: failure('Not signed in'), 404: notMine },
  }),
};

export function savedSearchesRoutes(saved: SavedSearchesService) {
  return createRouter()
    .openapi(routes.list, async (c) => {
      const user = requireUser(c);
      return c.json({ savedSearches: await saved.list(user.id, c.req.valid('query').search) }, 200);
    })
    .openapi(routes.save, async (c) => {
      const user = requireUser(c);
      return c.json(await saved.save(user.id, c.req.valid('json')), 201);
    })
    .openapi(routes.update, async (c) => {
      const user = requireUser(c);
      return c.json(await saved.update(user.id, c.req.valid('param').id, c.req.valid('json')), 200);
    })
    .openapi(routes.open, async (c) => {
      const user = requireUser(c);
      await saved.open(user.id, c.req.valid('param').id);
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.remove, async (c) => {
      const user = requireUser(c);
      await saved.remove(user.id, c.req.valid('param').id);
      return c.json({ status: 'ok' as const }, 200);
    });
}
