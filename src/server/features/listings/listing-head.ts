import { clip } from '@common/text';
import type { ListingDetail } from '@common/schemas/listings';
import { escapeHtml, scriptJson } from '@common/rendering';
import type { PageHead } from '../../http/client-app';
import { decimalDollars } from '@common/schemas/money';

const CONDITION_SCHEMA: Record<string, string> = {
  new: 'https://schema.org/NewCondition',
  like_new: 'https://schema.org/UsedCondition',
  good: 'https://schema.org/UsedCondition',
  fair: 'https://schema.org/UsedCondition',
  poor: 'https://schema.org/DamagedCondition',
};

/**
 * The <head> a listing page is served with, so that shared links and crawlers see the part: title,
 * description, canonical link, and (`social`, beside what the rendered page writes itself) Open Graph
 * and schema.org Product/Offer data.
 */
export function listingHead(listing: ListingDetail, publicUrl: string): PageHead {
  const url = `${publicUrl}/listing/${listing.id}`;
  const description = clip(
    (listing.description || `${listing.make} ${listing.model}`).replace(/\s+/g, ' '),
    200,
  );
  const largest = listing.photos[0]?.sources.at(-1);
  const image = largest ? new URL(largest.url, publicUrl).href : null;
  // A listing without photos still shows crawlers an image: the site's placeholder for a part.
  const productImage = image ?? `${publicUrl}/listing-placeholder.png`;
  const title = `${listing.title} · ModMarket`;
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.title,
    description,
    image: [productImage],
    ...(listing.partBrand && listing.partBrand !== 'Other'
      ? { brand: { '@type': 'Brand', name: listing.partBrand } }
      : {}),
    ...(listing.partId ? { mpn: listing.partId } : {}),
    category: listing.category,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'USD',
      price: decimalDollars(listing.priceCents),
      availability: listing.isSold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      itemCondition: CONDITION_SCHEMA[listing.condition] ?? 'https://schema.org/UsedCondition',
      seller: {
        '@type': 'Person',
        name: listing.seller.name ?? 'A ModMarket member',
        url: `${publicUrl}/seller/${listing.seller.id}`,
      },
    },
  };
  const social = [
    `<meta property="og:type" content="product" />`,
    `<meta property="og:site_name" content="ModMarket" />`,
    `<meta property="og:title" content="${escapeHtml(listing.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta property="product:price:amount" content="${decimalDollars(listing.priceCents)}" />`,
    `<meta property="product:price:currency" content="USD" />`,
    `<script type="application/ld+json">${scriptJson(product)}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
  const tags = [
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    social,
  ].join('\n    ');
  return { title, tags, social };
}
