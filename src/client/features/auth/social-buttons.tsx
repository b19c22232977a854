import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/lib/toast';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@common/schemas/auth';
import { authQueries } from './api';
import { Button } from '@client/components/ui/button';

const marks: Record<SocialProvider, string> = { google: 'G', facebook: 'f', apple: '' };

/**
 * Google, Facebook and Apple. A configured provider goes to its sign-in page; any other shows
 * "provider not configured" and nothing else happens.
 */
export function SocialButtons({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('auth');
  const providers = useQuery(authQueries.providers());

  const start = (provider: SocialProvider) => {
    if (!providers.data?.providers.includes(provider)) {
      toast.error(t('PROVIDER_NOT_CONFIGURED', { ns: 'errors' }), { id: 'provider-not-configured' });
      return;
    }
    const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
    window.location.assign(`/api/auth/social/${provider}${query}`);
  };

  return (
    <div>
      <div className="my-6 flex items-center gap-3 text-sm text-slate-600">
        <span className="h-px flex-1 bg-slate-200" />
        {t('social.divider')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div className="grid gap-2 sm:grid-cols-3">
        {SOCIAL_PROVIDERS.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            aria-label={t('social.continueWith', { provider: t(`social.${provider}`) })}
            onClick={() => start(provider)}
          >
            {marks[provider] ? (
              <span aria-hidden className="font-bold">
                {marks[provider]}
              </span>
            ) : null}
            <span className="truncate">{t(`social.${provider}`)}</span>
          </Button>
        ))}
      </div>
    </div>
  );
}
