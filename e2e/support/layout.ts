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
