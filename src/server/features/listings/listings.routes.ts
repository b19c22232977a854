import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { fileTypeFromBuffer } from 'file-type';
import { PLAN_DETAILS } from '@common/catalog';
import { OkSchema } from '@common/schemas/auth';
import {
  BrowseResponseSchema,
  type BrowseResponse,
  FOR_YOU_MAX,
  ForYouSchema,
  ListingDetailSchema,
  type ListingDetail,
  ListingInputSchema,
  ListingStatusSchema,
  MAX_PHOTO_BYTES,
  StoredPhotoSchema,
  type ListingCard,
} from '@common/schemas/listings';
import { BrowseQuerySchema } from '@common/schemas/browse';
import type { StoredPhoto } from '@common/photos';
import { SendMessageSchema } from '@common/schemas/messages';
import { ApiError, requestLanguage } from '../../http/api-error';
import { AiDraftRequestSchema, AiDraftSchema } from './ai-draft';
import type { ListingWriter } from './ai-advanced';
import { body, failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { jsonAnswer } from '../../http/json-answer';
import { sharedReads, sharesReads } from '../../http/shared-reads';
import { pageJson, withFields } from '../../cards/listing-card';
import type { Storage } from '../../storage/storage';
import type { Db } from '../../db/client';
import { uploadPhoto } from '../../photos/uploads';
import { LIMITS, type Limiter } from '../../security/rate-limit';
import { requireUser } from '../auth/sessions';
import type { ListingsService } from './listings.service';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { fitmentFor, type FleetService } from '../fleet/fleet.service';
import type { FavouritesService } from '../favourites/favourites.service';

import type { MessagesService } from '../messages/messages.service';
import { IdParam } from '../../http/ids';

const tags = ['Listings'];
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);

/**
 * A photo upload is a form with the image, within its own size cap (larger than the JSON cap every other
 * route has). Anything else is refused (415, not a photo) before a byte of it is read.
 */
const photoBodyLimit = bodyLimit({
  maxSize: MAX_PHOTO_BYTES + 64 * 1024,
  onError: () => {
    throw new ApiError(413, 'PHOTO_TOO_LARGE', { megabytes: MAX_PHOTO_BYTES / 1024 / 1024 });
  },
});
const photoBody: MiddlewareHandler<AppEnv> = (c, next) => {
  if (!c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data'))
    throw new ApiError(415, 'PHOTO_TYPE');
  return photoBodyLimit(c, next);
};

const routes = {
  browse: createRoute({
    method: 'get',
    path: '/listings',
    tags,
    summary: 'Browse and search unsold listings (keyset pages)',
    request: { query: BrowseQuerySchema },
    responses: {
      200: json(BrowseResponseSchema, 'A page of listings'),
    },
  }),
  forYou: route({
    method: 'get',
    path: '/listings/for-you',
    tags,
    summary: "The newest listings in my preferred makes and categories (the home page's For you)",
    member: true,
    request: { query: z.object({ limit: z.coerce.number().int().min(1).max(FOR_YOU_MAX).default(3) }) },
    responses: { 200: json(ForYouSchema, 'The listings'), 401: failure('Not signed in') },
  }),
  detail: createRoute({
    method: 'get',
    path: '/listings/{id}',
    tags,
    summary: 'One listing',
    request: { params: IdParam },
    responses: {
      200: json(ListingDetailSchema, 'The listing'),
      404: failure('No such listing'),
    },
  }),
  view: createRoute({
    method: 'post',
    path: '/listings/{id}/views',
    tags,
    summary: 'Count a view (once per visitor and day, never the owner)',
    request: { params: IdParam },
    responses: { 200: json(OkSchema, 'Counted'), 404: failure('No such listing') },
  }),
  create: route({
    member: 'named',
    method: 'post',
    path: '/listings',
    tags,
    summary: 'List a part',
    request: body(ListingInputSchema),
    responses: {
      201: json(ListingDetailSchema, 'Listed'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      403: failure('PLAN_LIMIT'),
      429: failure('Too many listing changes for now (RATE_LIMITED)'),
    },
  }),
  update: route({
    member: true,
    method: 'put',
    path: '/listings/{id}',
    tags,
    summary: 'Edit a listing (owner only)',
    request: { params: IdParam, ...body(ListingInputSchema) },
    responses: {
      200: json(ListingDetailSchema, 'Saved'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      404: failure('No such listing of yours'),
      429: failure('Too many listing changes for now (RATE_LIMITED)'),
    },
  }),
  status: route({
    member: true,
    method: 'patch',
    path: '/listings/{id}/status',
    tags,
    summary: 'Mark sold (optionally to a buyer from its conversations) or available (owner only)',
    request: { params: IdParam, ...body(ListingStatusSchema) },
    responses: {
      200: json(OkSchema, 'Changed'),
      401: failure('Not signed in'),
      403: failure('PLAN_LIMIT'),
      404: failure('No such listing of yours'),
      429: failure('Too many listing changes for now (RATE_LIMITED)'),
      409: failure('An order for it is open: the order decides (ORDER_OPEN)'),
    },
  }),
  remove: route({
    member: true,
    method: 'delete',
    path: '/listings/{id}',
    tags,
    summary: 'Delete a listing (owner only)',
    request: { params: IdParam },
    responses: {
      200: json(OkSchema, 'Deleted'),
      401: failure('Not signed in'),
      404: failure('No such listing of yours'),
      429: failure('Too many listing changes for now (RATE_LIMITED)'),
    },
  }),
  contact: route({
    member: 'named',
    method: 'post',
    path: '/listings/{id}/messages',
    tags,
    summary: 'Message the seller (starts or continues the conversation)',
    request: { params: IdParam, ...body(SendMessageSchema) },
    responses: {
      201: json(z.object({ conversationId: z.string() }), 'Sent'),
      400: failure('Invalid input, own or sold listing'),
      401: failure('Not signed in'),
      403: failure('CONVERSATION_LIMIT'),
      404: failure('No such listing'),
      429: failure('Too many messages for now (RATE_LIMITED)'),
    },
  }),
  aiDraft: route({
    member: true,
    method: 'post',
    path: '/listings/ai-draft',
    tags,
    summary:
      'Write a title and description from the form fields (Gold: offline; Platinum: the AI endpoint, highlights and a price range)',
    request: body(AiDraftRequestSchema),
    responses: {
      200: json(AiDraftSchema, 'The draft'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      403: failure('PLAN_REQUIRED'),
      413: failure('PAYLOAD_TOO_LARGE (a body over 2 KB)'),
    },
  }),
  photo: route({
    member: true,
    middleware: [photoBody] as const,
    method: 'post',
    path: '/photos',
    tags,
    summary: 'Upload one photo (JPEG, PNG, WebP or AVIF); returns it re-encoded',
    request: {
      body: {
        content: { 'multipart/form-data': { schema: z.object({ file: z.any() }) } },
        required: true,
      },
    },
    responses: {
      201: json(StoredPhotoSchema, 'Stored'),
      400: failure('PHOTO_TYPE'),
      401: failure('Not signed in'),
      413: failure('PHOTO_TOO_LARGE'),
      415: failure('Not a form with a photo (PHOTO_TYPE)'),
      429: failure('Too many uploads for now (RATE_LIMITED)'),
    },
  }),
};

export function listingsRoutes(deps: {
  db: Db;
  storage: Storage;
  listings: ListingsService;
  messages: MessagesService;
  fleet: FleetService;
  favourites: FavouritesService;
  limit: Limiter;
  /** Listing drafts: the offline writer, or the AI endpoint's for Platinum. */
  writer: ListingWriter;
  /** Sellers a member blocked with "hide their listings". */
  hiddenSellers: (userId: string) => Promise<string[]>;
}) {
  const { storage, listings: service } = deps;
  /** The signed-in member's vehicles (for fitment), or null for a visitor. */
  const fleetOf = async (c: Context<AppEnv>) => {
    const user = c.get('user');
    return user ? deps.fleet.list(user.id) : null;
  };

  /** A signed-in member's cards say which are their favourites. */
  const withFavourites = async (c: Context<AppEnv>, items: ListingCard[]): Promise<ListingCard[]> => {
    const user = c.get('user');
    if (!user) return items;
    const saved = await deps.favourites.savedAmong(
      user.id,
      items.map((item) => item.id),
    );
    return items.map((item) => withFields(item, { favourite: saved.has(item.id) }));
  };

  /** Visitors' pages and listings, as the bytes of their JSON: the same for every visitor. */
  const visitorPages = sharedReads<Uint8Array<ArrayBuffer>>();
  const visitorListings = sharedReads<Uint8Array<ArrayBuffer> | null>();

  const router = createRouter()
    .openapi(routes.aiDraft, async (c) => {
      const user = requireUser(c);
      const level = PLAN_DETAILS[user.plan].aiLevel;
      if (level === 'none') throw new ApiError(403, 'PLAN_REQUIRED');
      const draft = await deps.writer.write({
        level,
        userId: user.id,
        input: c.req.valid('json'),
        language: requestLanguage(c),
        logger: c.get('logger'),
      });
      return c.json(draft, 200);
    })
    .openapi(routes.browse, async (c) => {
      const query = c.req.valid('query');
      if (sharesReads(c))
        return jsonAnswer<BrowseResponse>(
          c,
          // The validated query, its fields in the schema's order: the same page, the same key.
          await visitorPages(JSON.stringify(query), async () =>
            pageJson(await service.browse(query, null, [])),
          ),
        );
      const user = c.get('user');
      const page = await service.browse(
        query,
        await fleetOf(c),
        user ? await deps.hiddenSellers(user.id) : [],
      );
      // Written from the bytes of each card made before (`pageJson`): a page is not serialised anew.
      return jsonAnswer<BrowseResponse>(c, pageJson({ ...page, items: await withFavourites(c, page.items) }));
    })
    // Before `/listings/{id}`, which would take "for-you" for an id.
    .openapi(routes.forYou, async (c) => {
      const found = await service.forYou(requireUser(c).id, c.req.valid('query').limit);
      return c.json({ ...found, items: await withFavourites(c, found.items) }, 200);
    })

    .openapi(routes.detail, async (c) => {
      const { id } = c.req.valid('param');
      if (sharesReads(c)) {
        const shown = await visitorListings(id, async () => {
          const detail = await service.detail(id, null);
          return detail && (Buffer.from(JSON.stringify(detail)) as Uint8Array<ArrayBuffer>);
        });
        if (!shown) throw new ApiError(404, 'NOT_FOUND');
        return jsonAnswer<ListingDetail>(c, shown);
      }
      const user = c.get('user');
      const detail = await service.detail(id, user?.id ?? null);
      if (!detail) throw new ApiError(404, 'NOT_FOUND');
      const fleet = await fleetOf(c);
      if (!fleet || !user) return c.json(detail, 200);
      const saved = await deps.favourites.savedAmong(user.id, [detail.id]);
      return c.json({ ...detail, ...fitmentFor(fleet, detail), favourite: saved.has(detail.id) }, 200);
    })

    .openapi(routes.view, async (c) => {
      const listing = await service.find(c.req.valid('param').id);
      if (!listing) throw new ApiError(404, 'NOT_FOUND');
      const user = c.get('user');
      // A visitor is counted by network address: one view a day each, however many cookies they drop.
      await service.countView(listing, user ? `u:${user.id}` : `a:${c.get('clientNet')}`, user?.id ?? null);
      return c.json({ status: 'ok' as const }, 200);
    })

    .openapi(routes.create, async (c) => {
      const user = requireUser(c);
      await deps.limit('listing-write', user.id, LIMITS.listingWrite);
      const id = await service.create(user, c.req.valid('json'));
      return c.json((await service.detail(id, user.id, { afterWrite: true }))!, 201);
    })

    .openapi(routes.update, async (c) => {
      const user = requireUser(c);
      const { id } = c.req.valid('param');
      await deps.limit('listing-write', user.id, LIMITS.listingWrite);
      await service.update(user.id, id, c.req.valid('json'));
      return c.json((await service.detail(id, user.id, { afterWrite: true }))!, 200);
    })

    .openapi(routes.status, async (c) => {
      const user = requireUser(c);
      await deps.limit('listing-write', user.id, LIMITS.listingWrite);
      const { isSold, buyerId } = c.req.valid('json');
      await service.setSold(user, c.req.valid('param').id, isSold, buyerId);
      return c.json({ status: 'ok' as const }, 200);
    })

    .openapi(routes.remove, async (c) => {
      const user = requireUser(c);
      await deps.limit('listing-write', user.id, LIMITS.listingWrite);
      await service.remove(user.id, c.req.valid('param').id);
      return c.json({ status: 'ok' as const }, 200);
    })

    .openapi(routes.contact, async (c) => {
      const user = requireUser(c);
      // One budget with replies: each message fans out to sockets, a notification and maybe an email.
      await deps.limit('send-message', user.id, LIMITS.sendMessage);
      const { content, clientId } = c.req.valid('json');
      const listing = await service.find(c.req.valid('param').id);
      if (!listing) throw new ApiError(404, 'NOT_FOUND');
      const sent = await deps.messages.contactSeller(user, listing.id, content, clientId);
      return c.json({ conversationId: sent.conversationId }, 201);
    });

  return router.openapi(routes.photo, async (c) => {
    const user = requireUser(c);
    await deps.limit('photo-upload', user.id, LIMITS.photoUpload);
    const form = await c.req.parseBody();
    const file = form.file;
    if (!(file instanceof File)) throw new ApiError(400, 'PHOTO_TYPE');
    if (file.size > MAX_PHOTO_BYTES)
      throw new ApiError(413, 'PHOTO_TOO_LARGE', { megabytes: MAX_PHOTO_BYTES / 1024 / 1024 });
    const bytes = Buffer.from(await file.arrayBuffer());
    // The bytes decide, not the name or the browser's word.
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !PHOTO_TYPES.has(type.mime)) throw new ApiError(400, 'PHOTO_TYPE');
    let photo: StoredPhoto;
    try {
      photo = await uploadPhoto(deps.db, storage, user.id, bytes);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(400, 'PHOTO_TYPE');
    }
    return c.json(photo, 201);
  });
}
