import { lockMembers } from '../../db/member-state';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '@common/schemas/auth';
import type { Comment, CreatePostSchema, Post } from '@common/schemas/community';
import { publicName } from '@common/labels';
import type { Db } from '../../db/client';
import { removeFiles } from '../../storage/removals';
import { communityComments, communityLikes, communityPosts, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { before, decodeKeyset, encodeKeyset, exactTime } from '../../db/keyset';
import type { Storage } from '../../storage/storage';
import { resolvePhotos } from '../../photos/uploads';
import { photoView } from '../../cards/listing-card';

/** Posts per page of the feed. */
const PAGE = 10;

/** Share Your Build: posts with photos, likes (one per member, toggling) and comments. */
export function createCommunityService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  async function findPost(id: string) {
    const post = (await db.select().from(communityPosts).where(eq(communityPosts.id, id)).limit(1))[0];
    if (!post) throw new ApiError(404, 'NOT_FOUND');
    return post;
  }

  async function removePost(post: typeof communityPosts.$inferSelect) {
    await db.delete(communityPosts).where(eq(communityPosts.id, post.id));
    await removeFiles(
      db,
      storage,
      post.photos.map((photo) => `${photo.key}/`),
    );
  }

  /** Posts as `viewerId` sees them, newest first, each with its time to the microsecond (`at`). */
  async function posts(
    viewerId: string,
    where: ReturnType<typeof and>,
    limit: number,
  ): Promise<(Post & { at: string })[]> {
    const rows = await db
      .select({
        post: communityPosts,
        at: exactTime(communityPosts.createdAt),
        firstName: users.firstName,
        lastName: users.lastName,
        liked: sql<boolean>`exists (select 1 from ${communityLikes} l where l.post_id = ${communityPosts.id} and l.user_id = ${viewerId})`,
      })
      .from(communityPosts)
      .innerJoin(users, eq(users.id, communityPosts.userId))
      .where(where)
      .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
      .limit(limit);
    return rows.map(({ post, at, firstName, lastName, liked }) => ({
      at,
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

  return {
    /** Newest first, a page at a time after `cursor`. */
    async feed(viewerId: string, cursor: string | undefined) {
      const position = cursor ? decodeKeyset(cursor) : null;
      const page = await posts(
        viewerId,
        position ? before(communityPosts.createdAt, communityPosts.id, position) : undefined,
        PAGE + 1,
      );
      const shown = page.slice(0, PAGE);
      const last = shown.at(-1);
      return {
        posts: shown.map(({ at: _at, ...post }) => post),
        nextCursor: page.length > PAGE && last ? encodeKeyset({ at: last.at, id: last.id }) : null,
      };
    },

    async create(userId: string, input: z.output<typeof CreatePostSchema>): Promise<Post> {
      const rows = await db.transaction(async (tx) => {
        await lockMembers(tx, { actor: userId });
        return tx
          .insert(communityPosts)
          .values({
            userId,
            title: input.title,
            description: input.description,
            photos: await resolvePhotos(tx, userId, input.photos),
          })
          .returning({ id: communityPosts.id });
      });
      const [post] = await posts(userId, eq(communityPosts.id, rows[0]!.id), 1);
      return post!;
    },

    /** The author's own post only; its photos go with it. */
    async remove(userId: string, id: string) {
      const post = await findPost(id);
      if (post.userId !== userId) throw new ApiError(404, 'NOT_FOUND');
      await removePost(post);
    },

    /** A moderator's removal: whoever wrote it, and nothing to do when it is already gone. */
    async removeAsModerator(id: string) {
      const post = (await db.select().from(communityPosts).where(eq(communityPosts.id, id)).limit(1))[0];
      if (post) await removePost(post);
    },

    /** Likes, or unlikes when already liked; the count changes in the same transaction. */
    async toggleLike(userId: string, id: string) {
      const post = await findPost(id);
      return db.transaction(async (tx) => {
        await lockMembers(tx, { actor: userId, author: post.userId });
        const added = await tx
          .insert(communityLikes)
          .values({ postId: post.id, userId })
          .onConflictDoNothing()
          .returning();
        if (added.length === 0)
          await tx
            .delete(communityLikes)
            .where(and(eq(communityLikes.postId, post.id), eq(communityLikes.userId, userId)));
        const updated = await tx
          .update(communityPosts)
          .set({ likeCount: sql`${communityPosts.likeCount} + ${added.length ? 1 : -1}` })
          .where(eq(communityPosts.id, post.id))
          .returning({ likeCount: communityPosts.likeCount });
        return { liked: added.length > 0, likeCount: updated[0]!.likeCount };
      });
    },

    /** Oldest first, up to 500. */
    async comments(viewerId: string, postId: string): Promise<Comment[]> {
      const post = await findPost(postId);
      const rows = await db
        .select({ comment: communityComments, firstName: users.firstName, lastName: users.lastName })
        .from(communityComments)
        .innerJoin(users, eq(users.id, communityComments.userId))
        .where(eq(communityComments.postId, post.id))
        .orderBy(communityComments.createdAt, communityComments.id)
        .limit(500);
      return rows.map(({ comment, firstName, lastName }) => ({
        id: comment.id,
        author: { id: comment.userId, name: publicName(firstName, lastName) },
        content: comment.content,
        mine: comment.userId === viewerId,
        createdAt: comment.createdAt.toISOString(),
      }));
    },

    async addComment(
      user: Pick<SessionUser, 'id' | 'firstName' | 'lastName'>,
      postId: string,
      content: string,
    ): Promise<Comment> {
      const post = await findPost(postId);
      const comment = await db.transaction(async (tx) => {
        // The commenter's and the author's rows first: refused if suspended or deleted since.
        await lockMembers(tx, { actor: user.id, author: post.userId });
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
      return {
        id: comment.id,
        author: { id: user.id, name: publicName(user.firstName, user.lastName) },
        content: comment.content,
        mine: true,
        createdAt: comment.createdAt.toISOString(),
      };
    },

    /** The author's own comment only. */
    async removeComment(userId: string, id: string) {
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(communityComments)
          .where(and(eq(communityComments.id, id), eq(communityComments.userId, userId)))
          .returning({ postId: communityComments.postId });
        if (!removed[0]) throw new ApiError(404, 'NOT_FOUND');
        await tx
          .update(communityPosts)
          .set({ commentCount: sql`greatest(${communityPosts.commentCount} - 1, 0)` })
          .where(eq(communityPosts.id, removed[0].postId));
      });
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
