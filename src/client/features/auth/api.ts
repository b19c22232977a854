import { queryOptions, useMutation } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** Accounts' API layer: signing up, in and back in, confirming the email, resetting a password. */

/** The JSON body an endpoint takes, from the route table. */
type Json<Endpoint> = InferRequestType<Endpoint> extends { json: infer Body } ? Body : never;

export const authQueries = {
  /** The social sign-in providers this deployment has configured. */
  providers: () =>
    queryOptions({
      queryKey: queryKeys.authProviders,
      queryFn: () => call(client.auth.providers.$get()),
      staleTime: Infinity,
    }),
};

export function useSignIn() {
  return useMutation({
    mutationFn: (json: Json<(typeof client.auth)['sign-in']['$post']>) =>
      call(client.auth['sign-in'].$post({ json })),
  });
}

/** The second step of a sign-in with two-step sign-in on: a code from the app or a recovery code. */
export function useSecondStep() {
  return useMutation({
    mutationFn: (code: string) => call(client.auth['two-factor'].$post({ json: { code } })),
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (json: Json<(typeof client.auth)['sign-up']['$post']>) =>
      call(client.auth['sign-up'].$post({ json })),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (json: Json<(typeof client.auth)['forgot-password']['$post']>) =>
      call(client.auth['forgot-password'].$post({ json })),
  });
}

/** Whether a reset link can still be used (before the form is shown). */
export function useCheckResetLink() {
  return useMutation({
    mutationFn: (token: string) => call(client.auth['reset-password'].check.$post({ json: { token } })),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (json: Json<(typeof client.auth)['reset-password']['$post']>) =>
      call(client.auth['reset-password'].$post({ json })),
  });
}

/** Uses an email confirmation link; answers with the confirmed address. */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: (token: string) => call(client.auth['confirm-email'].$post({ json: { token } })),
  });
}

/** Whether the address this browser signed up with has been confirmed (and signed in here). */
export function useConfirmationStatus() {
  return useMutation({ mutationFn: () => call(client.auth['confirmation-status'].$post()) });
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) => call(client.auth['resend-confirmation'].$post({ json: { email } })),
  });
}
