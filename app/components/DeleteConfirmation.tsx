import { useMemo } from "react";
import { ko } from "~/copy/ko";
import type { DeleteReview } from "~/lib/list-delete.server";
import { ConfirmStep } from "./ConfirmStep";

/** 정말 삭제하시겠습니까? with what would go, as a dialog (JS) or an in-page step (no JS). */
export function DeleteConfirmation({ review, action }: { review: DeleteReview; action: string }) {
  // ConfirmStep asks again whenever its fields change identity: one array per review, not per render,
  // or a dismissed confirmation reopens at the next navigation.
  const fields = useMemo(() => review.ids.map((id): [string, string] => ["index", String(id)]), [review]);
  return (
    <ConfirmStep
      key={review.ids.join(",")}
      question={ko.list.confirmDelete}
      fields={fields}
      cancelHref={action}
      action={action}
    >
      <ul className="change-summary">
        {review.lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </ConfirmStep>
  );
}
