import { z } from '@hono/zod-openapi';
import { PlaceSchema } from '@common/schemas/places';
import { ApiError } from '../../http/api-error';
import { createRouter } from '../../http/create-router';
import { failure, json, route } from '../../http/openapi';
import { lookupZip } from '../../geo/zip';

const lookup = route({
  method: 'get',
  path: '/{zip}',
  tags: ['Places'],
  summary: "A US ZIP code's city and state (looked up offline)",
  request: { params: z.object({ zip: z.string().max(10) }) },
  responses: { 200: json(PlaceSchema, 'The place'), 404: failure('Unknown ZIP code') },
});

/** ZIP codes to places, for the listing form to show the city and state as the seller types. */
export function placesRoutes() {
  return createRouter().openapi(lookup, (c) => {
    const place = lookupZip(c.req.valid('param').zip);
    if (!place) throw new ApiError(404, 'NOT_FOUND');
    // The data set changes only with a release.
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json({ zip: place.zip, city: place.city, state: place.state }, 200);
  });
}
