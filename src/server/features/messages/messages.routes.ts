import { z } from '@hono/zod-openapi';
import { OkSchema } from '@common/schemas/auth';
import {
  ConversationListQuerySchema,
  ConversationListSchema,
  MessagePageQuerySchema,
  MessagePageSchema,
  MessageSchema,
  SendMessageSchema,
  ThreadSchema,
} from '@common/schemas/messages';
import { body, failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { LIMITS, type Limiter } from '../../security/rate-limit';
import { requireUser } from '../auth/sessions';
import { toMessage, type MessagesService } from './messages.service';
import { IdParam } from '../../http/ids';

const tags = ['Messages'];
/** Sending is limited per member: 30 messages a minute. */

const routes = {
  list: route({
    member: true,
    method: 'get',
    path: '/',
    tags,
    summary: 'My conversations, a page at a time, newest activity first, with unread counts',
    request: { query: ConversationListQuerySchema },
    responses: {
      200: json(ConversationListSchema, 'Conversations'),
      400: failure('Invalid search or cursor'),
      401: failure('Not signed in'),
    },
  }),
  unread: route({
    member: true,
    method: 'get',
    path: '/unread',
    tags,
    summary: 'How many messages I have not read',
    responses: { 200: json(z.object({ count: z.number() }), 'Unread'), 401: failure('Not signed in') },
  }),
  thread: route({
    member: true,
    method: 'get',
    path: '/{id}',
    tags,
    summary: 'One conversation and its messages (members of it only)',
    request: { params: IdParam },
    responses: {
      200: json(ThreadSchema, 'The thread'),
      401: failure('Not signed in'),
      404: failure('No such conversation of yours'),
    },
  }),
  older: route({
    member: true,
    method: 'get',
    path: '/{id}/messages',
    tags,
    summary: "A page of a conversation's messages, before a position or the newest (members of it only)",
    request: { params: IdParam, query: MessagePageQuerySchema },
    responses: {
      200: json(MessagePageSchema, 'Messages, oldest first'),
      400: failure('Invalid cursor'),
      401: failure('Not signed in'),
      404: failure('No such conversation of yours'),
    },
  }),
  read: route({
    member: true,
    method: 'post',
    path: '/{id}/read',
    tags,
    summary: 'Mark what I received in this conversation as read',
    request: { params: IdParam },
    responses: {
      200: json(OkSchema, 'Read'),
      401: failure('Not signed in'),
      404: failure('No such conversation of yours'),
    },
  }),
  send: route({
    member: 'named',
    method: 'post',
    path: '/{id}/messages',
    tags,
    summary: 'Reply in a conversation (idempotent with clientId)',
    request: {
      params: IdParam,
      ...body(SendMessageSchema),
    },
    responses: {
      201: json(MessageSchema, 'Stored'),
      200: json(MessageSchema, 'Already stored (same clientId)'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      404: failure('No such conversation of yours'),
      409: failure('The other member has deleted their account (MEMBER_DELETED)'),
      429: failure('Too many messages'),
    },
  }),
};

export function messagesRoutes(deps: { messages: MessagesService; limit: Limiter }) {
  const { messages } = deps;
  return createRouter()
    .openapi(routes.list, async (c) => {
      const user = requireUser(c);
      const [page, unreadTotal] = await Promise.all([
        messages.inbox(user.id, c.req.valid('query')),
        messages.unreadTotal(user.id),
      ]);
      return c.json({ ...page, unreadTotal }, 200);
    })
    .openapi(routes.unread, async (c) => {
      const user = requireUser(c);
      return c.json({ count: await messages.unreadTotal(user.id) }, 200);
    })
    .openapi(routes.thread, async (c) => {
      const user = requireUser(c);
      return c.json(await messages.thread(user.id, c.req.valid('param').id), 200);
    })
    .openapi(routes.older, async (c) => {
      const user = requireUser(c);
      return c.json(
        await messages.messagePage(user.id, c.req.valid('param').id, c.req.valid('query').cursor),
        200,
      );
    })
    .openapi(routes.read, async (c) => {
      const user = requireUser(c);
      await messages.markRead(user.id, c.req.valid('param').id);
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.send, async (c) => {
      const user = requireUser(c);
      await deps.limit('send-message', user.id, LIMITS.sendMessage);
      const { content, clientId } = c.req.valid('json');
      const { message, created } = await messages.reply(user, c.req.valid('param').id, content, clientId);
      return c.json(toMessage(message), created ? 201 : 200);
    });
}
