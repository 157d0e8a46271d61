import { CardImage } from "~/components/Picture";
import { koGuides } from "~/copy/ko-guides";
import type { Picture } from "~/lib/picture";
import type { GuideItem } from "../guides.server";

/** The owner's label beside a guide visitors cannot read (yet). */
export function GuideStateBadge({ state, publishAt }: { state: GuideItem["state"]; publishAt: string }) {
  if (state === "hidden") return <span className="badge">{koGuides.hidden}</span>;
  if (state === "scheduled")
    return (
      <span className="badge badge--scheduled" title={koGuides.scheduledAt(publishAt)}>
        {koGuides.scheduled}
      </span>
    );
  return null;
}

/** A guide in its category's list: its cover, title, summary, day and reading time. */
export function GuideCard({ item }: { item: GuideItem & { picture: Picture | null } }) {
  return (
    <div className="guide-item">
      <CardImage className="guide-item__image" picture={item.picture} name={item.detailNm} alt="" />
      <div className="guide-item__body">
        <h2 className="guide-item__title">
          {item.detailNm}
          <GuideStateBadge state={item.state} publishAt={item.publishAt} />
        </h2>
        {item.summary ? <p className="guide-item__summary">{item.summary}</p> : null}
        <p className="guide-item__meta">
          <time dateTime={`${item.publishAt.replace(" ", "T")}+09:00`}>{item.publishAt.slice(0, 10)}</time>
          {" · "}
          {koGuides.readingMinutes(item.readingMinutes)}
        </p>
      </div>
    </div>
  );
}
