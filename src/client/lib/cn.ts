import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names (conditions, arrays). Nothing is merged: a caller that overrides a component's
 * own utility marks its class important (`rounded-full!`), and components offer variants for the rest.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
