import { siteOrigin } from '@client/lib/site';

/**
 * The page's title, description and canonical link. React 19 moves these into <head>.
 */
export function PageMeta({
  title,
  description,
  path,
  noIndex,
}: {
  title: string;
  description?: string;
  path?: string;
  /** Account and link pages: kept out of search engines. */
  noIndex?: boolean;
}) {
  const canonical = path === undefined ? undefined : new URL(path, siteOrigin()).href;
  return (
    <>
      <title>{`${title} · ModMarket`}</title>
      {description ? <meta name="description" content={description} /> : null}
      {canonical ? <link rel="canonical" href={canonical} /> : null}
      {noIndex ? <meta name="robots" content="noindex" /> : null}
    </>
  );
}
