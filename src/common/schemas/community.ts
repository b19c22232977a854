import { z } from 'zod';
import { MAX_PHOTOS, PhotoViewSchema, StoredPhotoSchema } from './listings';
import { NextCursorSchema } from './paging';

export const CreatePostSchema = z
  .object({
    title: z.string().trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
    description: z.string().trim().min(1, 'validation.required').max(5000, 'validation.tooLong'),
    photos: z.array(StoredPhotoSchema).max(MAX_PHOTOS, 'validation.tooManyPhotos').default([]),
  })
  .meta({ id: 'CreatePost' });

export const CommentInputSchema = z
  .object({
    content: z.string().trim().min(1, 'validation.required').max(1000, 'validation.tooLong'),
  })
  .meta({ id: 'CommentInput' });

export const PostSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    photos: z.array(PhotoViewSchema),
    author: z.object({ id: z.string(), name: z.string().nullable() }),
    likeCount: z.number(),
    commentCount: z.number(),
    likedByMe: z.boolean(),
    mine: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Post' });
export type Post = z.infer<typeof PostSchema>;

export const FeedSchema = z
  .object({ posts: z.array(PostSchema), nextCursor: NextCursorSchema })
  .meta({ id: 'CommunityFeed' });
export type Feed = z.infer<typeof FeedSchema>;

export const CommentSchema = z
  .object({
    id: z.string(),
    author: z.object({ id: z.string(), name: z.string().nullable() }),
    content: z.string(),
    mine: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof CommentSchema>;
