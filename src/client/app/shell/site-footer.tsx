import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@common/routes';
import { Logo } from '@client/components/layout/logo';

export function SiteFooter() {
  const { t } = useTranslation();
  const columns = [
    {
      title: t('footer.marketplace'),
      links: [
        { to: paths.browse.href(), label: t('nav.browse') },
        { to: paths.buyingGuide.href(), label: t('nav.buyingGuide') },
        { to: paths.sellingGuide.href(), label: t('nav.sellingGuide') },
        { to: paths.shop.href(), label: t('nav.shop') },
      ],
    },
    {
      title: t('footer.company'),
      links: [
        { to: paths.about.href(), label: t('footer.aboutUs') },
        { to: paths.contact.href(), label: t('footer.contact') },
        { to: paths.community.href(), label: t('nav.community') },
      ],
    },
    {
      title: t('footer.legal'),
      links: [
        { to: paths.privacy.href(), label: t('footer.privacy') },
        { to: paths.terms.href(), label: t('footer.terms') },
        { to: paths.dataDeletion.href(), label: t('footer.dataDeletion') },
      ],
    },
  ];
  return (
    // Below lg the page ends above the tab bar and the phone's home indicator, unless a bar of the page's
    // own (a listing's contact bar) takes the tab bar's place: styles.css pads the page for that one.
    <footer className="mt-16 bg-slate-900 pb-[calc(4rem+env(safe-area-inset-bottom))] text-slate-300 group-has-[[data-sticky-bar]]/shell:pb-0 lg:pb-0">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="space-y-3 text-white">
          <Logo />
          <p className="text-sm text-slate-300">{t('footer.about')}</p>
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="rounded hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-800 py-6 text-center text-xs text-slate-400">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </div>
    </footer>
  );
}
