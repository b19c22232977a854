import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';
import { WaitingInput, WaitingSelect } from './waiting';

export const inputClass =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-600 disabled:not-data-waiting:bg-slate-100';

/** A labelled input with its hint and error, wired for screen readers. */
export function TextField({
  label,
  error,
  hint,
  className,
  children,
  ...input
}: ComponentProps<'input'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children?: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint ? (
        <div id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** A labelled multi-line text box with its error, wired like `TextField`. */
export function TextAreaField({
  label,
  error,
  className,
  ...textarea
}: ComponentProps<'textarea'> & { label: string; error?: string | undefined }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        className={cn(inputClass, 'h-auto! py-2')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...textarea}
      />
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({
  label,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode }) {
  return (
    <label className={cn('flex cursor-pointer items-center gap-2.5 text-sm text-slate-800', className)}>
      <WaitingInput
        type="checkbox"
        className="size-4 shrink-0 rounded border-slate-400 accent-brand-600"
        {...input}
      />
      <span>{label}</span>
    </label>
  );
}

/** A message box: `error` for failures, `success` for outcomes, `info` for guidance. */
export function Alert({
  tone = 'info',
  children,
  className,
}: {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
}) {
  const tones = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-green-200 bg-green-50 text-green-800',
    info: 'border-sky-200 bg-sky-50 text-sky-900',
  };
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-lg border p-3 text-sm', tones[tone], className)}
    >
      {children}
    </div>
  );
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${value}%` }} />
    </div>
  );
}

/** A required select with its label and error; takes `{...form.register(name)}` like `TextField`. */
export function SelectField({
  name,
  label,
  placeholder,
  options,
  optionLabel,
  error,
  ...select
}: Omit<ComponentProps<'select'>, 'children'> & {
  name: string;
  label: string;
  placeholder: string;
  options: readonly string[];
  optionLabel: (value: string) => string;
  error: string | undefined;
}) {
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
        <span aria-hidden> *</span>
      </label>
      <WaitingSelect
        id={id}
        name={name}
        className={inputClass}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </WaitingSelect>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
