import { useEffect, useState } from 'react';

export const TYPE_MS = 100;
export const HOLD_MS = 2000;
export const DELETE_MS = 50;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The hero search's placeholder: types each phrase (100 ms a character), holds it (2 s), deletes it
 * (50 ms a character), then the next, wrapping. With reduced motion, the first phrase stands still.
 */
export function useTypingPlaceholder(phrases: string[]): string {
  const [text, setText] = useState('');
  const key = phrases.join('\u0000');
  useEffect(() => {
    const list = key.split('\u0000');
    if (prefersReducedMotion()) {
      setText(list[0] ?? '');
      return;
    }
    let phrase = 0;
    let length = 0;
    let deleting = false;
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      const current = list[phrase] ?? '';
      if (!deleting) {
        length++;
        setText(current.slice(0, length));
        if (length >= current.length) {
          deleting = true;
          timer = setTimeout(step, HOLD_MS);
          return;
        }
        timer = setTimeout(step, TYPE_MS);
      } else {
        length--;
        setText(current.slice(0, length));
        if (length <= 0) {
          deleting = false;
          phrase = (phrase + 1) % list.length;
        }
        timer = setTimeout(step, DELETE_MS);
      }
    };
    timer = setTimeout(step, TYPE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return text;
}
