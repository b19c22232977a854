import { z } from '@hono/zod-openapi';
import { OkSchema } from '@common/schemas/auth';
import { CursorQuerySchema } from '@common/schemas/paging';
import {
  CommentInputSchema,
  CommentSchema,
  CreatePostSchema,
  FeedSchema,
  PostSchema,
} from '@common/schemas/community';
import { body, failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { requireUser } from '../auth/sessions';
import { IdParam } from '../../http/ids';
import type { CommunityService } from './community.service';
import { LIMITS, type Limiter } from '../../security/rate-limit';

const tags = ['Community'];

const routes = {
  feed: route({
    member: true,
    method: 'get',
    path: '/posts',
    tags,
    summary: 'Builds, newest first (10 a page)',
    request: { query: CursorQuerySchema },
    responses: { 200: json(FeedSchema, 'Posts'), 401: failure('Not signed in') },
  }),
  create: route({
    member: 'named',
    method: 'post',
    path: '/posts',
    tags,
    summary: 'Share a build (photos uploaded first through /api/photos)',
    request: body(CreatePostSchema),
    responses: {
      201: json(PostSchema, 'Posted'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      429: failure('Too many posts for now (RATE_LIMITED)'),
    },
  }),
  remove: route({
    member: true,
    method: 'delete',
    path: '/posts/{id}',
    tags,
    summary: 'Delete my post',
    request: { params: IdParam },
    responses: {
      200: json(OkSchema, 'Deleted'),
      401: failure('Not signed in'),
      404: failure('No such post of yours'),
    },
  }),
  like: route({
    member: true,
    method: 'post',
    path: '/posts/{id}/like',
    tags,
    summary: 'Like or unlike a post (one like per member)',
    request: { params: IdParam },
    responses: {
      200: json(z.object({ liked: z.boolean(), likeCount: z.number() }), 'Toggled'),
      401: failure('Not signed in'),
      404: failure('No such post'),
    },
  }),
  comments: route({
    member: true,
    method: 'get',
    path: '/posts/{id}/comments',
    tags,
    summary: "A post's comments, oldest first",
    request: { params: IdParam },
    responses: {
      200: json(z.object({ comments: z.array(CommentSchema) }), 'Comments'),
      401: failure('Not signed in'),
      404: failure('No such post'),
    },
  }),
  comment: route({
    member: 'named',
    method: 'post',
    path: '/posts/{id}/comments',
    tags,
    summary: 'Comment on a post',
    request: {
      params: IdParam,
      ...body(CommentInputSchema),
    },
    responses: {
      201: json(CommentSchema, 'Added'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      404: failure('No such post'),
      429: failure('Too many comments for now (RATE_LIMITED)'),
    },
  }),
  removeComment: route({
    member: true,
    method: 'delete',
    path: '/comments/{id}',
    tags,
    summary: 'Delete my comment',
    request: { params: IdParam },
    responses: {
      200: json(OkSchema, 'Deleted'),
      401: failure('Not signed in'),
      404: failure('No such comment of yours'),
    },
  }),
};

/** Share Your Build's endpoints. Members only. */
export function communityRoutes(deps: { community: CommunityService; limit: Limiter }) {
  const { community } = deps;
  return createRouter()
    .openapi(routes.feed, async (c) =>
      c.json(await community.feed(requireUser(c).id, c.req.valid('query').cursor), 200),
    )
    .openapi(routes.create, async (c) => {
      const user = requireUser(c);
      await deps.limit('community-post', user.id, LIMITS.communityPost);
      return c.json(await community.create(user.id, c.req.valid('json')), 201);
    })
    .openapi(routes.remove, async (c) => {
      await community.remove(requireUser(c).id, c.req.valid('param').id);
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.like, async (c) =>
      c.json(await community.toggleLike(requireUser(c).id, c.req.valid('param').id), 200),
    )
    .openapi(routes.comments, async (c) =>
      c.json({ comments: await community.comments(requireUser(c).id, c.req.valid('param').id) }, 200),
    )
    .openapi(routes.comment, async (c) => {
      const user = requireUser(c);
      await deps.limit('community-comment', user.id, LIMITS.communityComment);
      return c.json(
        await community.addComment(user, c.req.valid('param').id, c.req.valid('json').content),
        201,
      );
    })
    .openapi(routes.removeComment, async (c) => {
      await community.removeComment(requireUser(c).id, c.req.valid('param').id);
      return c.json({ status: 'ok' as const }, 200);
    });
}
