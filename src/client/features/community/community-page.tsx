import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/lib/toast';
import { Heart, MessageCircle, Trash2, Users } from 'lucide-react';
import { MAX_PHOTOS } from '@common/schemas/listings';
import { CommentInputSchema, CreatePostSchema, type Post } from '@common/schemas/community';
import { formatDate } from '@common/i18n/format';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { QueryError } from '@client/components/ui/query-error';
import { cn } from '@client/lib/cn';
import { useLanguage } from '@client/lib/use-language';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { TextAreaField, TextField, inputClass } from '@client/components/ui/field';
import { Modal } from '@client/components/ui/modal';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadMore } from '@client/components/ui/load-more';
import { ListingPhoto, PhotoUploader, type PhotoItem } from '@client/features/photos';
import { NameGate } from '@client/features/account';
import { useErrorText } from '@client/lib/form-errors';
import {
  communityQueries,
  useAddComment,
  useCreatePost,
  useDeleteComment,
  useDeletePost,
  useToggleLike,
} from './api';

/** /community: share a build, and the builds of others with likes and comments. */
export default function Community() {
  const { t } = useTranslation('community');
  const feed = useInfiniteQuery(communityQueries.feed());
  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];

  return (
    <>
      <PageMeta title={t('meta.title')} noIndex />
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-slate-600">{t('subtitle')}</p>
        <div className="mt-6">
          <NameGate>
            <ShareBuild />
          </NameGate>
        </div>
        <section aria-label={t('title')} className="mt-8 space-y-6">
          {feed.isPending ? (
            [0, 1].map((n) => <Skeleton key={n} className="h-72 w-full rounded-2xl!" />)
          ) : feed.isError ? (
            <QueryError query={feed} />
          ) : posts.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <Users aria-hidden className="mx-auto size-10 text-slate-400" />
              <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('empty')}</h2>
              <p className="mt-1 text-sm text-slate-600">{t('emptyBody')}</p>
            </div>
          ) : (
            posts.map((post) => <PostCard key={post.id} post={post} />)
          )}
          <LoadMore query={feed} label={t('loadMore')} />
        </section>
      </div>
    </>
  );
}

function ShareBuild() {
  const { t } = useTranslation(['community', 'errors']);
  const createPost = useCreatePost();
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const form = useSchemaForm(CreatePostSchema, { defaultValues: { title: '', description: '', photos: [] } });
  const { errors, isSubmitting: posting } = form.formState;
  const message = useErrorText();

  const submit = form.handleSubmit(async (input) => {
    try {
      await createPost.mutateAsync(input);
      toast.success(t('share.posted'));
      form.reset({ title: '', description: '', photos: [] });
      setPhotos([]);
    } catch (error) {
      showServerErrors(form, error);
      toast.error(t('share.error'), { description: errorMessage(error, t) });
    }
  });

  /** The uploaded photos join the values when the post is sent (not while one is still uploading). */
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (photos.some((item) => !item.photo)) {
      event.preventDefault();
      toast.info(t('share.uploading'));
      return;
    }
    form.setValue(
      'photos',
      photos.flatMap((item) => (item.photo ? [item.photo] : [])),
    );
    void submit(event);
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="share-title"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="share-title" className="text-lg font-semibold text-slate-900">
        {t('share.title')}
      </h2>
      <TextField
        label={t('share.buildTitle')}
        placeholder={t('share.buildTitlePlaceholder')}
        maxLength={120}
        error={message(errors.title?.message)}
        {...form.register('title')}
      />
      <TextAreaField
        label={t('share.description')}
        rows={4}
        maxLength={5000}
        placeholder={t('share.descriptionPlaceholder')}
        error={message(errors.description?.message)}
        {...form.register('description')}
      />
      <PhotoUploader
        items={photos}
        onChange={setPhotos}
        label={t('share.photos')}
        hint={t('share.photosHint', { max: MAX_PHOTOS })}
      />
      <div className="text-right">
        <Button type="submit" disabled={posting || photos.some((item) => !item.photo)}>
          {posting ? t('share.posting') : t('share.post')}
        </Button>
      </div>
    </form>
  );
}

function PostCard({ post }: { post: Post }) {
  const like = useToggleLike();
  const deletePost = useDeletePost();
  const { t } = useTranslation(['community', 'market']);
  const language = useLanguage();
  const [liked, setLiked] = useState(post.likedByMe);
  const [likes, setLikes] = useState(post.likeCount);
  const [showComments, setShowComments] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [cover, ...rest] = post.photos;

  const toggleLike = async () => {
    setLiked(!liked);
    setLikes((n) => n + (liked ? -1 : 1));
    try {
      const result = await like.mutateAsync(post.id);
      setLiked(result.liked);
      setLikes(result.likeCount);
    } catch (error) {
      setLiked(post.likedByMe);
      setLikes(post.likeCount);
      toast.error(t('error'), { description: errorMessage(error, t) });
    }
  };

  // Awaited: the deleted post leaves the feed, and this card with it, before the answer is shown.
  const remove = async () => {
    try {
      await deletePost.mutateAsync(post.id);
      toast.success(t('postDeleted'));
      setConfirming(false);
    } catch (error) {
      toast.error(t('error'), { description: errorMessage(error, t) });
    }
  };

  return (
    <article
      aria-labelledby={`post-${post.id}`}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {cover ? (
        <ListingPhoto
          photo={cover}
          alt={post.title}
          sizes="(min-width: 768px) 720px, 100vw"
          className="aspect-[16/9] w-full"
          emptyLabel={t('market:card.noPhoto')}
        />
      ) : null}
      {rest.length ? (
        <div className="grid grid-cols-4 gap-1 p-1 sm:grid-cols-6">
          {rest.map((photo) => (
            <ListingPhoto
              key={photo.key}
              photo={photo}
              alt=""
              sizes="120px"
              className="aspect-square w-full rounded"
              emptyLabel={t('market:card.noPhoto')}
            />
          ))}
        </div>
      ) : null}
      <div className="p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={`post-${post.id}`} className="text-lg font-semibold text-slate-900">
              {post.title}
            </h2>
            <p className="text-sm text-slate-600">
              {t('by', { name: post.author.name ?? t('anonymous') })} ·{' '}
              <time dateTime={post.createdAt}>{formatDate(new Date(post.createdAt), language)}</time>
            </p>
          </div>
          {post.mine ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('deletePost')}
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden className="size-4" />
            </Button>
          ) : null}
        </div>
        <p className="mt-3 break-words whitespace-pre-wrap text-slate-800">{post.description}</p>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <Button
            variant={liked ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={liked}
            // Its name says what it does and holds the count it shows; pressed says whether it is liked.
            aria-label={t('likeButton', { count: likes })}
            onClick={() => void toggleLike()}
          >
            <Heart aria-hidden className={cn('size-4', liked && 'fill-current')} />
            {t('likes', { count: likes })}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showComments}
            aria-controls={`comments-${post.id}`}
            onClick={() => setShowComments((open) => !open)}
          >
            <MessageCircle aria-hidden className="size-4" />
            {t('comments', { count: post.commentCount })}
          </Button>
        </div>
        {showComments ? <Comments postId={post.id} /> : null}
      </div>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={t('confirmDelete.title')}
        description={t('confirmDelete.body', { title: post.title })}
      >
        <Button variant="secondary" onClick={() => setConfirming(false)}>
          {t('confirmDelete.cancel')}
        </Button>
        <Button onClick={() => void remove()}>{t('confirmDelete.confirm')}</Button>
      </Modal>
    </article>
  );
}

function Comments({ postId }: { postId: string }) {
  const { t } = useTranslation(['community', 'errors']);
  const language = useLanguage();
  const comments = useQuery(communityQueries.comments(postId));
  const addComment = useAddComment(postId);
  const deleteComment = useDeleteComment(postId);
  const form = useSchemaForm(CommentInputSchema, { defaultValues: { content: '' } });
  const text = useWatch({ control: form.control, name: 'content' }) ?? '';

  const add = form.handleSubmit(async ({ content }) => {
    try {
      await addComment.mutateAsync(content);
      form.reset({ content: '' });
    } catch (error) {
      toast.error(t('commentError'), { description: errorMessage(error, t) });
    }
  });
  const remove = (id: string) =>
    deleteComment.mutate(id, {
      onSuccess: () => toast.success(t('commentDeleted')),
      onError: (error) => toast.error(t('error'), { description: errorMessage(error, t) }),
    });

  return (
    <div id={`comments-${postId}`} className="mt-4 border-t border-slate-100 pt-4">
      {comments.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : comments.isError ? (
        <QueryError query={comments} />
      ) : comments.data.length ? (
        <ul className="space-y-3">
          {comments.data.map((comment) => (
            <li
              key={comment.id}
              className="flex items-start justify-between gap-3 rounded-lg bg-slate-50 p-3"
            >
              <div className="min-w-0">
                <p className="text-sm font-semibold text-slate-900">
                  {comment.author.name ?? t('anonymous')}{' '}
                  <time className="font-normal text-slate-500" dateTime={comment.createdAt}>
                    {formatDate(new Date(comment.createdAt), language)}
                  </time>
                </p>
                <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-800">
                  {comment.content}
                </p>
              </div>
              {comment.mine ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('deleteComment')}
                  onClick={() => remove(comment.id)}
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{t('noComments')}</p>
      )}
      <NameGate>
        <form onSubmit={(event) => void add(event)} noValidate className="mt-3 flex gap-2">
          <label htmlFor={`comment-${postId}`} className="sr-only">
            {t('commentLabel')}
          </label>
          <input
            id={`comment-${postId}`}
            className={inputClass}
            placeholder={t('commentPlaceholder')}
            maxLength={1000}
            {...form.register('content')}
          />
          <Button type="submit" disabled={form.formState.isSubmitting || !text.trim()}>
            {t('commentSend')}
          </Button>
        </form>
      </NameGate>
    </div>
  );
}
