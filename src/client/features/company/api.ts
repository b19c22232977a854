import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@common/schemas/contact';
import { call, client } from '@client/lib/api';

/** Sends the contact form to support (the sender gets a copy). */
export function useSendContactMessage() {
  return useMutation({ mutationFn: (input: ContactInput) => call(client.contact.$post({ json: input })) });
}
