import { useEffect, type RefObject } from 'react';

export const TYPE_MS = 100;
export const HOLD_MS = 2000;
export const DELETE_MS = 50;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The hero search's placeholder: the first phrase as the page arrives, held 2 s, then deleted (50 ms a
 * character) and the next typed (100 ms a character), held, and so on, wrapping. With reduced motion,
 * the first phrase stands still. The steps write the input's placeholder themselves: nothing on the
 * page renders again ten times a second. Returns the placeholder to render (the first phrase).
 */
export function useTypingPlaceholder(input: RefObject<HTMLInputElement | null>, phrases: string[]): string {
  const key = phrases.join('\u0000');
  useEffect(() => {
    const list = key.split('\u0000');
    const field = input.current;
    if (!field || list.length < 2 || prefersReducedMotion()) return;
    let phrase = 0;
    let length = list[0]!.length;
    let deleting = true;
    let timer: ReturnType<typeof setTimeout>;
    const show = (text: string) => field.setAttribute('placeholder', text);
    const step = () => {
      const current = list[phrase] ?? '';
      if (!deleting) {
        length++;
        show(current.slice(0, length));
        if (length >= current.length) {
          deleting = true;
          timer = setTimeout(step, HOLD_MS);
          return;
        }
        timer = setTimeout(step, TYPE_MS);
      } else {
        length--;
        show(current.slice(0, length));
        if (length <= 0) {
          deleting = false;
          phrase = (phrase + 1) % list.length;
        }
        timer = setTimeout(step, DELETE_MS);
      }
    };
    show(list[0]!);
    timer = setTimeout(step, HOLD_MS);
    return () => {
      clearTimeout(timer);
      field.setAttribute('placeholder', list[0]!);
    };
  }, [input, key]);
  return phrases[0] ?? '';
}
