/**
 * What the visitor typed into the checkout form before React hydrated it (decision 0040). React 19 hydrates a
 * controlled field keeping the text in the DOM but its own state (the server's value) and fires no change event;
 * the next render of the field would then put the server's value back and the typed text would be gone. The
 * checkout reads these values once, when it restores its state after hydration (use-checkout-state.ts), and lets
 * them win over the stored and the server's values.
 */

/** The parts of a form control read here (structural, so the rule can be tested without a DOM). */
export type FormControlLike = {
  tagName: string;
  name: string;
  type?: string;
  value: string;
  defaultValue?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  options?: ArrayLike<{ selected: boolean; defaultSelected: boolean }>;
};

/**
 * The controls of a form that differ from the server's HTML, as field name (the flat wire key, DESIGN §5) →
 * value: text fields whose value differs from their `value` attribute, selects whose selected option is not the
 * one the HTML selected, a radio button checked since. Hidden fields and checkboxes are left out (a checkbox's
 * wire value is not its `value`; a tick before hydration is the rare case). Empty for `null`.
 */
export function fieldsTypedBeforeHydration(
  form: { elements: ArrayLike<FormControlLike | Element> } | null,
): Record<string, string> {
  const typed: Record<string, string> = {};
  if (!form) return typed;
  for (const element of Array.from(form.elements) as FormControlLike[]) {
    const { tagName, name, type } = element;
    if (!name) continue;
    if (tagName === 'SELECT') {
      const options = Array.from(element.options ?? []);
      if (options.some((option) => option.selected !== option.defaultSelected)) typed[name] = element.value;
    } else if (tagName === 'TEXTAREA' || (tagName === 'INPUT' && type !== 'hidden' && type !== 'checkbox')) {
      if (type === 'radio') {
        if (element.checked && !element.defaultChecked) typed[name] = element.value;
      } else if (element.value !== element.defaultValue) {
        typed[name] = element.value;
      }
    }
  }
  return typed;
}
