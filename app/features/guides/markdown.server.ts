// A guide's text rendered once, when it is saved (docs/architecture.md §5, "Guides rendered once";
// decision 0013): CommonMark with GFM tables, strikethrough and task lists by markdown-it, raw HTML
// shown as text (html: false), then an allow-list (sanitize-html) over what came out. Server only:
// no page sends the library to a browser (the editor's preview is rendered here too).
import MarkdownIt, { type Token } from "markdown-it";
import { koServer } from "~/copy/ko-server.server";
import type { Picture } from "~/lib/picture";
import { decodeInfo, infoId, positiveId } from "~/lib/route-info";
import { sanitizeHtml, type SanitizeOptions } from "~/lib/sanitize-html.server";
import { uploadNameOf } from "~/lib/uploads.server";

type TokenConstructor = new (type: string, tag: string, nesting: -1 | 0 | 1) => Token;

/** A heading of the table of contents: its anchor, its words, h2 or h3. */
export type TocEntry = { id: string; text: string; level: 2 | 3 };

/** What a card line shows: a reel's or a product's name and picture, and where it opens. */
export type CardTarget = { kind: "reel" | "product"; id: number; title: string; href: string; picture: Picture | null };

/** What the renderer may ask about the site while it renders (the use case answers from the database). */
export type RenderContext = {
  /** The site's own origin(s): a link to `https://<site>/r/5` is a same-site link, written as `/r/5`. */
  origins: string[];
  /** A stored picture as pages show it (its sizes), or null when it is not one of the site's. */
  picture: (url: string) => Promise<Picture | null>;
  /** The card of one of the site's reels or products, or null when a visitor could not open it. */
  card: (kind: "reel" | "product", id: number) => Promise<CardTarget | null>;
};

export type RenderedGuide = {
  html: string;
  toc: TocEntry[];
  readingMinutes: number;
  /** The upload names of the pictures its text shows (they go with the guide). */
  pictures: string[];
};

/** A guide with this many headings or more gets a table of contents. */
export const TOC_MIN_HEADINGS = 3;
/** Korean read on a phone: about 500 characters a minute; a picture takes a few seconds more. */
const CHARACTERS_PER_MINUTE = 500;
const SECONDS_PER_PICTURE = 6;
/** Ids the page itself uses: a heading never takes one. */
const RESERVED_IDS = new Set(["top", "main", "guide-toc", "guide-body"]);
/** How a picture in the text is laid out (app/styles/guides.css): the content's width, at most 690 − 32 px. */
export const BODY_PICTURE_SIZES = "min(100vw - 32px, 658px)";

function markdown() {
  // breaks: a line break typed on a phone is one on the page, as in every messenger she writes in.
  const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false });
  return md;
}

const parser = markdown();

/** A link the page may carry: http(s), mailto:, tel:, a same-site path or an anchor; null for anything else. */
export function allowedHref(raw: string, origins: string[]): string | null {
  const href = raw.trim();
  if (href.startsWith("#")) return href;
  if (href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\")) return href;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol === "mailto:" || url.protocol === "tel:") return href;
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (origins.includes(url.origin)) return `${url.pathname}${url.search}${url.hash}` || "/";
  return url.href;
}

/** Whether a same-site path is one of the site's stored pictures (`/uploads/<generated name>`). */
function isOwnPicture(src: string) {
  return src.startsWith("/uploads/") && uploadNameOf(src) !== null;
}

/** `/r/5`, `/reels-content/{info}` or `/product/7`: the reel or product a card line names. */
export function cardTargetOf(path: string): { kind: "reel" | "product"; id: number } | null {
  const [pathname = ""] = path.split(/[?#]/, 1);
  const short = /^\/r\/(\d{1,15})$/.exec(pathname);
  if (short) return positiveIdTarget("reel", short[1]);
  const viewer = /^\/reels-content\/([^/]+)$/.exec(pathname);
  if (viewer) {
    const id = infoId(decodeInfo(viewer[1]));
    return id === null ? null : { kind: "reel", id };
  }
  const product = /^\/(?:product|p)\/(\d{1,15})$/.exec(pathname);
  if (product) return positiveIdTarget("product", product[1]);
  return null;
}

function positiveIdTarget(kind: "reel" | "product", raw: string | undefined) {
  const id = positiveId(raw);
  return id === null ? null : { kind, id };
}

/**
 * A heading's anchor: its words as they are (Korean kept), spaces as hyphens, punctuation dropped,
 * lower case; the same words twice get -2, -3... Stable: the same text gives the same anchors.
 */
export function headingSlug(text: string, taken: Set<string>): string {
  const base =
    text
      .normalize("NFC")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .trim()
      .replace(/\s+/g, "-")
      .slice(0, 60) || "section";
  let slug = base;
  for (let n = 2; taken.has(slug) || RESERVED_IDS.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

function inlineText(token: Token): string {
  return (token.children ?? [])
    .filter((child) => child.type === "text" || child.type === "code_inline" || child.type === "softbreak" || child.type === "image")
    .map((child) => (child.type === "softbreak" ? " " : child.type === "image" ? "" : child.content))
    .join("");
}

/** Links the allow-list refuses become their words; same-site absolute links become paths; outside ones open safely. */
function checkLinks(children: Token[], origins: string[]) {
  const dropped: number[] = [];
  const stack: boolean[] = [];
  children.forEach((child, at) => {
    if (child.type === "link_open") {
      const href = allowedHref(attrOf(child, "href"), origins);
      stack.push(href !== null);
      if (href === null) {
        dropped.push(at);
        return;
      }
      child.attrSet("href", href);
      if (/^https?:/.test(href)) {
        child.attrSet("target", "_blank");
        child.attrSet("rel", "noopener noreferrer");
      }
    } else if (child.type === "link_close") {
      if (stack.pop() === false) dropped.push(at);
    }
  });
  for (const at of dropped.reverse()) children.splice(at, 1);
}

/** A paragraph that is only a link to one of the site's reels or products (`[이름](/r/5)` or the bare address). */
function cardLine(tokens: Token[], at: number): { kind: "reel" | "product"; id: number } | null {
  if (tokens[at]?.type !== "paragraph_open" || tokens[at + 2]?.type !== "paragraph_close") return null;
  const children = (tokens[at + 1]?.children ?? []).filter((child) => !(child.type === "text" && child.content.trim() === ""));
  if (children.length !== 3 || children[0]!.type !== "link_open" || children[2]!.type !== "link_close") return null;
  if (children[1]!.type !== "text") return null;
  const href = attrOf(children[0]!, "href");
  return href.startsWith("/") ? cardTargetOf(href) : null;
}

function attrOf(token: Token, name: string): string {
  return String(token.attrGet(name) ?? "");
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function pictureHtml(picture: Picture, alt: string, className: string) {
  const sources = picture.sources
    .map((source) => `<source type="${escapeHtml(source.type)}" srcset="${escapeHtml(source.srcSet)}" sizes="${escapeHtml(source.sizes)}">`)
    .join("");
  const size = picture.img.width && picture.img.height ? ` width="${picture.img.width}" height="${picture.img.height}"` : "";
  return `<picture>${sources}<img class="${className}" src="${escapeHtml(picture.img.src)}" alt="${escapeHtml(alt)}"${size} loading="lazy" decoding="async"></picture>`;
}

function cardHtml(card: CardTarget) {
  const label = card.kind === "reel" ? koServer.guides.reelCard : koServer.guides.productCard;
  const picture = card.picture
    ? pictureHtml(card.picture, "", "guide-card__image")
    : `<span class="guide-card__image guide-card__image--none"></span>`;
  return (
    `<a class="guide-card" href="${escapeHtml(card.href)}">${picture}` +
    `<span class="guide-card__text"><span class="guide-card__kind">${escapeHtml(label)}</span>` +
    `<span class="guide-card__title">${escapeHtml(card.title)}</span></span></a>\n`
  );
}

/** GFM task list items (`- [ ] 할 일`, `- [x] 한 일`): a checkbox a parent can tick, the item's words its label. */
function markTasks(tokens: Token[], at: number, TokenClass: TokenConstructor) {
  const inline = tokens[at];
  const first = inline?.children?.[0];
  if (tokens[at - 1]?.type !== "paragraph_open" || tokens[at - 2]?.type !== "list_item_open") return false;
  if (!inline || !first || first.type !== "text") return false;
  const match = /^\[([ xX])\](?:[ \u00a0]+|$)/.exec(first.content);
  if (!match) return false;
  first.content = first.content.slice(match[0].length);
  const open = new TokenClass("html_inline", "", 0);
  open.content = `<label class="task"><input type="checkbox" class="task__box"${match[1] === " " ? "" : " checked"}> `;
  const close = new TokenClass("html_inline", "", 0);
  close.content = "</label>";
  inline.children = [open, ...inline.children!, close];
  tokens[at - 2]!.attrJoin("class", "task-item");
  return true;
}

const SANITIZE: SanitizeOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "strong",
    "em",
    "s",
    "del",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "div",
    "span",
    "picture",
    "source",
    "img",
    "label",
    "input",
  ],
  allowedAttributes: {
    h2: ["id"],
    h3: ["id"],
    h4: ["id"],
    h5: ["id"],
    h6: ["id"],
    a: ["href", "target", "rel", "class"],
    ol: ["start"],
    ul: ["class"],
    li: ["class"],
    th: ["class"],
    td: ["class"],
    div: ["class", "tabindex", "role", "aria-label"],
    span: ["class"],
    label: ["class"],
    input: ["type", "class", "checked"],
    source: ["type", "srcset", "sizes"],
    img: ["src", "alt", "width", "height", "loading", "decoding", "class"],
    code: ["class"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: [], source: [] },
  allowProtocolRelative: false,
  allowedClasses: {
    "*": ["task", "task__box", "task-item", "contains-task-list", "align-left", "align-center", "align-right", "table-scroll"],
    a: ["guide-card"],
    span: ["guide-card__text", "guide-card__kind", "guide-card__title", "guide-card__image", "guide-card__image--none"],
    img: ["guide-picture", "guide-card__image"],
  },
  // Pictures only from the site's own uploads; checkboxes only as checkboxes.
  exclusiveFilter: (frame) =>
    (frame.tag === "img" && !isOwnPicture(frame.attribs.src ?? "")) ||
    (frame.tag === "source" &&
      !(frame.attribs.srcset ?? "").split(",").every((candidate) => isOwnPicture(candidate.trim().split(/\s+/)[0] ?? ""))) ||
    (frame.tag === "input" && frame.attribs.type !== "checkbox"),
  disallowedTagsMode: "escape",
};

function textLength(tokens: Token[]) {
  let characters = 0;
  for (const token of tokens) {
    if (token.type === "inline") characters += Array.from(inlineText(token).replace(/\s+/g, "")).length;
    if (token.type === "fence" || token.type === "code_block") characters += token.content.length;
  }
  return characters;
}

/**
 * Renders a guide's text to the HTML its page shows, with its table of contents (three headings or
 * more), its reading time, and the site pictures it names. Never trusts the text: see SANITIZE.
 */
export async function renderGuide(body: string, context: RenderContext): Promise<RenderedGuide> {
  const env = {};
  const tokens = parser.parse(body, env);
  const TokenClass = tokens[0]?.constructor as TokenConstructor | undefined;
  const taken = new Set<string>();
  const toc: TocEntry[] = [];
  const pictures = new Set<string>();
  const pictureUrls = new Set<string>();
  let pictureCount = 0;

  tokens.forEach((token, at) => {
    if (token.type === "heading_open") {
      // The guide's title is the page's h1: the text's headings start at h2.
      const level = Math.max(2, Number(token.tag.slice(1)));
      token.tag = `h${level}`;
      const closing = tokens.slice(at).find((next) => next.type === "heading_close");
      if (closing) closing.tag = token.tag;
      const text = inlineText(tokens[at + 1]!).trim();
      const id = headingSlug(text, taken);
      token.attrSet("id", id);
      if (level <= 3 && text) toc.push({ id, text, level: level as 2 | 3 });
    }
    if (token.type === "th_open" || token.type === "td_open") {
      const align = /text-align:(left|center|right)/.exec(attrOf(token, "style"))?.[1];
      token.attrs = null;
      if (align) token.attrSet("class", `align-${align}`);
    }
    if (token.type === "inline" && token.children) {
      checkLinks(token.children, context.origins);
      if (TokenClass && markTasks(tokens, at, TokenClass)) {
        const list = tokens
          .slice(0, at)
          .reverse()
          .find((previous) => previous.type === "bullet_list_open" || previous.type === "ordered_list_open");
        if (list && !attrOf(list, "class").includes("contains-task-list")) list.attrJoin("class", "contains-task-list");
      }
      for (const child of token.children) {
        if (child.type !== "image") continue;
        pictureCount++;
        const src = allowedHref(attrOf(child, "src"), context.origins);
        if (src && isOwnPicture(src)) {
          child.attrSet("src", src);
          pictureUrls.add(src);
        }
      }
    }
  });

  // The pictures and cards are looked up once each, before the (synchronous) render.
  const resolved = new Map<string, Picture | null>();
  await Promise.all([...pictureUrls].map(async (url) => resolved.set(url, await context.picture(url))));
  const cards = new Map<number, CardTarget | null>();
  await Promise.all(
    tokens.map(async (_, at) => {
      const target = cardLine(tokens, at);
      if (target) cards.set(at, await context.card(target.kind, target.id));
    }),
  );

  // A card line is the card in place of its paragraph (from the last, so the places stay true).
  for (const at of [...cards.keys()].sort((a, b) => b - a)) {
    const card = cards.get(at);
    if (!card || !TokenClass) continue;
    const block = new TokenClass("html_block", "", 0);
    block.content = cardHtml(card);
    tokens.splice(at, 3, block);
  }
  const renderEnv: PictureEnv = { resolved, pictures };
  const html = parser.renderer.render(tokens, parser.options, renderEnv);

  const minutes = Math.max(1, Math.ceil(textLength(tokens) / CHARACTERS_PER_MINUTE + (pictureCount * SECONDS_PER_PICTURE) / 60));
  return {
    html: sanitizeHtml(html, SANITIZE),
    toc: toc.length >= TOC_MIN_HEADINGS ? toc : [],
    readingMinutes: minutes,
    pictures: [...pictures],
  };
}

type PictureEnv = { resolved: Map<string, Picture | null>; pictures: Set<string> };

// Pictures as the site's `<picture>` of their sizes (only the site's own; any other shows its words),
// tables in a region that scrolls sideways on a phone.
parser.renderer.rules.image = (tokens, at, _options, renderEnv) => {
  const env = renderEnv as PictureEnv;
  const child = tokens[at]!;
  const src = attrOf(child, "src");
  const alt = (child.children ?? []).map((part: Token) => part.content).join("") || child.content;
  const picture = env.resolved?.get(src);
  if (!isOwnPicture(src) || picture === undefined) return escapeHtml(alt);
  const name = uploadNameOf(src);
  if (name) env.pictures.add(name);
  return picture
    ? pictureHtml(picture, alt, "guide-picture")
    : `<img class="guide-picture" src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" loading="lazy" decoding="async">`;
};
parser.renderer.rules.table_open = () =>
  `<div class="table-scroll" tabindex="0" role="region" aria-label="${escapeHtml(koServer.guides.table)}"><table>\n`;
parser.renderer.rules.table_close = () => "</table></div>\n";
