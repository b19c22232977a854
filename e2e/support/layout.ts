/**
 * Whether a button's label (its words and icon) lies within the button, inside its padding: a label
 * too long for it would spill over both ends, centred as it is. Runs in the page
 * (`locator.evaluate(labelFits)`).
 */
export function labelFits(button: Element): boolean {
  const range = document.createRange();
  range.selectNodeContents(button);
  const label = range.getBoundingClientRect();
  const box = button.getBoundingClientRect();
  const style = getComputedStyle(button);
  return (
    label.left >= box.left + parseFloat(style.paddingLeft) - 0.5 &&
    label.right <= box.right - parseFloat(style.paddingRight) + 0.5
  );
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes (`locator.boundingBox()`) cover some of the same area. */
export function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Where an element's contents are drawn, which may spill out of its own box (a title squeezed into a
 * narrow column). Runs in the page (`locator.evaluate(contentBox)`).
 */
export function contentBox(element: Element): Box {
  const range = document.createRange();
  range.selectNodeContents(element);
  const { x, y, width, height } = range.getBoundingClientRect();
  return { x, y, width, height };
}
