import { useEffect, useRef, useState } from 'react';

/** How long typing in a filter field waits before the search follows it. */
const TYPING_DELAY_MS = 400;

/**
 * A filter form over the filters in the address (browse, parts wanted): what is typed, and when the
 * search follows it. A choice searches at once, typing once the member pauses, the search box on
 * Enter only.
 *
 * The address changes a moment after the form asks for it (the router renders it as a transition).
 * When that change is one the form asked for, what was typed meanwhile stays: a year typed just after
 * choosing a make is not wiped by the make's search landing. Any other change (back, a link, a removed
 * chip) resets the form to the address, and typing done against the old address is not searched.
 */
export function useAddressDraft<K extends string>({
  queryKey,
  fromAddress,
  search,
}: {
  /** The address's filters as one stable string. */
  queryKey: string;
  /** The form's values for the address as it is. */
  fromAddress: () => Record<K, string>;
  /** Puts the values in the address; answers the key it leads to, or null when they are not searched yet. */
  search: (draft: Record<K, string>) => string | null;
}) {
  const [draft, setDraft] = useState(fromAddress);
  const [shownKey, setShownKey] = useState(queryKey);
  /** The addresses the form asked for that have not landed yet, oldest first. */
  const [asked, setAsked] = useState<string[]>([]);
  /** Counts the changes of the address the form did not ask for. */
  const [outside, setOutside] = useState(0);
  if (shownKey !== queryKey) {
    setShownKey(queryKey);
    const landed = asked.indexOf(queryKey);
    if (landed >= 0) setAsked(asked.slice(landed + 1));
    else {
      setAsked([]);
      setDraft(fromAddress());
      setOutside(outside + 1);
    }
  }
  const outsideNow = useRef(outside);
  useEffect(() => void (outsideNow.current = outside), [outside]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = (next: Record<K, string>) => {
    clearTimeout(timer.current);
    const key = search(next);
    if (key !== null) setAsked((keys) => [...keys, key]);
  };
  const set = (values: Partial<Record<K, string>>) => {
    const next = { ...draft, ...values };
    setDraft(next);
    run(next);
  };

  return {
    draft,
    /** Several fields at once (a select, or a shortcut such as "Use my ZIP code"): searched at once. */
    set,
    /** A choice (a select): searched at once. */
    choose: (name: K, value: string) => set({ [name]: value } as Partial<Record<K, string>>),
    /** Typing: searched once the member pauses; the search box waits for Enter or Search. */
    type: (name: K, value: string) => {
      const next = { ...draft, [name]: value };
      setDraft(next);
      clearTimeout(timer.current);
      if (name === 'search') return;
      const typedAgainst = outsideNow.current;
      timer.current = setTimeout(() => {
        if (outsideNow.current === typedAgainst) run(next);
      }, TYPING_DELAY_MS);
    },
    /** Enter or Search: the form as it is, at once. */
    submit: () => run(draft),
  };
}
