import { useTranslation } from 'react-i18next';
import type { Language } from '@common/i18n/languages';
import { errorMessage } from '@client/lib/error-message';
import { toast } from '@client/lib/toast';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Account,
  AccountDetailsInput,
  ChangeEmailInput,
  ChangePasswordInput,
  DeleteAccountInput,
  MemberNameInput,
  PasswordCheckInput,
  TwoFactorDisableInput,
  TwoFactorEnableInput,
} from '@common/schemas/account';
import { call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** The account's API layer: details, password, email address, two-step sign-in and the browsers signed in. */
export const accountQueries = {
  details: () =>
    queryOptions({
      queryKey: queryKeys.account.details,
      queryFn: () => call(client.account.$get()),
    }),
  sessions: () =>
    queryOptions({
      queryKey: queryKeys.account.sessions,
      queryFn: () => call(client.account.sessions.$get()),
    }),
};

/** A saved account, kept; the session is read again, as the menu and `NameGate` show the first name. */
function useAccountSaved() {
  const queryClient = useQueryClient();
  return async (account: Account) => {
    queryClient.setQueryData(queryKeys.account.details, account);
    await queryClient.invalidateQueries({ queryKey: queryKeys.session });
  };
}

export function useSaveDetails() {
  return useMutation({
    mutationFn: (input: AccountDetailsInput) => call(client.account.details.$put({ json: input })),
    onSuccess: useAccountSaved(),
  });
}

/** The names others see, asked before a first message, offer or listing. */
export function useSaveName() {
  return useMutation({
    mutationFn: (input: MemberNameInput) => call(client.account.name.$put({ json: input })),
    onSuccess: useAccountSaved(),
  });
}

/** Other browsers are signed out by a new password: the list of sessions is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => call(client.account.password.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions }),
  });
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => call(client.account.email.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.details }),
  });
}

/** The emailed links: used by whoever opens them, signed in or not. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(client.account.email.confirm.$post({ json: { token } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
        queryClient.invalidateQueries({ queryKey: queryKeys.account.all }),
      ]),
  });
}

export function useUndoEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(client.account.email.undo.$post({ json: { token } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.account.sessions[':id'].$delete({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.account.sessions['end-others'].$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions }),
  });
}

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (input: PasswordCheckInput) =>
      call(client.account['two-factor'].start.$post({ json: input })),
  });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorEnableInput) =>
      call(client.account['two-factor'].enable.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.details }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorDisableInput) =>
      call(client.account['two-factor'].disable.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.details }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => call(client.account.delete.$post({ json: input })),
  });
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.account.export.$post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.details }),
  });
}

/** The prepared file, downloaded by the browser itself (with the session cookie). */
export const EXPORT_DOWNLOAD_URL = '/api/account/export';

/**
 * What the language menu does after a switch: a signed-in member's account keeps the choice, so the
 * emails they get follow it (a visitor's choice stays in this browser only).
 */
export function useKeepLanguage(signedIn: boolean): (language: Language) => void {
  const { t } = useTranslation();
  return (language) => {
    if (!signedIn) return;
    call(client.account.language.$put({ json: { language } })).catch((error: unknown) =>
      toast.error(errorMessage(error, t)),
    );
  };
}
