import { Switch as RadixSwitch } from 'radix-ui';
import { cn } from '@client/lib/cn';
import { useWaiting } from '@client/lib/use-alive';

/** An on/off switch with its label and a hint, announced as a switch; it waits for the page to come alive. */
export function Switch({
  id,
  label,
  hint,
  checked,
  disabled,
  onCheckedChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const waiting = useWaiting(disabled);
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
      <RadixSwitch.Root
        id={id}
        checked={checked}
        {...waiting}
        onCheckedChange={onCheckedChange}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none',
          'disabled:not-data-waiting:cursor-not-allowed disabled:not-data-waiting:opacity-50',
          checked ? 'bg-brand-600' : 'bg-slate-300',
        )}
      >
        <RadixSwitch.Thumb
          className={cn(
            'block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0.5',
          )}
        />
      </RadixSwitch.Root>
    </div>
  );
}
