import type { ComponentProps } from 'react';
import { WaitingInput } from './waiting';

/**
 * One choice of a radio group as a card: its name and a line on what choosing it means, outlined once
 * chosen. The rest of its props go to the radio (`{...form.register('field')}`).
 */
export function RadioCard({
  title,
  detail,
  ...radio
}: Omit<ComponentProps<'input'>, 'type'> & { title: string; detail: string }) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 has-checked:border-brand-600">
      <WaitingInput type="radio" className="mt-1 accent-brand-600" {...radio} />
      <span>
        <span className="font-medium text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{detail}</span>
      </span>
    </label>
  );
}
