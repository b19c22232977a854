import { z } from '@hono/zod-openapi';
import { OkSchema } from '@common/schemas/auth';
import {
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationSettingsSchema,
} from '@common/schemas/notifications';
import { body, failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { requireUser } from '../auth/sessions';
import type { NotificationsService } from './notifications.service';
import { IdParam } from '../../http/ids';

const tags = ['Notifications'];
const CountsSchema = z
  .object({ messages: z.number(), notifications: z.number() })
  .meta({ id: 'UnreadCounts' });

const routes = {
  list: route({
    member: true,
    method: 'get',
    path: '/',
    tags,
    summary: 'My notifications, newest first (30 a page), optionally of one type',
    request: { query: NotificationListQuerySchema },
    responses: {
      200: json(NotificationListSchema, 'Notifications'),
      400: failure('Invalid cursor or type'),
      401: failure('Not signed in'),
    },
  }),
  counts: route({
    member: true,
    method: 'get',
    path: '/counts',
    tags,
    summary: 'Unread messages and notifications (the nav badges)',
    responses: { 200: json(CountsSchema, 'Counts'), 401: failure('Not signed in') },
  }),
  readAll: route({
    member: true,
    method: 'post',
    path: '/read-all',
    tags,
    summary: 'Mark all my notifications read',
    responses: { 200: json(OkSchema, 'Read'), 401: failure('Not signed in') },
  }),
  read: route({
    member: true,
    method: 'post',
    path: '/{id}/read',
    tags,
    summary: 'Mark one notification read',
    request: { params: IdParam },
    responses: {
      200: json(OkSchema, 'Read'),
      401: failure('Not signed in'),
      404: failure('No such notification of yours'),
    },
  }),
  settings: route({
    member: true,
    method: 'get',
    path: '/settings',
    tags,
    summary: 'My notification settings',
    responses: { 200: json(NotificationSettingsSchema, 'Settings'), 401: failure('Not signed in') },
  }),
  saveSettings: route({
    member: true,
    method: 'put',
    path: '/settings',
    tags,
    summary: 'Save my notification settings',
    request: {
      ...body(NotificationSettingsSchema),
    },
    responses: {
      200: json(NotificationSettingsSchema, 'Saved'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
    },
  }),
};

export function notificationsRoutes(notifications: NotificationsService) {
  return createRouter()
    .openapi(routes.list, async (c) => {
      const user = requireUser(c);
      return c.json(await notifications.list(user.id, c.req.valid('query')), 200);
    })
    .openapi(routes.counts, async (c) => {
      const user = requireUser(c);
      return c.json(await notifications.counts(user.id), 200);
    })
    .openapi(routes.readAll, async (c) => {
      const user = requireUser(c);
      await notifications.markAllRead(user.id);
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.read, async (c) => {
      const user = requireUser(c);
      await notifications.markRead(user.id, c.req.valid('param').id);
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.settings, async (c) => {
      const user = requireUser(c);
      return c.json(await notifications.settingsFor(user.id), 200);
    })
    .openapi(routes.saveSettings, async (c) => {
      const user = requireUser(c);
      return c.json(await notifications.updateSettings(user.id, c.req.valid('json')), 200);
    });
}
