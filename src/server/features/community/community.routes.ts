import { createRoute, z } from '@hono/zod-openapi';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { OkSchema } from '@common/schemas/auth';
import {
  CommentInputSchema,
  CommentSchema,
  CreatePostSchema,
  FeedSchema,
  PostSchema,
  type Comment,
  type Post,
} from '@common/schemas/community';
import { publicName } from '@common/schemas/listings';
import type { Db } from '../../db/client';
import { communityComments, communityLikes, communityPosts, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { body, failure, json } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import type { Storage } from '../../storage/storage';
import { resolvePhotos } from '../../photos/uploads';
import { requireUser } from '../auth/sessions';
import { photoView } from '../listings/listings.service';
import { IdParam, decodeTimeCursor, encodeTimeCursor, isUuid } from '../../http/ids';
import { LIMITS, type Limiter } from '../../security/rate-limit';

const tags = ['Community'];
const PAGE = 10;

const routes = {
  feed: createRoute({
    method: 'get',
    path: '/posts',
    tags,
    summary: 'Builds, newest first (10 a page)',
    request: { query: z.object({ cursor: z.string().max(200).optional() }) },
    responses: { 200: json(FeedSchema, 'Posts'), 401: failure('Not signed in') },
  }),
  create: createRoute({
    method: 'post',
    path: '/posts',
    tags,
    summary: 'Share a build (photos uploaded first through /api/photos)',
    request: body(CreatePostSchema),
    responses: {
      201: json(PostSchema, 'Posted'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
    },
  }),
  remove: createRoute({
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
  like: createRoute({
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
  comments: createRoute({
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
  comment: createRoute({
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
    },
  }),
  removeComment: createRoute({
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

/** Share Your Build: posts with photos, likes (one per member, toggling) and comments. Members only. */
export function communityRoutes(deps: { db: Db; storage: Storage; limit: Limiter }) {
  const { db, storage } = deps;

  async function findPost(id: string) {
    if (!isUuid(id)) throw new ApiError(404, 'NOT_FOUND');
    const post = (await db.select().from(communityPosts).where(eq(communityPosts.id, id)).limit(1))[0];
    if (!post) throw new ApiError(404, 'NOT_FOUND');
    return post;
  }

  async function posts(viewerId: string, where: ReturnType<typeof and>, limit: number): Promise<Post[]> {
    const rows = await db
      .select({
        post: communityPosts,
        firstName: users.firstName,
        lastName: users.lastName,
        liked: sql<boolean>`exists (select 1 from ${communityLikes} l where l.post_id = ${communityPosts.id} and l.user_id = ${viewerId})`,
      })
      .from(communityPosts)
      .innerJoin(users, eq(users.id, communityPosts.userId))
      .where(where)
      .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
      .limit(limit);
    return rows.map(({ post, firstName, lastName, liked }) => ({
      id: post.id,
      title: post.title,
      description: post.description,
      photos: post.photos.map((photo) => photoView(storage, photo)),
      author: { id: post.userId, name: publicName(firstName, lastName) },
      likeCount: post.likeCount,
      commentCount: post.commentCount,
      likedByMe: Boolean(liked),
      mine: post.userId === viewerId,
      createdAt: post.createdAt.toISOString(),
    }));
  }

  return createRouter()
    .openapi(routes.feed, async (c) => {
      const user = requireUser(c);
      const cursor = c.req.valid('query').cursor;
      const after = cursor ? decodeTimeCursor(cursor) : null;
      const page = await posts(
        user.id,
        after
          ? or(
              lt(communityPosts.createdAt, after.createdAt),
              and(eq(communityPosts.createdAt, after.createdAt), lt(communityPosts.id, after.id)),
            )
          : undefined,
        PAGE + 1,
      );
      const shown = page.slice(0, PAGE);
      const last = shown.at(-1);
      return c.json(
        {
          posts: shown,
          nextCursor:
            page.length > PAGE && last
              ? encodeTimeCursor({ createdAt: new Date(last.createdAt), id: last.id })
              : null,
        },
        200,
      );
    })
    .openapi(routes.create, async (c) => {
      const user = requireUser(c);
      await deps.limit('community-post', user.id, LIMITS.communityPost);
      const input = c.req.valid('json');
      const rows = await db.transaction(async (tx) =>
        tx
          .insert(communityPosts)
          .values({
            userId: user.id,
            title: input.title,
            description: input.description,
            photos: await resolvePhotos(tx, user.id, input.photos),
          })
          .returning({ id: communityPosts.id }),
      );
      const [post] = await posts(user.id, eq(communityPosts.id, rows[0]!.id), 1);
      return c.json(post!, 201);
    })
    .openapi(routes.remove, async (c) => {
      const user = requireUser(c);
      const post = await findPost(c.req.valid('param').id);
      if (post.userId !== user.id) throw new ApiError(404, 'NOT_FOUND');
      await db.delete(communityPosts).where(eq(communityPosts.id, post.id));
      for (const photo of post.photos) await storage.deletePrefix(`${photo.key}/`);
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.like, async (c) => {
      const user = requireUser(c);
      const post = await findPost(c.req.valid('param').id);
      const result = await db.transaction(async (tx) => {
        const added = await tx
          .insert(communityLikes)
          .values({ postId: post.id, userId: user.id })
          .onConflictDoNothing()
          .returning();
        if (added.length === 0)
          await tx
            .delete(communityLikes)
            .where(and(eq(communityLikes.postId, post.id), eq(communityLikes.userId, user.id)));
        const updated = await tx
          .update(communityPosts)
          .set({ likeCount: sql`${communityPosts.likeCount} + ${added.length ? 1 : -1}` })
          .where(eq(communityPosts.id, post.id))
          .returning({ likeCount: communityPosts.likeCount });
        return { liked: added.length > 0, likeCount: updated[0]!.likeCount };
      });
      return c.json(result, 200);
    })
    .openapi(routes.comments, async (c) => {
      const user = requireUser(c);
      const post = await findPost(c.req.valid('param').id);
      const rows = await db
        .select({ comment: communityComments, firstName: users.firstName, lastName: users.lastName })
        .from(communityComments)
        .innerJoin(users, eq(users.id, communityComments.userId))
        .where(eq(communityComments.postId, post.id))
        .orderBy(communityComments.createdAt, communityComments.id)
        .limit(500);
      const comments: Comment[] = rows.map(({ comment, firstName, lastName }) => ({
        id: comment.id,
        author: { id: comment.userId, name: publicName(firstName, lastName) },
        content: comment.content,
        mine: comment.userId === user.id,
        createdAt: comment.createdAt.toISOString(),
      }));
      return c.json({ comments }, 200);
    })
    .openapi(routes.comment, async (c) => {
      const user = requireUser(c);
      await deps.limit('community-comment', user.id, LIMITS.communityComment);
      const post = await findPost(c.req.valid('param').id);
      const { content } = c.req.valid('json');
      const comment = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(communityComments)
          .values({ postId: post.id, userId: user.id, content })
          .returning();
        await tx
          .update(communityPosts)
          .set({ commentCount: sql`${communityPosts.commentCount} + 1` })
          .where(eq(communityPosts.id, post.id));
        return rows[0]!;
      });
      return c.json(
        {
          id: comment.id,
          author: { id: user.id, name: publicName(user.firstName, user.lastName) },
          content: comment.content,
          mine: true,
          createdAt: comment.createdAt.toISOString(),
        },
        201,
      );
    })
    .openapi(routes.removeComment, async (c) => {
      const user = requireUser(c);
      const id = c.req.valid('param').id;
      if (!isUuid(id)) throw new ApiError(404, 'NOT_FOUND');
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(communityComments)
          .where(and(eq(communityComments.id, id), eq(communityComments.userId, user.id)))
          .returning({ postId: communityComments.postId });
        if (!removed[0]) throw new ApiError(404, 'NOT_FOUND');
        await tx
          .update(communityPosts)
          .set({ commentCount: sql`greatest(${communityPosts.commentCount} - 1, 0)` })
          .where(eq(communityPosts.id, removed[0].postId));
      });
      return c.json({ status: 'ok' as const }, 200);
    });
}
