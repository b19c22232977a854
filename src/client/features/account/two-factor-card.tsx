import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy, Download, ShieldCheck } from 'lucide-react';
import {
  PasswordCheckSchema,
  TwoFactorDisableSchema,
  TwoFactorEnableSchema,
  type Account,
  type TwoFactorSetup,
} from '@common/schemas/account';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { Alert, TextField } from '@client/components/ui/field';
import { useDisableTwoFactor, useEnableTwoFactor, useStartTwoFactor } from './api';
import { SettingsCard } from './settings-card';
import { CurrentPasswordField, TwoFactorCodeField } from './confirm-fields';

type Stage = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] };

/**
 * Two-step sign-in: turned on with the password, a scanned key and a code from the app, after which
 * the ten recovery codes are shown once; turned off with the password and a code.
 */
export function TwoFactorCard({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  return (
    <SettingsCard title={t('twoFactor.title')} description={t('twoFactor.description')}>
      {stage.kind === 'codes' ? (
        <RecoveryCodes codes={stage.codes} onDone={() => setStage({ kind: 'idle' })} />
      ) : account.twoFactorEnabled ? (
        <TurnOff account={account} />
      ) : stage.kind === 'setup' ? (
        <Enrol setup={stage.setup} onEnabled={(codes) => setStage({ kind: 'codes', codes })} />
      ) : account.hasPassword ? (
        <Begin onStarted={(setup) => setStage({ kind: 'setup', setup })} />
      ) : (
        <p className="text-sm text-slate-600">{t('email.needsPassword')}</p>
      )}
    </SettingsCard>
  );
}

function Begin({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const { t } = useTranslation('account');
  const message = useErrorText();
  const start = useStartTwoFactor();
  const form = useSchemaForm(PasswordCheckSchema, { defaultValues: { currentPassword: '' } });
  const submit = form.handleSubmit(async (input) => {
    try {
      onStarted(await start.mutateAsync(input));
    } catch (error) {
      if (!showServerErrors(form, error)) toast.error(errorMessage(error, t));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="max-w-md space-y-4">
      <p className="text-sm text-slate-700">{t('twoFactor.off')}</p>
      <CurrentPasswordField
        error={message(form.formState.errors.currentPassword?.message)}
        {...form.register('currentPassword')}
      />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('twoFactor.turnOn')}
      </Button>
    </form>
  );
}

function Enrol({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('account');
  const message = useErrorText();
  const enable = useEnableTwoFactor();
  const form = useSchemaForm(TwoFactorEnableSchema, { defaultValues: { code: '' } });
  const submit = form.handleSubmit(async (input) => {
    try {
      const { recoveryCodes } = await enable.mutateAsync(input);
      toast.success(t('twoFactor.turnedOn'));
      onEnabled(recoveryCodes);
    } catch (error) {
      if (!showServerErrors(form, error)) toast.error(errorMessage(error, t));
    }
  });
  return (
    <div className="grid gap-6 sm:grid-cols-[12rem_1fr]">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt={t('twoFactor.qrAlt')}
        width={192}
        height={192}
        className="rounded-lg border border-slate-200 bg-white"
      />
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>{t('twoFactor.scan')}</li>
          <li>
            {t('twoFactor.orType')}{' '}
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900 wrap-anywhere">
              {setup.secret}
            </code>
          </li>
          <li>{t('twoFactor.enterCode')}</li>
        </ol>
        <TextField
          label={t('twoFactor.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={32}
          required
          className="max-w-xs"
          error={message(form.formState.errors.code?.message)}
          {...form.register('code')}
        />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('twoFactor.confirm')}
        </Button>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  const [copied, setCopied] = useState(false);
  const text = `${t('twoFactor.fileHeading')}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    toast.success(t('twoFactor.copied'));
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: 'modmarket-recovery-codes.txt',
    });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-4">
      <Alert tone="success">{t('twoFactor.codesIntro')}</Alert>
      <ol
        aria-label={t('twoFactor.codesLabel')}
        className="grid max-w-md grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {t('twoFactor.copy')}
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden className="size-4" />
          {t('twoFactor.download')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.done')}</Button>
      </div>
    </div>
  );
}

function TurnOff({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  const message = useErrorText();
  const disable = useDisableTwoFactor();
  const form = useSchemaForm(TwoFactorDisableSchema, { defaultValues: { currentPassword: '', code: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await disable.mutateAsync(input);
      toast.success(t('twoFactor.turnedOff'));
    } catch (error) {
      if (!showServerErrors(form, error)) toast.error(errorMessage(error, t));
    }
  });
  return (
    <div className="space-y-4">
      <p className="flex items-center gap-2 text-sm font-medium text-green-800">
        <ShieldCheck aria-hidden className="size-5" />
        {t('twoFactor.on', { count: account.recoveryCodesLeft })}
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="max-w-md space-y-4">
        <CurrentPasswordField
          error={message(errors.currentPassword?.message)}
          {...form.register('currentPassword')}
        />
        <TwoFactorCodeField error={message(errors.code?.message)} {...form.register('code')} />
        <Button type="submit" variant="secondary" disabled={isSubmitting}>
          {t('twoFactor.turnOff')}
        </Button>
      </form>
    </div>
  );
}
