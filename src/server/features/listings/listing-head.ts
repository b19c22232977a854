import type { ListingDetail } from '@common/schemas/listings';

const CONDITION_SCHEMA: Record<string, string> = {
  new: 'https://schema.org/NewCondition',
  like_new: 'https://schema.org/UsedCondition',
  good: 'https://schema.org/UsedCondition',
  fair: 'https://schema.org/UsedCondition',
  poor: 'https://schema.org/DamagedCondition',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** JSON inside <script>: nothing in it can close the element. */
function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * The <head> a listing page is served with, so that shared links and crawlers see the part: title,
 * description, canonical link, Open Graph and schema.org Product/Offer data.
 */
export function listingHead(listing: ListingDetail, publicUrl: string): { title: string; tags: string } {
  const url = `${publicUrl}/listing/${listing.id}`;
  const description = (listing.description || `${listing.make} ${listing.model}`)
    .replace(/\s+/g, ' ')
    .slice(0, 200);
  const largest = listing.photos[0]?.sources.at(-1);
  const image = largest ? new URL(largest.url, publicUrl).href : null;
  const title = `${listing.title} · ModMarket`;
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.title,
    description,
    ...(image ? { image: [image] } : {}),
    ...(listing.partBrand && listing.partBrand !== 'Other'
      ? { brand: { '@type': 'Brand', name: listing.partBrand } }
      : {}),
    ...(listing.partId ? { mpn: listing.partId } : {}),
    category: listing.category,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'USD',
      price: listing.price,
      availability: listing.isSold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      itemCondition: CONDITION_SCHEMA[listing.condition] ?? 'https://schema.org/UsedCondition',
    },
  };
  const tags = [
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:site_name" content="ModMarket" />`,
    `<meta property="og:title" content="${escapeHtml(listing.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta property="product:price:amount" content="${escapeHtml(listing.price)}" />`,
    `<meta property="product:price:currency" content="USD" />`,
    `<script type="application/ld+json">${safeJson(product)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  return { title, tags };
}

/** index.html with the page's own title and tags in place of the defaults. */
export function withHead(html: string, head: { title: string; tags: string }): string {
  // Replacements are functions: a string replacement would read `$&` or `` $` `` in a member's title.
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace('</head>', () => `    ${head.tags}\n  </head>`);
}
