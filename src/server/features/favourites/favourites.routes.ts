import { z } from '@hono/zod-openapi';
import { OkSchema } from '@common/schemas/auth';
import { FavouriteListSchema } from '@common/schemas/favourites';
import { failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { requireUser } from '../auth/sessions';
import type { FavouritesService } from './favourites.service';
import { IdParam } from '../../http/ids';

const tags = ['Favourites'];

const routes = {
  list: route({
    member: true,
    method: 'get',
    path: '/',
    tags,
    summary: 'My favourites, newest first, optionally matching a title',
    request: { query: z.object({ search: z.string().max(100).optional() }) },
    responses: { 200: json(FavouriteListSchema, 'Favourites'), 401: failure('Not signed in') },
  }),
  add: route({
    member: true,
    method: 'put',
    path: '/{id}',
    tags,
    summary: 'Save a listing (by its id) as a favourite',
    request: { params: IdParam },
    responses: {
      200: json(OkSchema, 'Saved'),
      401: failure('Not signed in'),
      404: failure('No such listing'),
    },
  }),
  remove: route({
    member: true,
    method: 'delete',
    path: '/{id}',
    tags,
    summary: "Remove a favourite (by the listing's id or the favourite's own)",
    request: { params: IdParam },
    responses: {
      200: json(OkSchema, 'Removed'),
      401: failure('Not signed in'),
      404: failure('Not a valid id'),
    },
  }),
};

export function favouritesRoutes(favourites: FavouritesService) {
  return createRouter()
    .openapi(routes.list, async (c) => {
      const user = requireUser(c);
      return c.json({ favourites: await favourites.list(user.id, c.req.valid('query').search) }, 200);
    })
    .openapi(routes.add, async (c) => {
      const user = requireUser(c);
      await favourites.add(user.id, c.req.valid('param').id);
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.remove, async (c) => {
      const user = requireUser(c);
      await favourites.remove(user.id, c.req.valid('param').id);
      return c.json({ status: 'ok' as const }, 200);
    });
}
