import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { toast } from '@client/lib/toast';
import { Info, TriangleAlert } from 'lucide-react';
import { MAKES } from '@common/catalog';
import { identifyVehicle } from '@common/vin';
import { VIN_PROBLEM_MESSAGES, VehicleInputSchema, type Vehicle } from '@common/schemas/vehicles';
import { Button } from '@client/components/ui/button';
import { SelectField, TextField } from '@client/components/ui/field';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { useSaveVehicle } from './api';
import { useVinFollow, type VinField } from './vin-follow';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';

const initial = (vehicle?: Vehicle) => ({
  vin: vehicle?.vin ?? '',
  licensePlate: vehicle?.licensePlate ?? '',
  make: vehicle?.make ?? '',
  model: vehicle?.model ?? '',
  year: vehicle ? String(vehicle.year) : '',
  color: vehicle?.color ?? '',
});

/** The fields a VIN can fill, as the form holds them. */
const vinValues = (values: {
  make?: string;
  model?: string;
  year?: string | number;
}): Record<VinField, string> => ({
  make: values.make ?? '',
  model: values.model ?? '',
  year: String(values.year ?? ''),
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
  const labels = useCatalogLabels();
  const save = useSaveVehicle(vehicle?.id);
  const form = useSchemaForm(VehicleInputSchema, { defaultValues: initial(vehicle) });
  const { errors, isSubmitted } = form.formState;
  const vin = useWatch({ control: form.control, name: 'vin' });
  const feedback = useVinFeedback(vin ?? '');
  const message = useErrorText();

  const vinFollow = useVinFollow(vinValues(initial(vehicle)), vehicle?.vin ?? '');

  /** A decoded VIN or chassis number fills the empty fields, and those it filled follow it as it changes. */
  const followTheVin = (value: string) => {
    const changes = Object.entries(vinFollow.follow(vinValues(form.getValues()), value)) as [
      VinField,
      string,
    ][];
    for (const [name, filled] of changes) form.setValue(name, filled, { shouldValidate: isSubmitted });
    if (changes.some(([, filled]) => filled)) toast.info(t('decode.applied'), { id: 'vin-decoded' });
  };

  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      toast.success(vehicle ? t('saved') : t('added'));
      onDone();
    } catch (error) {
      showServerErrors(form, error);
      toast.error(t('saveError'), { description: errorMessage(error, t) });
    }
  });

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
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={24}
          // The live feedback below already says what is wrong with the number as it is typed.
          error={feedback?.tone === 'error' ? undefined : message(errors.vin?.message)}
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
          {...form.register('vin', { onChange: (event) => followTheVin(String(event.target.value)) })}
        />
        <TextField
          label={t('fields.licensePlate')}
          autoComplete="off"
          maxLength={15}
          error={message(errors.licensePlate?.message)}
          {...form.register('licensePlate')}
        />
        <SelectField
          {...form.register('make', { onChange: () => vinFollow.typedByHand('make') })}
          label={t('fields.make')}
          placeholder={t('fields.makePlaceholder')}
          options={MAKES}
          optionLabel={labels.make}
          error={message(errors.make?.message)}
        />
        <TextField
          label={t('fields.model')}
          required
          maxLength={80}
          error={message(errors.model?.message)}
          {...form.register('model', { onChange: () => vinFollow.typedByHand('model') })}
        />
        <TextField
          label={t('fields.year')}
          required
          inputMode="numeric"
          maxLength={4}
          error={message(errors.year?.message)}
          {...form.register('year', { onChange: () => vinFollow.typedByHand('year') })}
        />
        <TextField
          label={t('fields.color')}
          maxLength={30}
          error={message(errors.color?.message)}
          {...form.register('color')}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
