import { ko } from "~/copy/ko";
import { recordId } from "./input-rules";
import * as z from "./zod";

// The two doors of a list's order (issue 20): the page's "위로"/"아래로" post and the API's full order.

export const MOVE_DIRECTIONS = ["up", "down"] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];

/** One row of a list one step up or down (a plain form post from the list's edit mode). */
export const listMoveSchema = z.object({
  intent: z.literal("move"),
  id: recordId,
  direction: z.enum(MOVE_DIRECTIONS),
});

/** The full new order of a list (`POST /api/.../order`), every id once; the use case checks they are the list's. */
export const listOrderSchema = z.object({
  ids: z.array(recordId, { error: ko.list.orderMissing }).max(1000),
});
