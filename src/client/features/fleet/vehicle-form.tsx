import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Info, TriangleAlert } from 'lucide-react';
import { MAKES } from '@common/catalog';
import { identifyVehicle } from '@common/vin';
import { VIN_PROBLEM_MESSAGES, VehicleInputSchema, type Vehicle } from '@common/schemas/vehicles';
import { api, ApiClientError } from '@client/lib/api';
import { Button } from '@client/components/ui/button';
import { SelectField, TextField } from '@client/components/ui/field';
import { issuesByField, useErrorText } from '@client/lib/form-errors';
import { queryKeys } from '@client/lib/query-keys';

interface Values {
  vin: string;
  licensePlate: string;
  make: string;
  model: string;
  year: string;
  color: string;
}

const initial = (vehicle?: Vehicle): Values => ({
  vin: vehicle?.vin ?? '',
  licensePlate: vehicle?.licensePlate ?? '',
  make: vehicle?.make ?? '',
  model: vehicle?.model ?? '',
  year: vehicle ? String(vehicle.year) : '',
  color: vehicle?.color ?? '',
});

/** What the VIN field says as the member types: the decoded details, a warning, or an error. */
function useVinFeedback(vin: string) {
  const { t } = useTranslation(['fleet', 'errors']);
  const value = vin.trim();
  if (!value) return null;
  const check = identifyVehicle(value);
  if (check.kind === 'chassis')
    return {
      tone: 'info' as const,
      text:
        check.make && check.model && check.years
          ? t('decode.chassisKnown', {
              code: check.chassisCode,
              make: check.make,
              model: check.model,
              from: check.years[0],
              to: check.years[1],
            })
          : t('decode.chassis', { code: check.chassisCode }),
    };
  if (check.errors.length)
    return value.replace(/[\s-]/g, '').length < 17 && check.errors[0] === 'length'
      ? null
      : { tone: 'error' as const, text: t(VIN_PROBLEM_MESSAGES[check.errors[0]!], { ns: 'errors' }) };
  const details = [
    check.manufacturer ?? t('decode.unknownMaker'),
    check.year ? t('decode.year', { year: check.year }) : null,
  ].filter(Boolean);
  return {
    tone: check.warnings.length ? ('warning' as const) : ('info' as const),
    text: `${t('decode.vin', { details: details.join(' · ') })}${
      check.warnings.length ? ` ${t('decode.checkDigitWarning')}` : ''
    }`,
  };
}

/** Add or edit a vehicle: a VIN or chassis number fills in make, model and year where it can. */
export function VehicleForm({ vehicle, onDone }: { vehicle?: Vehicle; onDone: () => void }) {
  const { t } = useTranslation(['fleet', 'errors']);
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => initial(vehicle));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const feedback = useVinFeedback(values.vin);

  const set = (name: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      const next = { ...current };
      delete next[name];
      if (name === 'vin' || name === 'licensePlate') delete next.vin;
      return next;
    });
  };

  /** A decoded VIN or chassis number fills the fields still empty. */
  const changeVin = (vin: string) => {
    set('vin', vin);
    const check = identifyVehicle(vin);
    const fill: Partial<Values> = {};
    if (check.kind === 'vin' && check.errors.length === 0) {
      if (check.make) fill.make = check.make;
      if (check.year) fill.year = String(check.year);
    }
    if (check.kind === 'chassis') {
      if (check.make) fill.make = check.make;
      if (check.model) fill.model = check.model;
    }
    const applied = Object.entries(fill).filter(([key]) => !values[key as keyof Values]);
    if (applied.length) {
      setValues((current) => ({ ...current, vin, ...Object.fromEntries(applied) }));
      toast.info(t('decode.applied'), { id: 'vin-decoded' });
    }
  };

  const message = useErrorText();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = VehicleInputSchema.safeParse(values);
    // VIN or plate is said together with the other problems (the schema checks it only once the
    // rest is valid).
    const found = {
      ...issuesByField(parsed.error?.issues ?? []),
      ...(!values.vin.trim() && !values.licensePlate.trim() ? { vin: 'validation.vinOrPlate' } : {}),
    };
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      if (vehicle) await api(`/vehicles/${vehicle.id}`, { method: 'PUT', body: values });
      else await api('/vehicles', { body: values });
      await queryClient.invalidateQueries({ queryKey: queryKeys.fleet });
      void queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });
      toast.success(vehicle ? t('saved') : t('added'));
      onDone();
    } catch (error) {
      if (error instanceof ApiClientError && error.code === 'VALIDATION_ERROR') setErrors(error.fields);
      toast.error(t('saveError'), { description: error instanceof Error ? error.message : undefined });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby="vehicle-form-title"
    >
      <h2 id="vehicle-form-title" className="text-lg font-semibold text-slate-900">
        {vehicle ? t('editTitle') : t('add')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('fields.vin')}
          value={values.vin}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={24}
          error={message(errors.vin)}
          hint={
            <>
              {t('fields.vinHint')}
              {feedback ? (
                <span
                  className={
                    feedback.tone === 'error'
                      ? 'mt-1 flex gap-1.5 text-red-700'
                      : feedback.tone === 'warning'
                        ? 'mt-1 flex gap-1.5 text-amber-800'
                        : 'mt-1 flex gap-1.5 text-slate-700'
                  }
                  role="status"
                >
                  {feedback.tone === 'info' ? (
                    <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
                  ) : (
                    <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                  )}
                  {feedback.text}
                </span>
              ) : null}
            </>
          }
          onChange={(event) => changeVin(event.target.value)}
        />
        <TextField
          label={t('fields.licensePlate')}
          value={values.licensePlate}
          autoComplete="off"
          maxLength={15}
          error={message(errors.licensePlate)}
          onChange={(event) => set('licensePlate', event.target.value)}
        />
        <SelectField
          name="vehicle-make"
          label={t('fields.make')}
          placeholder={t('fields.makePlaceholder')}
          options={MAKES}
          optionLabel={(make) => make}
          value={values.make}
          error={message(errors.make)}
          onChange={(value) => set('make', value)}
        />
        <TextField
          label={t('fields.model')}
          value={values.model}
          required
          maxLength={80}
          error={message(errors.model)}
          onChange={(event) => set('model', event.target.value)}
        />
        <TextField
          label={t('fields.year')}
          value={values.year}
          required
          inputMode="numeric"
          maxLength={4}
          error={message(errors.year)}
          onChange={(event) => set('year', event.target.value)}
        />
        <TextField
          label={t('fields.color')}
          value={values.color}
          maxLength={30}
          error={message(errors.color)}
          onChange={(event) => set('color', event.target.value)}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
