/** Share targets that work as plain links, so the dialog is useful without JavaScript. */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return {
    sms: `sms:?&body=${encodeURIComponent(`${title} ${url}`)}`,
    email: `mailto:?subject=${text}&body=${encodeURIComponent(`${title}\n${url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    twitter: `https://twitter.com/intent/tweet?url=${u}&text=${text}`,
    instagram: "https://www.instagram.com/",
  };
}

/** docs/product.md §9: share pop-ups open at 600x400. */
export const SHARE_POPUP_FEATURES = "width=600,height=400,noopener,noreferrer";
