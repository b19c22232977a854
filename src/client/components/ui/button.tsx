import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';
import { useWaiting } from '@client/lib/use-alive';

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 shadow-sm',
  secondary: 'bg-white text-slate-900 border border-slate-300 hover:bg-slate-100 shadow-sm',
  ghost: 'text-slate-700 hover:bg-slate-100',
  dark: 'bg-slate-900 text-white hover:bg-slate-800',
  onDark: 'text-slate-100 hover:bg-white/10',
  link: 'text-brand-700 underline-offset-4 hover:underline px-0',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child (a link, say) with the button's look. */
  asChild?: boolean;
};

export function buttonClass(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md') {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors',
    'disabled:pointer-events-none disabled:not-data-waiting:opacity-50',
    variants[variant],
    sizes[size],
  );
}

export function Button({ variant, size, asChild, className, type, disabled, ...props }: ButtonProps) {
  const waiting = useWaiting(disabled);
  if (asChild) return <Slot.Root className={cn(buttonClass(variant, size), className)} {...props} />;
  // A plain button, never a form submit unless asked. Every button waits for the page to come alive
  // (without dimming): pressed before, a click would be lost, and a submit would be sent by the
  // browser itself, its fields (a password) in the URL.
  return (
    <button
      type={type ?? 'button'}
      {...waiting}
      className={cn(buttonClass(variant, size), className)}
      {...props}
    />
  );
}
