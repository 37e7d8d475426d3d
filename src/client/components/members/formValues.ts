// A form's values as the browser would post them, read from its controls (the members' forms post JSON once the app
// runs): every value of a name, ticked checkboxes and radios only.
export function formValues(form: HTMLFormElement): (name: string) => string[] {
  const controls = Array.from(form.elements) as HTMLInputElement[];
  return (name) =>
    controls
      .filter((control) => control.name === name && !control.disabled)
      .filter((control) => (control.type !== 'checkbox' && control.type !== 'radio') || control.checked)
      .map((control) => control.value);
}
