// The device draft of an owner's form (issue 33, point 3; docs/architecture.md §5 "Nothing she typed is
// lost"): what she typed or chose, kept in the browser's localStorage while she types, so a reload
// (the phone dropping a tab she left for the Coupang app), a crash or a login that expired brings the
// form back as she left it. The form's own text, choices and ticks, as many rows in its lists as she
// left (the footer's links), and the files she picked (in IndexedDB, one form's at a time): never a
// password or a hidden field (a submission id, a held picture's token). Loaded by
// components/DraftKeeper.tsx once the page runs its scripts (a module of its own, fetched then).

/** A form's fields by name: the value of each text field in page order, the values ticked or chosen. */
type FormValues = Record<string, string[]>;

type Draft = { at: number; values: FormValues };

const PREFIX = "ot-draft:";
/** How long typing pauses before the draft is written (leaving the page or the app writes it at once). */
const WRITE_AFTER_MS = 400;
/** The largest draft kept (characters of JSON): a product's longest texts are far below it. */
export const DRAFT_MAX_CHARS = 100_000;
/** At most this many forms' drafts at once, the oldest dropped first. */
export const DRAFT_MAX = 20;
/** A draft older than this is dropped rather than restored. */
export const DRAFT_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

const SKIPPED = new Set(["password", "hidden", "submit", "button", "reset", "image"]);

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function controlsOf(form: HTMLFormElement): Control[] {
  return [...form.elements].filter(
    (element): element is Control =>
      (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) &&
      element.name !== "" &&
      !SKIPPED.has(element.type),
  );
}

function isCheckable(control: Control): control is HTMLInputElement {
  return control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");
}

function isFileChooser(control: Control): control is HTMLInputElement {
  return control instanceof HTMLInputElement && control.type === "file";
}

/** A picked file as the draft's values name it: enough to tell it from another pick. */
function fileIdentity(file: File) {
  return `${file.name}|${file.size}|${file.lastModified}`;
}

/** The form's values as she has them now, or (`initial`) as the page drew them. */
function formValues(form: HTMLFormElement, initial = false): FormValues {
  const values: FormValues = {};
  for (const control of controlsOf(form)) {
    const list = (values[control.name] ??= []);
    if (isFileChooser(control)) {
      // A page never draws a chooser with files in it.
      if (!initial) list.push(...[...(control.files ?? [])].map(fileIdentity));
    } else if (isCheckable(control)) {
      if (initial ? control.defaultChecked : control.checked) list.push(control.value);
    } else if (control instanceof HTMLSelectElement) {
      const options = [...control.options];
      const chosen = initial ? (options.find((option) => option.defaultSelected) ?? options[0]) : control.selectedOptions[0];
      if (chosen) list.push(chosen.value);
    } else {
      list.push(initial ? control.defaultValue : control.value);
    }
  }
  return values;
}

function sameValues(a: FormValues, b: FormValues) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Puts `values` into the form as if she typed and chose them: ticks and choices by a click (so what
 * hangs on them, such as a button's fields opening, follows), text through the element's own value
 * setter and an input event (so React and Conform see it).
 */
function applyValues(form: HTMLFormElement, values: FormValues) {
  const controls = controlsOf(form).filter((control) => values[control.name]);
  for (const control of controls.filter(isCheckable)) {
    const wanted = values[control.name]!.includes(control.value);
    if (wanted !== control.checked && (wanted || control.type === "checkbox")) control.click();
  }
  const seen = new Map<string, number>();
  for (const control of controls.filter((control) => !isCheckable(control) && !isFileChooser(control))) {
    const place = seen.get(control.name) ?? 0;
    seen.set(control.name, place + 1);
    const value = values[control.name]![place];
    if (value === undefined || control.value === value) continue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, "value")?.set?.call(control, value);
    control.dispatchEvent(new Event("input", { bubbles: true }));
    control.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/**
 * A list of rows the page lets her add to and remove from (the footer's links): its element carries
 * `data-draft-list` (the list's field name), its add button `data-draft-add`, each row's remove
 * button `data-draft-remove`. Rows are named `<list>[<index>].<field>`.
 */
const LIST = "data-draft-list";
/** At most this many clicks to bring a list to a draft's length: a page's lists are far shorter. */
const LIST_STEPS_MAX = 50;

/** How many rows of `list` the values name (the highest row index, plus one). */
function rowsNamed(values: FormValues, list: string) {
  const prefix = `${list}[`;
  let rows = 0;
  for (const name of Object.keys(values)) {
    if (!name.startsWith(prefix)) continue;
    const index = Number.parseInt(name.slice(prefix.length), 10);
    if (Number.isInteger(index) && index >= 0) rows = Math.max(rows, index + 1);
  }
  return rows;
}

/** Until the page has drawn what the last click changed (React renders after the event). */
function nextFrame() {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

/**
 * Gives each row list of the form as many rows as `values` name, by her own buttons (so the page's
 * state follows), one click at a time; a list stops where its buttons do (its longest length).
 */
async function matchListLengths(form: HTMLFormElement, values: FormValues) {
  for (const list of form.querySelectorAll<HTMLElement>(`[${LIST}]`)) {
    const wanted = rowsNamed(values, list.getAttribute(LIST) ?? "");
    for (let step = 0; step < LIST_STEPS_MAX; step++) {
      const removes = list.querySelectorAll<HTMLButtonElement>("[data-draft-remove]");
      const button = removes.length < wanted ? list.querySelector<HTMLButtonElement>("[data-draft-add]") : removes[removes.length - 1];
      if (removes.length === wanted || !button) break;
      button.click();
      await nextFrame();
    }
  }
}

/** Puts `values` into the form, its row lists first brought to the length they name. */
async function restoreValues(form: HTMLFormElement, values: FormValues) {
  await matchListLengths(form, values);
  applyValues(form, values);
}

/** The draft kept for `name`, unless it is stale or unreadable (then it is dropped). */
export function readDraft(name: string, now = Date.now()): FormValues | null {
  try {
    const text = localStorage.getItem(PREFIX + name);
    const draft = text ? (JSON.parse(text) as Draft) : null;
    if (draft && now - draft.at < DRAFT_MAX_AGE_MS && typeof draft.values === "object") return draft.values;
    if (text) dropDraft(name);
  } catch {
    // Storage refused (a private window) or a draft that is not ours: nothing to restore.
  }
  return null;
}

/** Keeps `values` as the draft of `name` (too large: none), dropping the oldest drafts past DRAFT_MAX. */
export function writeDraft(name: string, values: FormValues, now = Date.now()) {
  try {
    const text = JSON.stringify({ at: now, values } satisfies Draft);
    if (text.length > DRAFT_MAX_CHARS) return dropDraft(name);
    localStorage.setItem(PREFIX + name, text);
    const kept = Object.keys(localStorage)
      .filter((key) => key.startsWith(PREFIX))
      .map((key) => ({ key, at: Number((JSON.parse(localStorage.getItem(key) ?? "{}") as Partial<Draft>).at) || 0 }))
      .sort((a, b) => b.at - a.at);
    for (const { key } of kept.slice(DRAFT_MAX)) localStorage.removeItem(key);
  } catch {
    // Storage full or refused: the form still works, without a draft.
  }
}

function dropDraft(name: string) {
  void dropFiles(name);
  try {
    localStorage.removeItem(PREFIX + name);
  } catch {
    // Nothing was kept.
  }
}

// The files she picked (her photos) are kept beside the text in IndexedDB, which holds files as they
// are: those of one form at a time, the last she picked in, within DRAFT_FILES_MAX_BYTES.
const FILES_DATABASE = "ot-draft-files";
const FILES_STORE = "files";
/** The most bytes of picked files kept; past it (a dozen camera photos) none are. */
const DRAFT_FILES_MAX_BYTES = 60 * 1024 * 1024;

/** A form's picked files: for each chooser's name, the files of each chooser of that name in page order. */
type PickedFiles = Record<string, File[][]>;

/** Runs `act` in a transaction on the files' store: its request's result, or undefined when IndexedDB is refused or fails. */
function inFilesStore<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  return new Promise((resolve) => {
    try {
      const opening = indexedDB.open(FILES_DATABASE, 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore(FILES_STORE);
      opening.onerror = () => resolve(undefined);
      opening.onsuccess = () => {
        const database = opening.result;
        const done = (result: T | undefined) => {
          database.close();
          resolve(result);
        };
        try {
          const transaction = database.transaction(FILES_STORE, mode);
          const request = act(transaction.objectStore(FILES_STORE));
          transaction.oncomplete = () => done(request ? request.result : undefined);
          transaction.onerror = () => done(undefined);
          transaction.onabort = () => done(undefined);
        } catch {
          done(undefined);
        }
      };
    } catch {
      // No IndexedDB here (a private window, an old browser): the text draft still works.
      resolve(undefined);
    }
  });
}

function pickedFiles(form: HTMLFormElement): PickedFiles {
  const picked: PickedFiles = {};
  for (const chooser of controlsOf(form).filter(isFileChooser)) (picked[chooser.name] ??= []).push([...(chooser.files ?? [])]);
  return picked;
}

/** Keeps the form's picked files as draft `name`'s, in place of any other form's; none when none are picked or they are too large. */
function writeFiles(name: string, picked: PickedFiles) {
  const files = Object.values(picked).flat(2);
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  return inFilesStore("readwrite", (store) => {
    store.clear();
    if (files.length > 0 && bytes <= DRAFT_FILES_MAX_BYTES) store.put(picked, name);
  });
}

function dropFiles(name: string) {
  return inFilesStore("readwrite", (store) => store.delete(name));
}

/**
 * Puts the files kept for draft `name` back in the form's choosers, when they are the ones its
 * values name, each with a change event (so its preview follows, as after her own pick).
 */
async function restoreFiles(form: HTMLFormElement, name: string, values: FormValues) {
  const picked = await inFilesStore<PickedFiles | undefined>("readonly", (store) => store.get(name));
  if (!picked) return;
  const seen = new Map<string, number>();
  for (const chooser of controlsOf(form).filter(isFileChooser)) {
    const place = seen.get(chooser.name) ?? 0;
    seen.set(chooser.name, place + 1);
    const named = JSON.stringify(values[chooser.name] ?? []);
    const files = picked[chooser.name]?.[place] ?? [];
    if (files.length === 0 || JSON.stringify(picked[chooser.name]!.flat().map(fileIdentity)) !== named) continue;
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    chooser.files = transfer.files;
    chooser.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/** Empties the choosers that hold files, each with a change event. */
function clearChoosers(form: HTMLFormElement) {
  for (const chooser of controlsOf(form).filter(isFileChooser)) {
    if (!chooser.files?.length) continue;
    chooser.value = "";
    chooser.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/** The identities of the files picked in the form, to tell whether they changed since they were kept. */
function pickedIdentities(form: HTMLFormElement) {
  return JSON.stringify(Object.values(pickedFiles(form)).flat(2).map(fileIdentity));
}

/** What DraftKeeper holds of a form's draft while the form is on the page. */
export type DraftKeeping = {
  /** The form was saved: its draft is done with, and what it shows now is what is saved. */
  saved(): void;
  /** Back to what the page showed before the draft was restored, and no draft. */
  discard(): void;
  /** The form leaves the page: a draft not yet written is written now (unless it was saved). */
  stop(): void;
};

/**
 * Keeps the draft of `form` under `name`: restores it first when the form is as the page drew it
 * (and says so through `onRestored`), then writes it as she types (after a pause, at once when she
 * leaves the page or the app, and when she submits), and drops it when it matches the page again.
 */
export function keepDraft(form: HTMLFormElement, name: string, onRestored: () => void): DraftKeeping {
  let initial = formValues(form, true);
  const drawn = initial;
  const draft = readDraft(name);
  /** The picked files as last kept: written again only when she picks others. */
  let keptFiles = pickedIdentities(form);
  const untouched = sameValues(formValues(form), initial);
  if (draft && !sameValues(draft, initial) && untouched) {
    void restoreValues(form, draft)
      .then(() => restoreFiles(form, name, draft))
      .then(() => {
        keptFiles = pickedIdentities(form);
        onRestored();
      });
  }
  let saved = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    if (saved) return;
    const values = formValues(form);
    if (sameValues(values, initial)) {
      dropDraft(name);
      keptFiles = pickedIdentities(form);
      return;
    }
    writeDraft(name, values);
    const picked = pickedIdentities(form);
    if (picked !== keptFiles) void writeFiles(name, pickedFiles(form));
    keptFiles = picked;
  };
  const typed = () => {
    saved = false;
    clearTimeout(timer);
    timer = setTimeout(write, WRITE_AFTER_MS);
  };
  const hidden = () => document.visibilityState === "hidden" && write();
  // A picked photo is kept at once: she may leave for another app right after picking it.
  const changed = (event: Event) => {
    typed();
    if (event.target instanceof HTMLInputElement && isFileChooser(event.target)) write();
  };
  // A button can change the form without an input event: a row added or removed, a picked photo taken away.
  const clicked = (event: Event) => {
    if (event.target instanceof Element && event.target.closest("button")) typed();
  };
  form.addEventListener("input", typed);
  form.addEventListener("change", changed);
  form.addEventListener("click", clicked);
  form.addEventListener("submit", write);
  document.addEventListener("visibilitychange", hidden);
  window.addEventListener("pagehide", write);
  // What she typed before this module arrived (it is fetched once the page runs, and a slow network
  // may take a while) is kept like any typing, not only when she next types or leaves the page.
  if (!untouched) typed();
  return {
    saved() {
      saved = true;
      clearTimeout(timer);
      dropDraft(name);
      initial = formValues(form);
    },
    discard() {
      dropDraft(name);
      clearChoosers(form);
      void restoreValues(form, drawn).then(() => dropDraft(name));
    },
    stop() {
      form.removeEventListener("input", typed);
      form.removeEventListener("change", changed);
      form.removeEventListener("click", clicked);
      form.removeEventListener("submit", write);
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", write);
      if (timer !== undefined) write();
    },
  };
}
