/** Typed lookups of the page's fixed elements (web/index.html); a missing one is a build error. */
export function byId<T extends HTMLElement>(id: string, type: { new (): T; prototype: T }): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`web/index.html has no <${type.name}> #${id}`);
  return element;
}

/** Passes the file chosen in `input` to `take`, and empties the input so the same file can be chosen again. */
export function onFile(input: HTMLInputElement, take: (file: File) => void): void {
  input.addEventListener("change", () => {
    const chosen = input.files?.[0];
    input.value = "";
    if (chosen) take(chosen);
  });
}

/** A new element with a class name, optional text and properties (`id`, `type`, `title`, `ariaLabel`...). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
  props?: Partial<HTMLElementTagNameMap[K]>,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return Object.assign(element, props);
}

/** A `type=button` button with a tooltip (and more properties: `props`) that runs `action` when clicked. */
export function actionButton(
  text: string,
  title: string,
  action: () => void,
  props?: Partial<HTMLButtonElement>,
): HTMLButtonElement {
  const b = el("button", undefined, text, { type: "button", title, ...props });
  b.addEventListener("click", action);
  return b;
}
