import { z } from '@hono/zod-openapi';
import { OkSchema } from '@common/schemas/auth';
import { VehicleInputSchema, VehicleSchema } from '@common/schemas/vehicles';
import { body, failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { requireUser } from '../auth/sessions';
import type { FleetService } from './fleet.service';
import { IdParam } from '../../http/ids';

const tags = ['My Fleet'];

const routes = {
  list: route({
    member: true,
    method: 'get',
    path: '/',
    tags,
    summary: 'My vehicles, oldest first',
    responses: {
      200: json(z.object({ vehicles: z.array(VehicleSchema) }), 'Vehicles'),
      401: failure('Not signed in'),
    },
  }),
  add: route({
    member: true,
    method: 'post',
    path: '/',
    tags,
    summary: 'Add a vehicle (a VIN or chassis number, or a license plate, is required)',
    request: body(VehicleInputSchema),
    responses: {
      201: json(VehicleSchema, 'Added'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      403: failure('Too many vehicles'),
    },
  }),
  update: route({
    member: true,
    method: 'put',
    path: '/{id}',
    tags,
    summary: 'Change a vehicle of mine',
    request: { params: IdParam, ...body(VehicleInputSchema) },
    responses: {
      200: json(VehicleSchema, 'Saved'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      404: failure('No such vehicle of yours'),
    },
  }),
  remove: route({
    member: true,
    method: 'delete',
    path: '/{id}',
    tags,
    summary: 'Delete a vehicle of mine',
    request: { params: IdParam },
    responses: {
      200: json(OkSchema, 'Deleted'),
      401: failure('Not signed in'),
      404: failure('No such vehicle of yours'),
    },
  }),
};

export function fleetRoutes(fleet: FleetService) {
  return createRouter()
    .openapi(routes.list, async (c) => {
      const user = requireUser(c);
      return c.json({ vehicles: await fleet.list(user.id) }, 200);
    })
    .openapi(routes.add, async (c) => {
      const user = requireUser(c);
      return c.json(await fleet.add(user.id, c.req.valid('json')), 201);
    })
    .openapi(routes.update, async (c) => {
      const user = requireUser(c);
      return c.json(await fleet.update(user.id, c.req.valid('param').id, c.req.valid('json')), 200);
    })
    .openapi(routes.remove, async (c) => {
      const user = requireUser(c);
      await fleet.remove(user.id, c.req.valid('param').id);
      return c.json({ status: 'ok' as const }, 200);
    });
}
