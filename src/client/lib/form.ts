import {
  useForm,
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
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    // The resolver's own typing cannot follow a generic schema; the form is typed by the schema above.
    resolver: zodResolver(schema as never) as never,
    ...options,
  });
}

/**
 * Puts a refused submission's field messages (the server's, already translated) on the form's fields and
 * focuses the first; true when the error named fields, false when the form should say it as a whole.
 */
export function showServerErrors<Values extends FieldValues>(
  form: { setError: UseFormSetError<Values> },
  error: unknown,
): boolean {
  if (!(error instanceof ApiClientError)) return false;
  const fields = Object.entries(error.fields);
  fields.forEach(([name, message], index) =>
    form.setError(name as Path<Values>, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  return fields.length > 0;
}
