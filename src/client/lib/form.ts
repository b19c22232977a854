import { useEffect, useRef } from 'react';
import {
  useForm,
  type ChangeHandler,
  type UseFormRegister,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiClientError } from './api';

/**
 * The one form style: react-hook-form validated by the shared zod schema the server validates with,
 * so no rule is written twice. Values are the schema's input; a submit handler gets its output.
 */
export function useSchemaForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    // The resolver's own typing cannot follow a generic schema; the form is typed by the schema above.
    resolver: zodResolver(schema as never) as never,
    ...options,
  });
  const kept = useRef<KeptInput[]>([]);
  const wrapped = useRef<UseFormRegister<z.input<Schema>>>(null);
  if (wrapped.current === null) {
    wrapped.current = keepEarlyInput(form.register, kept.current);
    form.register = wrapped.current;
  }
  // Told after the commit's layout effects, where the form and its watchers subscribe.
  useEffect(() => {
    for (const { element, onChange } of kept.current.splice(0))
      void onChange({ target: element, type: 'change' });
  });
  return form;
}

interface KeptInput {
  element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  onChange: ChangeHandler;
}

/**
 * A page rendered by the server can be typed into before its script takes it over. The form would
 * take that value in while its fields register, before anything listens, so the page would not show
 * it (a password's rules, a counter). This register hides such a value while the field registers,
 * puts it back, and queues it to be told to the form as if just typed, once the form listens.
 */
function keepEarlyInput<Values extends FieldValues>(
  register: UseFormRegister<Values>,
  kept: KeptInput[],
): UseFormRegister<Values> {
  const seen = new WeakSet<object>();
  return (name, options) => {
    const field = register(name, options);
    const attach = field.ref;
    return {
      ...field,
      ref: (instance: unknown) => {
        const element = instance instanceof Element && !seen.has(instance) ? instance : null;
        if (element) seen.add(element);
        // Hidden while the field registers: the form then starts from its default, as on any page.
        const change = element ? changedByVisitor(element) : null;
        change?.hide();
        attach(instance);
        if (element && change) {
          change.restore();
          kept.push({ element: element as KeptInput['element'], onChange: field.onChange });
        }
      },
    };
  };
}

const notTyped = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset', 'image']);

interface VisitorChange {
  hide: () => void;
  restore: () => void;
}

/** When the visitor changed a text box or a single choice list: how to hide the change and put it back. */
function changedByVisitor(element: Element): VisitorChange | null {
  if (
    element instanceof HTMLTextAreaElement ||
    (element instanceof HTMLInputElement && !notTyped.has(element.type))
  ) {
    const { value, defaultValue } = element;
    if (value === defaultValue) return null;
    return { hide: () => (element.value = defaultValue), restore: () => (element.value = value) };
  }
  if (element instanceof HTMLSelectElement && !element.multiple && element.options.length > 0) {
    const options = [...element.options];
    const initial = Math.max(
      0,
      options.findIndex((option) => option.defaultSelected),
    );
    const chosen = element.selectedIndex;
    if (chosen === initial || chosen < 0) return null;
    return { hide: () => (element.selectedIndex = initial), restore: () => (element.selectedIndex = chosen) };
  }
  return null;
}

/**
 * Puts a refused submission's field messages (the server's, already translated) on the form's fields and
 * focuses the first; true when the error named fields, false when the form should say it as a whole.
 */
export function showServerErrors<Values extends FieldValues>(
  form: { setError: UseFormSetError<Values> },
  error: unknown,
  /** The form's field for an API field the form names otherwise (`priceCents` is typed as `price`). */
  fieldOf: Record<string, string> = {},
): boolean {
  if (!(error instanceof ApiClientError)) return false;
  const fields = Object.entries(error.fields);
  fields.forEach(([name, message], index) =>
    form.setError(
      (fieldOf[name] ?? name) as Path<Values>,
      { type: 'server', message },
      { shouldFocus: index === 0 },
    ),
  );
  return fields.length > 0;
}
