/**
 * The page's title, description and canonical link. React 19 moves these into <head>.
 */
export function PageMeta({
  title,
  description,
  path,
}: {
  title: string;
  description?: string;
  path?: string;
}) {
  const canonical = path === undefined ? undefined : new URL(path, window.location.origin).href;
  return (
    <>
      <title>{`${title} · ModMarket`}</title>
      {description ? <meta name="description" content={description} /> : null}
      {canonical ? <link rel="canonical" href={canonical} /> : null}
    </>
  );
}
