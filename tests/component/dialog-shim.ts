// happy-dom's <dialog> lacks what browsers do and our dialogs rely on: showModal() makes the dialog
// match :modal, close() fires its close event as a queued task (not synchronously), and Escape on a
// modal dialog fires cancel and then closes it (HTML standard, "the dialog element").
const modal = new WeakSet<HTMLDialogElement>();
const { matches } = HTMLDialogElement.prototype;

HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute("open", "");
  modal.add(this);
};

HTMLDialogElement.prototype.close = function closeLater(this: HTMLDialogElement, returnValue?: string) {
  if (!this.open) return;
  modal.delete(this);
  this.removeAttribute("open");
  if (returnValue !== undefined) this.returnValue = String(returnValue);
  setTimeout(() => this.dispatchEvent(new Event("close")));
};

// Typed as the method it replaces: the DOM types declare `matches` with tag-name type predicates too.
HTMLDialogElement.prototype.matches = function matchesModal(this: HTMLDialogElement, selectors: string) {
  if (selectors === ":modal") return this.open && modal.has(this);
  return matches.call(this, selectors);
} as HTMLDialogElement["matches"];

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  const dialog = [...document.querySelectorAll("dialog")].reverse().find((candidate) => candidate.matches(":modal"));
  if (dialog && dialog.dispatchEvent(new Event("cancel", { cancelable: true }))) dialog.close();
});
